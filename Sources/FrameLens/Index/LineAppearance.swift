/// What a place in the picture looks like at one sample: its luma at half resolution. A page's line left unread
/// (`FrameAnalyzer.readLines(leavingPages:)`) has no text to tell it from other text that took its place (the
/// next slide's title where the last one stood); its place's pixels do. Two looks at a place are compared by
/// their correlation, the best over shifts of up to `reach` half-resolution pixels, so that the same line a pixel
/// or two away, or coded again, looks the same, and other words (their letters and the gaps between them
/// elsewhere) do not.
struct LineAppearance: Sendable {
    /// Places show the same text when their pixels correlate at least this well.
    static let sameCorrelation = 0.6
    /// Shifts tried, in half-resolution pixels, each way.
    static let reach = 1
    /// A place whose pixels vary by less than this (standard deviation, levels) shows nothing.
    static let blank = 4.0

    private let width: Int
    private let pixels: [UInt8]

    /// The appearance of `region` in `image`; nil when it is under two pixels high or wide.
    init?(of region: NormalizedRect, in image: LumaImage) {
        let rect = image.pixelRect(region)
        let width = rect.width / 2, height = rect.height / 2
        guard width > 0, height > 0 else { return nil }
        self.width = width
        pixels = image.withPlane { $0.part(rect).boxAverages(factor: 2, step: 1) }
    }

    /// Whether the place shows other text than it did: its pixels correlate with the earlier ones less than
    /// `sameCorrelation` at every shift, or one look is blank and the other is not. Looks of places of other
    /// sizes are always other.
    func isOtherText(than earlier: LineAppearance) -> Bool {
        guard width == earlier.width, pixels.count == earlier.pixels.count else { return true }
        var best = -1.0
        for dy in -Self.reach...Self.reach {
            for dx in -Self.reach...Self.reach {
                guard let correlation = correlation(with: earlier, dx: dx, dy: dy) else {
                    return isBlank != earlier.isBlank
                }
                best = max(best, correlation)
            }
        }
        return best < Self.sameCorrelation
    }

    /// Whether the place shows nothing: its pixels vary by less than `blank`.
    private var isBlank: Bool {
        correlation(with: self, dx: 0, dy: 0) == nil
    }

    /// The correlation of this look's pixels with `earlier`'s moved by (`dx`, `dy`), over where they overlap;
    /// nil when either varies too little there to tell (`blank`).
    private func correlation(with earlier: LineAppearance, dx: Int, dy: Int) -> Double? {
        let height = pixels.count / width
        var count = 0.0, sumA = 0.0, sumB = 0.0, squaresA = 0.0, squaresB = 0.0, products = 0.0
        for y in max(0, -dy)..<min(height, height - dy) {
            for x in max(0, -dx)..<min(width, width - dx) {
                let a = Double(pixels[y * width + x]), b = Double(earlier.pixels[(y + dy) * width + x + dx])
                count += 1
                sumA += a
                sumB += b
                squaresA += a * a
                squaresB += b * b
                products += a * b
            }
        }
        guard count > 0 else { return nil }
        let varianceA = squaresA / count - (sumA / count) * (sumA / count)
        let varianceB = squaresB / count - (sumB / count) * (sumB / count)
        let least = Self.blank * Self.blank
        guard varianceA >= least, varianceB >= least else { return nil }
        return (products / count - (sumA / count) * (sumB / count)) / (varianceA * varianceB).squareRoot()
    }
}
