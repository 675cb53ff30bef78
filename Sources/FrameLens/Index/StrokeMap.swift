/// A frame's luma at the caption tracker's working resolution (box-averaged), and where it has text
/// strokes: pixels with strong local contrast, bright next to dark or dark next to bright.
struct StrokeMap {
    /// Working pixels are about this many across, or fewer (a 1080p frame is averaged 4x4, 720p 3x3,
    /// 576p 2x2): enough for caption-sized text, few enough to look at every frame.
    static let targetWidth = 480
    /// The least difference between the brightest and the darkest pixel around a pixel for a stroke.
    static let strokeContrast = 96

    let width: Int
    let height: Int
    /// Frame pixels per working pixel, each way.
    let factor: Int
    /// The averaged luma, row after row.
    let luma: [UInt8]

    /// Frame pixels per working pixel for a frame this wide.
    static func factor(forWidth width: Int) -> Int { max(1, (width + targetWidth * 2 / 3) / targetWidth) }

    /// Averages the frame's luma plane, read in place, `factor` x `factor` pixels at a time; nil when the
    /// frame has no 8-bit luma plane.
    init?(_ frame: VideoFrame, factor: Int) {
        guard frame.hasEightBitLumaPlane else { return nil }
        let width = frame.width / factor
        let height = frame.height / factor
        self.width = width
        self.height = height
        self.factor = factor
        // Every pixel of a cell up to 3x3; of larger cells every other row and column (a 1080p frame's
        // 4x4 cells by 2x2 samples): the tracker looks at every decoded frame, and must not slow the scan.
        let step = factor >= 4 ? 2 : 1
        luma = frame.withLumaPlane { $0.boxAverages(factor: factor, step: step) }
    }

    /// Whether one working pixel is a stroke: the 3x3 pixels around it span at least `strokeContrast`.
    func isStroke(_ pixel: Int) -> Bool {
        let x = pixel % width, y = pixel / width
        var high: UInt8 = 0, low: UInt8 = 255
        for row in max(0, y - 1)...min(height - 1, y + 1) {
            for column in max(0, x - 1)...min(width - 1, x + 1) {
                let value = luma[row * width + column]
                high = max(high, value)
                low = min(low, value)
            }
        }
        return Int(high) - Int(low) >= Self.strokeContrast
    }
}
