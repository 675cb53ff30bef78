import Foundation

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
        try detectedLines(in: image, maximumSide: maximumSide, slanted: false).map(\.box)
    }

    /// The lines on `image`, each as its upright box and as the rectangle along its own slant, top to bottom,
    /// read with its longest side at most `maximumSide`. `slanted`: a region is scored within its slanted
    /// rectangle (PaddleOCR's `box_score_fast`), else within its upright box, which around a leaning line
    /// holds mostly background.
    func detectedLines(
        in image: PixelImage, maximumSide: Int = Self.maximumSide, slanted: Bool = true
    ) throws(AnalysisError) -> [DetectedLine] {
        let size = Self.inputSize(width: image.width, height: image.height, maximumSide: maximumSide)
        let input = PPOCRTensor.planes(of: image, size: size)
        let output = try CostLedger.measure(.ppocrDetection, pixels: size.width * size.height) { () throws(AnalysisError) in
            try session.run(input, shape: [1, 3, size.height, size.width])
        }
        guard output.shape.count == 4, output.shape[2] == size.height, output.shape[3] == size.width else {
            throw AnalysisError(.engineFailed, "the text detector's output has shape \(output.shape), not [1, 1, \(size.height), \(size.width)]")
        }
        return Self.lines(probabilities: output.values, width: size.width, height: size.height, slanted: slanted)
            .map { $0.scaled(from: size, to: (image.width, image.height)) }
            .filter { $0.box.width > 3 && $0.box.height > 3 }
            .sorted { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
    }

    /// The model's input size: the picture's, scaled down to `maximumSide`, each side rounded to a multiple of 32.
    static func inputSize(width: Int, height: Int, maximumSide: Int = Self.maximumSide) -> (width: Int, height: Int) {
        let ratio = min(1, Double(maximumSide) / Double(max(width, height)))
        let round32 = { (side: Int) in max(32, Int((Double(side) * ratio / 32).rounded()) * 32) }
        return (round32(width), round32(height))
    }

    /// The lines on a probability map, in its pixels, each scored within its slanted rectangle or its upright box.
    static func lines(probabilities: [Float], width: Int, height: Int, slanted: Bool) -> [DetectedLine] {
        let mask = dilated(probabilities.map { $0 > pixelThreshold }, width: width, height: height)
        var label = [Int32](repeating: 0, count: mask.count)
        var lines: [DetectedLine] = []
        var stack: [Int] = []
        var next: Int32 = 0
        for start in mask.indices where mask[start] && label[start] == 0 {
            next += 1
            label[start] = next
            stack.append(start)
            var region: [Int] = []
            var (left, top, right, bottom) = (width, height, 0, 0)
            while let index = stack.popLast() {
                region.append(index)
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
            let rectangle = SlantedRectangle(region.map { Point(x: Double($0 % width), y: Double($0 / width)) })
            var sum: Float = 0, count = 0
            for y in top...bottom {
                for x in left...right where !slanted || rectangle.holds(Point(x: Double(x), y: Double(y))) {
                    sum += probabilities[y * width + x]
                    count += 1
                }
            }
            guard sum / Float(max(count, 1)) >= boxThreshold else { continue }
            // Unclip: grow each side by area * ratio / perimeter (PaddleOCR's offset of the box polygon).
            let grow = Double(boxWidth * boxHeight) * unclipRatio / Double(2 * (boxWidth + boxHeight))
            let x0 = Double(left) - grow, y0 = Double(top) - grow
            let x1 = Double(right) + grow, y1 = Double(bottom) + grow
            guard min(x1 - x0, y1 - y0) >= Double(minimumSide + 2) else { continue }
            let clampedLeft = max(0, Int(x0.rounded())), clampedTop = max(0, Int(y0.rounded()))
            let box = ImageRect(
                x: clampedLeft, y: clampedTop,
                width: min(width, Int(x1.rounded())) - clampedLeft, height: min(height, Int(y1.rounded())) - clampedTop)
            lines.append(DetectedLine(
                box: box, slanted: rectangle.unclipped(by: unclipRatio),
                lineHeight: rectangle.thickness.high - rectangle.thickness.low + 1))
        }
        return lines
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
}

/// The rectangle along a region's own slant (the principal axis of its pixels) holding its pixels' centres;
/// level when the region leans more than `maximumSlant` or is not longer than high.
private struct SlantedRectangle {
    /// Regions leaning more than this (as a slope) are not lines of a screen seen at an angle: taken as level.
    static let maximumSlant = 0.3

    let centre: Point
    let along: Point
    let across: Point
    /// The pixels' extents along and across, from the centre.
    let length: (low: Double, high: Double)
    let thickness: (low: Double, high: Double)

    init(_ points: [Point]) {
        let count = Double(points.count)
        centre = Point(x: points.map(\.x).reduce(0, +) / count, y: points.map(\.y).reduce(0, +) / count)
        var (xx, yy, xy) = (0.0, 0.0, 0.0)
        for point in points {
            let dx = point.x - centre.x, dy = point.y - centre.y
            (xx, yy, xy) = (xx + dx * dx, yy + dy * dy, xy + dx * dy)
        }
        var angle = 0.5 * atan2(2 * xy, xx - yy)
        if abs(tan(angle)) > Self.maximumSlant || xx <= yy { angle = 0 }
        along = Point(x: cos(angle), y: sin(angle))
        across = Point(x: -sin(angle), y: cos(angle))
        let (centre, along, across) = (centre, along, across)
        let us = points.map { ($0.x - centre.x) * along.x + ($0.y - centre.y) * along.y }
        let vs = points.map { ($0.x - centre.x) * across.x + ($0.y - centre.y) * across.y }
        length = (us.min()!, us.max()!)
        thickness = (vs.min()!, vs.max()!)
    }

    /// Whether `point` lies in the rectangle.
    func holds(_ point: Point) -> Bool {
        let u = (point.x - centre.x) * along.x + (point.y - centre.y) * along.y
        let v = (point.x - centre.x) * across.x + (point.y - centre.y) * across.y
        return u >= length.low - 0.5 && u <= length.high + 0.5 && v >= thickness.low - 0.5 && v <= thickness.high + 0.5
    }

    /// The rectangle grown on every side by area * `ratio` / perimeter (PaddleOCR's unclip), as corners.
    func unclipped(by ratio: Double) -> Quadrilateral {
        let long = length.high - length.low, short = thickness.high - thickness.low
        let grow = long + short > 0 ? long * short * ratio / (2 * (long + short)) : 0
        func corner(_ u: Double, _ v: Double) -> Point {
            Point(x: centre.x + u * along.x + v * across.x, y: centre.y + u * along.y + v * across.y)
        }
        let (u0, u1) = (length.low - grow, length.high + grow), (v0, v1) = (thickness.low - grow, thickness.high + grow)
        return Quadrilateral(topLeft: corner(u0, v0), topRight: corner(u1, v0), bottomRight: corner(u1, v1), bottomLeft: corner(u0, v1))
    }
}

/// A line of text the detector found: its upright box and the rectangle along its own slant (a line of a
/// screen filmed at an angle leans), both in the picture's pixels, and how tall its text is.
struct DetectedLine {
    let box: ImageRect
    let slanted: Quadrilateral
    /// The text's height across the line (the region the model marks, before the box is grown).
    let lineHeight: Double

    /// The line on the model's input mapped to the picture.
    func scaled(from size: (width: Int, height: Int), to picture: (width: Int, height: Int)) -> DetectedLine {
        let sx = Double(picture.width) / Double(size.width), sy = Double(picture.height) / Double(size.height)
        let x = min(picture.width, Int((Double(box.x) * sx).rounded()))
        let y = min(picture.height, Int((Double(box.y) * sy).rounded()))
        let right = min(picture.width, Int((Double(box.x + box.width) * sx).rounded()))
        let bottom = min(picture.height, Int((Double(box.y + box.height) * sy).rounded()))
        return DetectedLine(
            box: ImageRect(x: x, y: y, width: max(0, right - x), height: max(0, bottom - y)),
            slanted: slanted.mapped { Point(x: $0.x * sx, y: $0.y * sy) },
            lineHeight: lineHeight * sy)
    }

    /// The line `dx`, `dy` pixels further right and down.
    func moved(dx: Int, dy: Int) -> DetectedLine {
        DetectedLine(
            box: ImageRect(x: box.x + dx, y: box.y + dy, width: box.width, height: box.height),
            slanted: slanted.mapped { Point(x: $0.x + Double(dx), y: $0.y + Double(dy)) },
            lineHeight: lineHeight)
    }
}
