/// PP-OCR's text detector (DB, differentiable binarisation): where the lines of text are on a gray picture,
/// whatever lies behind them.
///
/// The picture is resized so that its sides are multiples of 32 (the network's stride); the model gives a
/// text probability per pixel; pixels above `pixelThreshold` are grouped into connected regions; a region
/// whose mean probability reaches `boxThreshold` is a line, its box grown by `unclipRatio` (the network
/// marks a shrunk core of each line) and mapped back to the picture. As PaddleOCR's `DBPostProcess`, with
/// upright boxes: video text is level.
struct TextDetector {
    static let pixelThreshold: Float = 0.3
    static let boxThreshold: Float = 0.5
    static let unclipRatio = 1.6
    /// Regions thinner than this (in the model's pixels) are noise.
    static let minimumSide = 3
    /// The longest side a caption's band is read at; longer pictures are scaled down.
    static let maximumSide = 1280
    /// The longest side a whole frame is read at (PaddleOCR's `det_limit_side_len`): smaller frames are read
    /// at their own size.
    static let wholeFrameSide = 960

    let session: OnnxRuntime.Session

    /// The lines' boxes on `image`, top to bottom, read with its longest side at most `maximumSide`.
    func lines(in image: PixelImage, maximumSide: Int = Self.maximumSide) throws(AnalysisError) -> [ImageRect] {
        let size = Self.inputSize(width: image.width, height: image.height, maximumSide: maximumSide)
        let input = PPOCRTensor.planes(of: image, size: size)
        let output = try CostLedger.measure(.ppocrDetection, pixels: size.width * size.height) { () throws(AnalysisError) in
            try session.run(input, shape: [1, 3, size.height, size.width])
        }
        guard output.shape.count == 4, output.shape[2] == size.height, output.shape[3] == size.width else {
            throw AnalysisError(.engineFailed, "the text detector's output has shape \(output.shape), not [1, 1, \(size.height), \(size.width)]")
        }
        return Self.boxes(probabilities: output.values, width: size.width, height: size.height)
            .map { Self.scaled($0, from: size, to: (image.width, image.height)) }
            .filter { $0.width > 3 && $0.height > 3 }
            .sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// The model's input size: the picture's, scaled down to `maximumSide`, each side rounded to a multiple of 32.
    static func inputSize(width: Int, height: Int, maximumSide: Int = Self.maximumSide) -> (width: Int, height: Int) {
        let ratio = min(1, Double(maximumSide) / Double(max(width, height)))
        let round32 = { (side: Int) in max(32, Int((Double(side) * ratio / 32).rounded()) * 32) }
        return (round32(width), round32(height))
    }

    /// The boxes of the lines on a probability map, in its pixels.
    static func boxes(probabilities: [Float], width: Int, height: Int) -> [ImageRect] {
        let mask = dilated(probabilities.map { $0 > pixelThreshold }, width: width, height: height)
        var label = [Int32](repeating: 0, count: mask.count)
        var boxes: [ImageRect] = []
        var stack: [Int] = []
        var next: Int32 = 0
        for start in mask.indices where mask[start] && label[start] == 0 {
            next += 1
            label[start] = next
            stack.append(start)
            var (left, top, right, bottom) = (width, height, 0, 0)
            while let index = stack.popLast() {
                let x = index % width, y = index / width
                (left, top, right, bottom) = (min(left, x), min(top, y), max(right, x), max(bottom, y))
                for dy in -1...1 {
                    for dx in -1...1 where (dx, dy) != (0, 0) {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, nx < width, ny >= 0, ny < height else { continue }
                        let neighbour = ny * width + nx
                        if mask[neighbour] && label[neighbour] == 0 {
                            label[neighbour] = next
                            stack.append(neighbour)
                        }
                    }
                }
            }
            // Sides between the outermost pixels' centres, as OpenCV's contour points measure them.
            let boxWidth = right - left, boxHeight = bottom - top
            guard min(boxWidth, boxHeight) >= minimumSide else { continue }
            var sum: Float = 0
            for y in top...bottom { for x in left...right { sum += probabilities[y * width + x] } }
            guard sum / Float((boxWidth + 1) * (boxHeight + 1)) >= boxThreshold else { continue }
            // Unclip: grow each side by area * ratio / perimeter (PaddleOCR's offset of the box polygon).
            let grow = Double(boxWidth * boxHeight) * unclipRatio / Double(2 * (boxWidth + boxHeight))
            let x0 = Double(left) - grow, y0 = Double(top) - grow
            let x1 = Double(right) + grow, y1 = Double(bottom) + grow
            guard min(x1 - x0, y1 - y0) >= Double(minimumSide + 2) else { continue }
            let clampedLeft = max(0, Int(x0.rounded())), clampedTop = max(0, Int(y0.rounded()))
            boxes.append(ImageRect(
                x: clampedLeft, y: clampedTop,
                width: min(width, Int(x1.rounded())) - clampedLeft, height: min(height, Int(y1.rounded())) - clampedTop))
        }
        return boxes
    }

    /// The mask dilated by a 2x2 square (PaddleOCR's `use_dilation`): a pixel is set when it or its
    /// left, upper or upper-left neighbour is, which joins strokes a pixel apart.
    private static func dilated(_ mask: [Bool], width: Int, height: Int) -> [Bool] {
        var out = mask
        for y in 0..<height {
            for x in 0..<width where !mask[y * width + x] {
                let left = x > 0 && mask[y * width + x - 1]
                let up = y > 0 && mask[(y - 1) * width + x]
                let upLeft = x > 0 && y > 0 && mask[(y - 1) * width + x - 1]
                out[y * width + x] = left || up || upLeft
            }
        }
        return out
    }

    /// A box on the model's input mapped to the picture.
    private static func scaled(_ box: ImageRect, from size: (width: Int, height: Int), to picture: (width: Int, height: Int)) -> ImageRect {
        let sx = Double(picture.width) / Double(size.width), sy = Double(picture.height) / Double(size.height)
        let x = min(picture.width, Int((Double(box.x) * sx).rounded()))
        let y = min(picture.height, Int((Double(box.y) * sy).rounded()))
        let right = min(picture.width, Int((Double(box.x + box.width) * sx).rounded()))
        let bottom = min(picture.height, Int((Double(box.y + box.height) * sy).rounded()))
        return ImageRect(x: x, y: y, width: max(0, right - x), height: max(0, bottom - y))
    }
}
