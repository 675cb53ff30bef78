/// The input tensors of PP-OCR's models from a gray picture: the luma replicated into the three colour
/// planes the models take (no RGB conversion of the frame: PP-OCR normalises every channel alike), each
/// value mapped from 0...255 to -1...1.
///
/// The picture is resized as the reference pipeline resizes it, with OpenCV's `cv::resize` (`INTER_LINEAR`)
/// on 8-bit pixels: 11-bit fixed-point weights, the result rounded to 8 bits as OpenCV's vector kernel rounds
/// it, and an exact halving of both sides averaged over 2x2 blocks (OpenCV's `INTER_AREA` shortcut).
enum PPOCRTensor {
    /// OpenCV's fixed-point scale of a weight (`INTER_RESIZE_COEF_SCALE`).
    private static let weightScale: Float = 2048

    /// A `[1, 3, height, width]` tensor of `image` resized to `size`, in the first `size.width` columns of
    /// `width` (default: the same); the columns right of the picture hold 0, mid-grey.
    static func planes(of image: PixelImage, size: (width: Int, height: Int), width: Int? = nil) -> [Float] {
        let resized = resized(image, to: size)
        let columns = width ?? size.width
        let plane = columns * size.height
        var values = [Float](repeating: 0, count: 3 * plane)
        for y in 0..<size.height {
            for x in 0..<size.width {
                // As NumPy computes `(v / 255 - 0.5) / 0.5` in single precision.
                let value = (Float(resized[y * size.width + x]) / 255 - 0.5) / 0.5
                let index = y * columns + x
                values[index] = value
                values[plane + index] = value
                values[2 * plane + index] = value
            }
        }
        return values
    }

    /// `image`'s pixels resized to `size`, as `cv::resize(..., INTER_LINEAR)` gives them.
    static func resized(_ image: PixelImage, to size: (width: Int, height: Int)) -> [UInt8] {
        precondition(image.format == .gray8, "PP-OCR reads a gray picture")
        let (width, height) = (image.width, image.height)
        if width == 2 * size.width, height == 2 * size.height { return halved(image) }
        let columns = (0..<size.width).map { weights($0, source: width, destination: size.width) }
        var rows: [Int: [Int32]] = [:]
        /// Source row `y` resized across, each value in fixed point (the weights sum to 2048).
        func row(_ y: Int) -> [Int32] {
            if let done = rows[y] { return done }
            let start = y * width
            let done = columns.map {
                Int32(image.pixels[start + $0.first]) * $0.firstWeight
                    + Int32(image.pixels[start + $0.second]) * $0.secondWeight
            }
            rows[y] = done
            return done
        }
        var pixels = [UInt8](repeating: 0, count: size.width * size.height)
        for y in 0..<size.height {
            let across = weights(y, source: height, destination: size.height)
            let upper = row(across.first), lower = row(across.second)
            for x in 0..<size.width {
                // OpenCV's vector kernel: each term shifted to 16 bits, multiplied keeping the high half, rounded.
                let sum = (((upper[x] >> 4) * across.firstWeight) >> 16)
                    + (((lower[x] >> 4) * across.secondWeight) >> 16)
                pixels[y * size.width + x] = UInt8(clamping: (sum + 2) >> 2)
            }
        }
        return pixels
    }

    /// The two source pixels destination pixel `index` is made of, and their fixed-point weights, as OpenCV
    /// computes them (in single precision, pixel centres aligned, clamped at the edges).
    private static func weights(
        _ index: Int, source: Int, destination: Int
    ) -> (first: Int, second: Int, firstWeight: Int32, secondWeight: Int32) {
        // OpenCV keeps the inverse scale and inverts it: the same double, to the last bit.
        let scale = 1 / (Double(destination) / Double(source))
        let position = Float((Double(index) + 0.5) * scale - 0.5)
        var first = Int(position.rounded(.down))
        var fraction = position - Float(first)
        if first < 0 { (first, fraction) = (0, 0) }
        if first >= source - 1 { (first, fraction) = (source - 1, 0) }
        let weight = { (value: Float) in Int32((value * weightScale).rounded(.toNearestOrEven)) }
        return (first, min(first + 1, source - 1), weight(1 - fraction), weight(fraction))
    }

    /// `image` at half its width and height: each pixel the rounded mean of a 2x2 block.
    private static func halved(_ image: PixelImage) -> [UInt8] {
        let (width, height) = (image.width / 2, image.height / 2)
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let top = 2 * y * image.width + 2 * x, bottom = top + image.width
                let sum = Int(image.pixels[top]) + Int(image.pixels[top + 1])
                    + Int(image.pixels[bottom]) + Int(image.pixels[bottom + 1])
                pixels[y * width + x] = UInt8((sum + 2) >> 2)
            }
        }
        return pixels
    }
}
