/// What a place in the picture looks like at one sample: its luma at half resolution. A page's line left unread
/// (`FrameAnalyzer.readLines(leavingPages:)`) has no text to tell it from other text that took its place (the
/// next slide's title where the last one stood); its place's pixels do. Two looks at a place are compared by
/// their correlation, the best over shifts of up to `reach` pixels, so that the same line a pixel or two away,
/// or coded again, looks the same, and other words (their letters and the gaps between them elsewhere) do not.
struct LineAppearance: Sendable {
    /// Places show the same text when their pixels correlate at least this well.
    static let sameCorrelation = 0.6
    /// Shifts tried, in half-resolution pixels, each way.
    static let reach = 1
    /// A place whose pixels vary by less than this (standard deviation, levels) shows nothing.
    static let blank = 4.0

    private let width: Int
    private let pixels: [Double]

    /// The appearance of `region` in `image`; nil when it is under two pixels high or wide.
    init?(of region: NormalizedRect, in image: LumaImage) {
        let rect = image.pixelRect(region)
        let width = rect.width / 2, height = rect.height / 2
        guard width > 0, height > 0 else { return nil }
        self.width = width
        pixels = image.withPlane { plane in
            (0..<width * height).map { index in
                let x = rect.x + (index % width) * 2, y = rect.y + (index / width) * 2
                let sum = Int(plane[x, y]) + Int(plane[x + 1, y]) + Int(plane[x, y + 1]) + Int(plane[x + 1, y + 1])
                return Double(sum) / 4
            }
        }
    }

    /// Whether the place shows other text than it did: its pixels correlate with the earlier ones less than
    /// `sameCorrelation` at every shift, or one look is blank and the other is not. Looks of places of other
    /// sizes are always other.
    func isOtherText(than earlier: LineAppearance) -> Bool {
        guard width == earlier.width, pixels.count == earlier.pixels.count else { return true }
        let height = pixels.count / width
        var best = -1.0
        for dy in -Self.reach...Self.reach {
            for dx in -Self.reach...Self.reach {
                guard let correlation = correlation(with: earlier, dx: dx, dy: dy, height: height) else {
                    return Self.isBlank(pixels) != Self.isBlank(earlier.pixels)
                }
                best = max(best, correlation)
            }
        }
        return best < Self.sameCorrelation
    }

    /// The correlation of this look's pixels with `earlier`'s moved by (`dx`, `dy`), over where they overlap;
    /// nil when either varies too little there to tell (`blank`).
    private func correlation(with earlier: LineAppearance, dx: Int, dy: Int, height: Int) -> Double? {
        var a: [Double] = [], b: [Double] = []
        for y in max(0, -dy)..<min(height, height - dy) {
            for x in max(0, -dx)..<min(width, width - dx) {
                a.append(pixels[y * width + x])
                b.append(earlier.pixels[(y + dy) * width + x + dx])
            }
        }
        guard !Self.isBlank(a), !Self.isBlank(b) else { return nil }
        let meanA = a.reduce(0, +) / Double(a.count), meanB = b.reduce(0, +) / Double(b.count)
        var product = 0.0, squaresA = 0.0, squaresB = 0.0
        for index in a.indices {
            let da = a[index] - meanA, db = b[index] - meanB
            product += da * db
            squaresA += da * da
            squaresB += db * db
        }
        return product / (squaresA * squaresB).squareRoot()
    }

    private static func isBlank(_ values: [Double]) -> Bool {
        guard !values.isEmpty else { return true }
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
        return variance.squareRoot() < blank
    }
}
