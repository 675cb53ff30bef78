/// Exact frames of a settled filmed slide laid over the first and averaged: a camera's sensor noise changes
/// every frame, so the average of n frames keeps about 1/√n of it, and reads better than any one frame.
///
/// Each frame is registered to the first: the shift of their working pictures (`Registration`, within
/// `ScreenReturns.reach`), scaled to the frame and refined to the whole pixel where the first frame's luma has
/// the most structure (`landmarks`: the edges of the text, where a pixel's shift shows). A frame that,
/// registered, does not show the first one's slide (`ScreenReturns.isSameSlide`: a person in front of the
/// screen) is left out. The luma planes add up in one buffer of sums: whatever the count, nothing else of the
/// frames after the first is kept.
struct FrameAverage: Sendable {
    /// The most frames averaged.
    static let frames = 8
    /// The share of the first frame's pixels that are landmarks.
    static let landmarkShare = 1.0 / 16

    /// The first frame: the others are laid over it, and the average stands for it.
    let reference: VideoFrame
    /// The first frame's thumbnail.
    let thumbnail: Thumbnail
    /// Each luma pixel's sum over the frames, row after row.
    private var sums: [UInt16]
    /// How many frames are added up.
    private(set) var count = 1
    /// The first frame's steepest pixels (the greatest sum of absolute central differences across and down, the
    /// top `landmarkShare` of those far enough from the edges for any shift found), and their values.
    private let landmarks: [(x: Int, y: Int, value: Int)]

    /// An average of `frame` alone; nil when the frame has no 8-bit luma plane to add up.
    init?(_ frame: VideoFrame, _ thumbnail: Thumbnail) {
        guard frame.hasEightBitLumaPlane, thumbnail.working != nil else { return nil }
        reference = frame
        self.thumbnail = thumbnail
        sums = [UInt16](repeating: 0, count: frame.width * frame.height)
        let margin = Self.searchReach(forWidth: frame.width) + 1
        landmarks = frame.withLumaPlane { plane in
            guard plane.width > 2 * margin, plane.height > 2 * margin else { return [] }
            let steepness = { (x: Int, y: Int) in
                abs(Int(plane[x + 1, y]) - Int(plane[x - 1, y])) + abs(Int(plane[x, y + 1]) - Int(plane[x, y - 1]))
            }
            let xs = margin..<(plane.width - margin), ys = margin..<(plane.height - margin)
            var counts = [Int](repeating: 0, count: 4 * 255 + 1)
            for y in ys { for x in xs { counts[steepness(x, y)] += 1 } }
            // The least steepness kept: counting down from the steepest until the share is reached.
            var threshold = counts.count, kept = 0
            while threshold > 1, Double(kept) < Self.landmarkShare * Double(xs.count * ys.count) {
                threshold -= 1
                kept += counts[threshold]
            }
            var landmarks: [(x: Int, y: Int, value: Int)] = []
            for y in ys { for x in xs where steepness(x, y) >= threshold { landmarks.append((x, y, Int(plane[x, y]))) } }
            return landmarks
        }
        frame.withLumaPlane { add($0, shiftedBy: (0, 0)) }
    }

    /// How far, in pixels, a frame `width` wide may be laid over the first: the working pictures' reach scaled up,
    /// and the refinement around it.
    private static func searchReach(forWidth width: Int) -> Int {
        let factor = WorkingPicture.factor(forWidth: width)
        return ScreenReturns.reach * factor + refinement(factor)
    }

    /// How many pixels each way the shift found on working pictures `factor` pixels wide is refined.
    private static func refinement(_ factor: Int) -> Int { factor / 2 + 1 }

    /// Adds a frame of the same picture laid over the first.
    ///
    /// - Returns: the shift it was laid over at, in frame pixels (it shows what the first frame shows at (x, y)
    ///   at (x + dx, y + dy)); nil when it is left out: of another size, not registered, or not showing the
    ///   first frame's slide.
    @discardableResult
    mutating func add(_ frame: VideoFrame, _ thumbnail: Thumbnail) -> (dx: Int, dy: Int)? {
        guard frame.hasEightBitLumaPlane, frame.width == reference.width, frame.height == reference.height,
              let first = self.thumbnail.working, let working = thumbnail.working,
              let registration = Registration.estimate(from: first, to: working, reach: ScreenReturns.reach)
        else { return nil }
        let differences = registration.cellDifferences(from: first, to: working)
            ?? thumbnail.plainDifferences(from: self.thumbnail)
        guard ScreenReturns.isSameSlide(differences) else { return nil }
        let factor = WorkingPicture.factor(forWidth: frame.width)
        let estimate = (Int((registration.dx * Double(factor)).rounded()), Int((registration.dy * Double(factor)).rounded()))
        let shift = frame.withLumaPlane { refined(estimate, radius: Self.refinement(factor), in: $0) }
        frame.withLumaPlane { add($0, shiftedBy: shift) }
        count += 1
        return shift
    }

    /// The average: each pixel's sum divided by the count, rounded, as a gray frame standing for the first.
    ///
    /// - Throws: `MediaError` `.decodeFailed` when out of memory.
    func averaged() throws(MediaError) -> VideoFrame {
        let pixels = sums.map { UInt8((Int($0) + count / 2) / count) }
        return try VideoFrame(
            luma: PixelImage(width: reference.width, height: reference.height, format: .gray8, pixels: pixels),
            of: reference)
    }

    /// Adds `plane` moved back by `shift` (each pixel taken from (x + dx, y + dy), the nearest edge pixel where
    /// that lies outside).
    private mutating func add(_ plane: PlaneView, shiftedBy shift: (dx: Int, dy: Int)) {
        let width = plane.width, height = plane.height
        for y in 0..<height {
            let row = y * width, sy = min(height - 1, max(0, y + shift.dy))
            for x in 0..<width { sums[row + x] &+= UInt16(plane[min(width - 1, max(0, x + shift.dx)), sy]) }
        }
    }

    /// The whole-pixel shift within `radius` of `estimate` that best lays `plane` over the first frame: the least
    /// sum of absolute differences at the landmarks, less their mean step in brightness (the camera's exposure).
    private func refined(_ estimate: (dx: Int, dy: Int), radius: Int, in plane: PlaneView) -> (dx: Int, dy: Int) {
        guard !landmarks.isEmpty else { return estimate }
        let step = landmarks.reduce(0) { $0 + Int(plane[$1.x + estimate.dx, $1.y + estimate.dy]) - $1.value }
            / landmarks.count
        func cost(_ dx: Int, _ dy: Int) -> Int {
            landmarks.reduce(0) { $0 + abs(Int(plane[$1.x + dx, $1.y + dy]) - $1.value - step) }
        }
        var best = (dx: estimate.dx, dy: estimate.dy, cost: Int.max)
        for dy in (estimate.dy - radius)...(estimate.dy + radius) {
            for dx in (estimate.dx - radius)...(estimate.dx + radius) {
                let value = cost(dx, dy)
                if value < best.cost { best = (dx, dy, value) }
            }
        }
        return (best.dx, best.dy)
    }
}
