/// How a filmed picture moved between two samples: a hand-held camera drifts, so the same slide lands a few
/// pixels elsewhere. Found on structure (the gradient of a small gray picture, which a step in exposure leaves
/// alone) by trying every whole-pixel shift within `reach` and refining the best to a fraction of a pixel.
struct Registration: Equatable {
    /// The farthest shift tried, in working pixels each way (24 at 720p, 36 at 1080p: half a second of a
    /// hand-held camera's drift; a scroll of a screen recording moves farther).
    static let reach = 6
    /// How many times the median cell difference left after registering is taken for noise.
    static let noiseAllowance = 3.0
    /// The least step in brightness, in levels, that counts as the camera's exposure changing.
    static let exposureStep = 3.0

    /// Where the second picture shows what the first shows at (x, y): at (x + dx, y + dy), in working pixels.
    let dx: Double
    let dy: Double

    /// The shift that best lays `b` over `a` (pictures of one size), tried up to `reach` working pixels each way;
    /// nil when the pictures are too small, and when the best shift lies on the edge of the search, where no least
    /// cost is bracketed: the picture moved farther than a camera drifts, or not by a shift (a fade, a picture with
    /// too little structure).
    static func estimate(from a: WorkingPicture, to b: WorkingPicture, reach: Int = Self.reach) -> Registration? {
        guard a.width == b.width, a.height == b.height, a.width > 4 * reach, a.height > 4 * reach else { return nil }
        let gradientA = a.gradient, gradientB = b.gradient
        let width = a.width
        /// The sum of absolute gradient differences at one shift, over every other pixel of the middle; given a
        /// bound, it stops once the sum passes it (that shift cannot be the best).
        func cost(_ sx: Int, _ sy: Int, bound: Int = .max) -> Int {
            var total = 0
            for y in stride(from: reach, to: a.height - reach - 1, by: 2) {
                let rowA = y * width, rowB = (y + sy) * width + sx
                for x in stride(from: reach, to: width - reach - 1, by: 2) {
                    total += abs(Int(gradientA[rowA + x]) - Int(gradientB[rowB + x]))
                }
                if total > bound { return total }
            }
            return total
        }
        var best = (x: 0, y: 0, cost: cost(0, 0))
        for sy in -reach...reach {
            for sx in -reach...reach where sx != 0 || sy != 0 {
                let value = cost(sx, sy, bound: best.cost)
                if value < best.cost || (value == best.cost && abs(sx) + abs(sy) < abs(best.x) + abs(best.y)) {
                    best = (sx, sy, value)
                }
            }
        }
        guard abs(best.x) < reach, abs(best.y) < reach else { return nil }
        let at = { (sx: Int, sy: Int) in Double(sx == best.x && sy == best.y ? best.cost : cost(sx, sy)) }
        /// The minimum of the parabola through three costs, as a fraction of a pixel from the middle one.
        func refined(_ before: Double, _ middle: Double, _ after: Double) -> Double {
            let curvature = before - 2 * middle + after
            return curvature > 0 ? max(-0.5, min(0.5, (before - after) / (2 * curvature))) : 0
        }
        let fx = refined(at(best.x - 1, best.y), at(best.x, best.y), at(best.x + 1, best.y))
        let fy = refined(at(best.x, best.y - 1), at(best.x, best.y), at(best.x, best.y + 1))
        return Registration(dx: Double(best.x) + fx, dy: Double(best.y) + fy)
    }

    /// Whether the picture moved by a quarter of a working pixel or more (a digital video's frames never do).
    var moved: Bool { abs(dx) >= 0.25 || abs(dy) >= 0.25 }

