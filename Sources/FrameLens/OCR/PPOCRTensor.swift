/// The input tensors of PP-OCR's models from a gray picture: the luma replicated into the three colour
/// planes the models take (no RGB conversion of the frame: PP-OCR normalises every channel alike), each
/// value mapped from 0...255 to -1...1.
enum PPOCRTensor {
    /// A `[1, 3, height, width]` tensor of `image` resized (bilinearly, pixel centres aligned, as OpenCV's
    /// `INTER_LINEAR`) to `size`, in the first `size.width` columns of `width` (default: the same); the
    /// columns right of the picture hold 0, mid-grey.
    static func planes(of image: PixelImage, size: (width: Int, height: Int), width: Int? = nil) -> [Float] {
        precondition(image.format == .gray8, "PP-OCR reads a gray picture")
        let columns = width ?? size.width
        let plane = columns * size.height
        var values = [Float](repeating: 0, count: 3 * plane)
        let scaleX = Double(image.width) / Double(size.width)
        let scaleY = Double(image.height) / Double(size.height)
        let xs = (0..<size.width).map { sourceCoordinate($0, scale: scaleX, limit: image.width) }
        for y in 0..<size.height {
            let (y0, y1, fy) = sourceCoordinate(y, scale: scaleY, limit: image.height)
            for (x, (x0, x1, fx)) in xs.enumerated() {
                let top = Double(image.pixels[y0 * image.width + x0]) * (1 - fx) + Double(image.pixels[y0 * image.width + x1]) * fx
                let bottom = Double(image.pixels[y1 * image.width + x0]) * (1 - fx) + Double(image.pixels[y1 * image.width + x1]) * fx
                let value = Float((top * (1 - fy) + bottom * fy) / 127.5 - 1)
                let index = y * columns + x
                values[index] = value
                values[plane + index] = value
                values[2 * plane + index] = value
            }
        }
        return values
    }

    /// The two source pixels that destination pixel `index` falls between, and the weight of the second.
    private static func sourceCoordinate(_ index: Int, scale: Double, limit: Int) -> (Int, Int, Double) {
        let position = max(0, (Double(index) + 0.5) * scale - 0.5)
        let first = min(limit - 1, Int(position))
        return (first, min(limit - 1, first + 1), position - Double(first))
    }
}
