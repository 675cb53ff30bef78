/// A filmed projection screen warped to a rectangle, as a document scanner does, so that the slide is read
/// upright and square; and the way back from its pixels to the frame's.
///
/// The rectangle's sides are the quadrilateral's longer opposite sides; it is drawn twice as large when
/// shorter than `LumaImage.minimumHeight`, as a small frame is. Each pixel is sampled bilinearly where the
/// projective transform (`ProjectiveTransform`) puts it on the frame; parts beyond the frame repeat its edge.
struct RectifiedScreen {
    /// The warped picture; its display size is the rectangle's.
    let image: LumaImage
    /// The screen on the frame's picture, in the frame's displayed pixels.
    let screen: Quadrilateral
    /// From the rectangle's display pixels to the frame picture's pixels.
    private let toFrame: ProjectiveTransform
    private let frameScale: (x: Double, y: Double)
    private let frameSize: (width: Int, height: Int)

    /// The screen `corners` (in `frame`'s pixels) of `frame` warped to a rectangle; nil when the corners
    /// make no transform.
    init?(_ frame: LumaImage, corners: Quadrilateral) {
        let points = corners.corners
        let width = max(points[0].distance(to: points[1]), points[3].distance(to: points[2])).rounded()
        let height = max(points[0].distance(to: points[3]), points[1].distance(to: points[2])).rounded()
        let rectangle = [Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: width, y: height), Point(x: 0, y: height)]
        guard width >= 16, height >= 16, let toFrame = ProjectiveTransform(from: rectangle, to: points) else { return nil }
        let upscale = height < Double(LumaImage.minimumHeight) ? 2 : 1
        let size = (width: Int(width) * upscale, height: Int(height) * upscale)
        let pixels = frame.withPlane { plane in
            [UInt8](unsafeUninitializedCapacity: size.width * size.height) { buffer, count in
                for v in 0..<size.height {
                    for u in 0..<size.width {
                        let source = toFrame.apply(
                            Point(x: (Double(u) + 0.5) / Double(upscale), y: (Double(v) + 0.5) / Double(upscale)))
                        buffer[v * size.width + u] = plane.bilinear(x: source.x - 0.5, y: source.y - 0.5)
                    }
                }
                count = size.width * size.height
            }
        }
        image = LumaImage(
            owned: PixelImage(width: size.width, height: size.height, format: .gray8, pixels: pixels),
            displayWidth: Int(width), displayHeight: Int(height))
        self.toFrame = toFrame
        frameScale = frame.scale
        frameSize = (frame.displayWidth, frame.displayHeight)
        let shown = points.map { Point(x: $0.x / frame.scale.x, y: $0.y / frame.scale.y) }
        screen = Quadrilateral(topLeft: shown[0], topRight: shown[1], bottomRight: shown[2], bottomLeft: shown[3])
    }

    /// Bounds on the rectangle as bounds on the frame's displayed picture: the box holding its four corners'
    /// places there.
    func onFrame(_ bounds: Bounds) -> Bounds {
        let box = bounds.pixels
        let corners = [(box.x, box.y), (box.x + box.width, box.y), (box.x, box.y + box.height),
                       (box.x + box.width, box.y + box.height)]
            .map { toFrame.apply(Point(x: $0.0, y: $0.1)) }
            .map { Point(x: $0.x / frameScale.x, y: $0.y / frameScale.y) }
        let left = corners.map(\.x).min()!, right = corners.map(\.x).max()!
        let top = corners.map(\.y).min()!, bottom = corners.map(\.y).max()!
        return Bounds(pixels: Box(x: left, y: top, width: right - left, height: bottom - top), displaySize: frameSize)
    }
}

extension PlaneView {
    /// The value at (`x`, `y`) between pixel centres, interpolated from the four nearest pixels; points
    /// beyond the plane take its edge's values.
    func bilinear(x: Double, y: Double) -> UInt8 {
        let x = min(max(x, 0), Double(width - 1)), y = min(max(y, 0), Double(height - 1))
        let left = Int(x), top = Int(y)
        let right = min(left + 1, width - 1), bottom = min(top + 1, height - 1)
        let fx = x - Double(left), fy = y - Double(top)
        let upper = Double(self[left, top]) * (1 - fx) + Double(self[right, top]) * fx
        let lower = Double(self[left, bottom]) * (1 - fx) + Double(self[right, bottom]) * fx
        return UInt8((upper * (1 - fy) + lower * fy).rounded())
    }
}