    /// The difference of each thumbnail cell between `a` and `b` laid over it: `b` resampled at the shift and
    /// at half a working pixel around it (the shift is found to about that, and a sharp edge moved by a
    /// fraction of a pixel changes its cell), cell averages compared at the closest of those, less the
    /// pictures' common step in brightness (the median difference) and less the noise (`noiseAllowance` times
    /// the median difference left), so that a camera's drift, its exposure and its sensor noise are no
    /// change. A cell the shift takes partly outside `b` does not differ. Nil when the picture neither moved
    /// nor stepped in brightness by `exposureStep` (there is nothing for registering to explain), and when the
    /// noise to take off reaches a change (`ChangeDetector.cellThreshold`): a sensor's noise averaged over a
    /// cell is a level or two, and what leaves more is not a shifted picture (a cut between two shots of one
    /// scene, footage that zooms or turns), whose change taking that much off would hide.
    func cellDifferences(from a: WorkingPicture, to b: WorkingPicture) -> [Int]? {
        let meansA = a.cellMeans(shiftedBy: 0, 0).means
        let centre = b.cellMeans(shiftedBy: dx, dy)
        let signed = zip(centre.means, meansA).map { $0 - $1 }
        let step = signed.sorted()[signed.count / 2]
        guard moved || abs(step) >= Self.exposureStep else { return nil }
        var left = signed.map { abs($0 - step) }
        for (ox, oy) in [(-0.5, -0.5), (0, -0.5), (0.5, -0.5), (-0.5, 0), (0.5, 0), (-0.5, 0.5), (0, 0.5), (0.5, 0.5)] {
            let means = b.cellMeans(shiftedBy: dx + ox, dy + oy).means
            for cell in left.indices { left[cell] = min(left[cell], abs(means[cell] - meansA[cell] - step)) }
        }
        let noise = Self.noiseAllowance * left.sorted()[left.count / 2]
        guard noise < Double(ChangeDetector.cellThreshold) else { return nil }
        return left.indices.map { centre.outside[$0] ? 0 : Int(max(0, left[$0] - noise).rounded()) }
    }
}

/// A frame's luma box-averaged to about 320 pixels across, for registering samples (`Registration`).
struct WorkingPicture: Equatable {
    /// Working pixels are about this many across (a 720p frame is averaged 4x4, 1080p 6x6).
    static let targetWidth = 320

    let width: Int
    let height: Int
    let luma: [UInt8]

    /// Frame pixels per working pixel for a frame this wide.
    static func factor(forWidth width: Int) -> Int { max(1, width / targetWidth) }

    /// The average of each thumbnail cell of the picture moved back by (dx, dy) (resampled bilinearly at
    /// (x + dx, y + dy)), and which cells that takes partly outside the picture.
    func cellMeans(shiftedBy dx: Double, _ dy: Double) -> (means: [Double], outside: [Bool]) {
        let columns = Thumbnail.columns, rows = Thumbnail.rows
        var sums = [Double](repeating: 0, count: columns * rows)
        var counts = [Int](repeating: 0, count: columns * rows)
        var outside = [Bool](repeating: false, count: columns * rows)
        let x0 = Int(dx.rounded(.down)), y0 = Int(dy.rounded(.down))
        let fx = dx - Double(x0), fy = dy - Double(y0)
        for y in 0..<height {
            let row = y * rows / height * columns
            let sy = y + y0
            for x in 0..<width {
                let cell = row + x * columns / width
                let sx = x + x0
                guard sx >= 0, sy >= 0, sx + 1 < width, sy + 1 < height else {
                    outside[cell] = true
                    continue
                }
                let at = sy * width + sx
                let top = Double(luma[at]) * (1 - fx) + Double(luma[at + 1]) * fx
                let bottom = Double(luma[at + width]) * (1 - fx) + Double(luma[at + width + 1]) * fx
                sums[cell] += top * (1 - fy) + bottom * fy
                counts[cell] += 1
            }
        }
        return (sums.indices.map { counts[$0] == 0 ? 0 : sums[$0] / Double(counts[$0]) }, outside)
    }

    /// The structure: at each pixel, how much it differs from its right and lower neighbours.
    var gradient: [UInt16] {
        var result = [UInt16](repeating: 0, count: width * height)
        for y in 0..<(height - 1) {
            for x in 0..<(width - 1) {
                let here = Int(luma[y * width + x])
                result[y * width + x] = UInt16(abs(Int(luma[y * width + x + 1]) - here) + abs(Int(luma[(y + 1) * width + x]) - here))
            }
        }
        return result
    }
}

extension WorkingPicture {
    /// Averages the frame's luma plane in place; nil when the frame has no 8-bit luma plane.
    init?(_ frame: VideoFrame) {
        guard frame.hasEightBitLumaPlane else { return nil }
        let factor = Self.factor(forWidth: frame.width)
        width = frame.width / factor
        height = frame.height / factor
        luma = frame.withLumaPlane { $0.boxAverages(factor: factor, step: factor >= 4 ? 2 : 1) }
    }
}
