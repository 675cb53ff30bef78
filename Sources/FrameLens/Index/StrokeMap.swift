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
        let area = factor * factor
        luma = frame.withUnsafePlane(0) { bytes, bytesPerRow in
            [UInt8](unsafeUninitializedCapacity: width * height) { output, count in
                var sums = [Int](repeating: 0, count: width)
                for y in 0..<height {
                    for x in 0..<width { sums[x] = 0 }
                    for dy in 0..<factor {
                        let line = (y * factor + dy) * bytesPerRow
                        for x in 0..<width {
                            var sum = 0
                            for dx in 0..<factor { sum += Int(bytes[line + x * factor + dx]) }
                            sums[x] += sum
                        }
                    }
                    for x in 0..<width { output[y * width + x] = UInt8(sums[x] / area) }
                }
                count = width * height
            }
        }
    }

    /// Whether each working pixel is a stroke: the 3x3 pixels around it span at least `strokeContrast`.
    func strokes() -> [Bool] {
        var rowMax = [UInt8](repeating: 0, count: luma.count)
        var rowMin = [UInt8](repeating: 0, count: luma.count)
        for y in 0..<height {
            let row = y * width
            for x in 0..<width {
                let left = row + max(0, x - 1)
                let right = row + min(width - 1, x + 1)
                rowMax[row + x] = max(luma[left], luma[row + x], luma[right])
                rowMin[row + x] = min(luma[left], luma[row + x], luma[right])
            }
        }
        var strokes = [Bool](repeating: false, count: luma.count)
        for y in 0..<height {
            let above = max(0, y - 1) * width
            let below = min(height - 1, y + 1) * width
            let row = y * width
            for x in 0..<width {
                let high = max(rowMax[above + x], rowMax[row + x], rowMax[below + x])
                let low = min(rowMin[above + x], rowMin[row + x], rowMin[below + x])
                strokes[row + x] = Int(high) - Int(low) >= Self.strokeContrast
            }
        }
        return strokes
    }
}
