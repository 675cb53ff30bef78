/// A filmed projection screen warped to a rectangle, as a document scanner does, so that the slide is read
/// upright and square; and the way back from its pixels to the frame's.
///
/// The rectangle is drawn twice as large when shorter than `LumaImage.minimumHeight`, as a small frame is.
struct RectifiedScreen {
    /// The warped picture; its display size is the rectangle's.
    let image: LumaImage
    /// The screen on the frame's picture, in the frame's displayed pixels.
    let screen: Quadrilateral
    private let warp: ScreenWarp
    private let frameScale: (x: Double, y: Double)
    private let frameSize: (width: Int, height: Int)

    /// The screen `corners` (in `frame`'s pixels) of `frame` warped to a rectangle; nil when the corners
    /// make no transform.
    init?(_ frame: LumaImage, corners: Quadrilateral) {
        guard let warp = ScreenWarp(corners) else { return nil }
        let size = warp.size(scale: warp.height < LumaImage.minimumHeight ? 2 : 1)
        let pixels = frame.withPlane { warp.pixels(of: $0, channels: 1, scale: Double(size.width) / Double(warp.width)) }
        image = LumaImage(
            owned: PixelImage(width: size.width, height: size.height, format: .gray8, pixels: pixels),
            displayWidth: warp.width, displayHeight: warp.height)
        self.warp = warp
        frameScale = frame.scale
        frameSize = (frame.displayWidth, frame.displayHeight)
        screen = corners.mapped { Point(x: $0.x / frame.scale.x, y: $0.y / frame.scale.y) }
    }

    /// Bounds on the rectangle as bounds on the frame's displayed picture: the box holding its four corners'
    /// places there.
    func onFrame(_ bounds: Bounds) -> Bounds {
        warp.onPicture(bounds, pictureScale: frameScale, displaySize: frameSize)
    }
}

/// The warp of a quadrilateral of a picture to an upright rectangle whose sides are the quadrilateral's
/// longer opposite sides: each pixel of the rectangle is sampled bilinearly where the projective transform
/// (`ProjectiveTransform`) puts it on the picture; parts beyond the picture repeat its edge.
struct ScreenWarp {
    /// The rectangle's size.
    let width: Int
    let height: Int
    /// From the rectangle's pixels to the picture's.
    let toPicture: ProjectiveTransform

    /// The warp of `corners` (in the picture's pixels); nil for a rectangle under `minimumSide` pixels a side
    /// or corners that make no transform.
    init?(_ corners: Quadrilateral, minimumSide: Double = 16) {
        let points = corners.corners
        let width = max(points[0].distance(to: points[1]), points[3].distance(to: points[2])).rounded()
        let height = max(points[0].distance(to: points[3]), points[1].distance(to: points[2])).rounded()
        let rectangle = [Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: width, y: height), Point(x: 0, y: height)]
        guard width >= minimumSide, height >= minimumSide, let toPicture = ProjectiveTransform(from: rectangle, to: points) else { return nil }
        self.width = Int(width)
        self.height = Int(height)
        self.toPicture = toPicture
    }

    /// The rectangle's size `scale` times larger, in whole pixels.
    func size(scale: Double) -> (width: Int, height: Int) {
        (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// The rectangle's pixels, `scale` times its size (`size(scale:)`), sampled from `plane`, whose pixels are
    /// `channels` bytes each (1 for gray, 3 for RGB), packed.
    func pixels(of plane: PlaneView, channels: Int, scale: Double) -> [UInt8] {
        let size = size(scale: scale)
        let step = (x: Double(width) / Double(size.width), y: Double(height) / Double(size.height))
        return [UInt8](unsafeUninitializedCapacity: size.width * size.height * channels) { buffer, count in
            for v in 0..<size.height {
                for u in 0..<size.width {
                    let source = toPicture.apply(Point(x: (Double(u) + 0.5) * step.x, y: (Double(v) + 0.5) * step.y))
                    for channel in 0..<channels {
                        buffer[(v * size.width + u) * channels + channel] = plane.bilinear(
                            x: source.x - 0.5, y: source.y - 0.5, channel: channel, of: channels)
                    }
                }
            }
            count = size.width * size.height * channels
        }
    }

    /// Bounds on the rectangle (its display pixels are the rectangle's) as bounds on the picture's displayed
    /// picture, `displaySize`, whose pixels are `pictureScale` of the picture's: the box holding its four
    /// corners' places there.
    func onPicture(_ bounds: Bounds, pictureScale: (x: Double, y: Double), displaySize: (width: Int, height: Int)) -> Bounds {
        let box = bounds.pixels
        let corners = [(box.x, box.y), (box.x + box.width, box.y), (box.x, box.y + box.height),
                       (box.x + box.width, box.y + box.height)]
            .map { toPicture.apply(Point(x: $0.0, y: $0.1)) }
            .map { Point(x: $0.x / pictureScale.x, y: $0.y / pictureScale.y) }
        let left = corners.map(\.x).min()!, right = corners.map(\.x).max()!
        let top = corners.map(\.y).min()!, bottom = corners.map(\.y).max()!
        return Bounds(pixels: PixelRect(x: left, y: top, width: right - left, height: bottom - top), displaySize: displaySize)
    }

    /// `image` (gray or RGB) warped, at the rectangle's size.
    func warped(_ image: PixelImage) -> PixelImage {
        let channels = image.format == .gray8 ? 1 : 3
        precondition(image.pixels.count == image.width * image.height * channels, "gray or RGB pixels, packed")
        let pixels = PlaneView.of(image.pixels, width: image.width * channels, height: image.height) {
            self.pixels(of: $0, channels: channels, scale: 1)
        }
        return PixelImage(width: width, height: height, format: image.format, pixels: pixels)
    }
}

extension PlaneView {
    /// The value of `channel` (of the `channels` bytes of each pixel) at pixel position (`x`, `y`) between
    /// pixel centres, interpolated from the four nearest pixels; points beyond the plane take its edge's.
    func bilinear(x: Double, y: Double, channel: Int, of channels: Int) -> UInt8 {
        let columns = width / channels
        let x = min(max(x, 0), Double(columns - 1)), y = min(max(y, 0), Double(height - 1))
        let left = Int(x), top = Int(y)
        let right = min(left + 1, columns - 1), bottom = min(top + 1, height - 1)
        let fx = x - Double(left), fy = y - Double(top)
        func at(_ column: Int, _ row: Int) -> Double { Double(self[column * channels + channel, row]) }
        let upper = at(left, top) * (1 - fx) + at(right, top) * fx
        let lower = at(left, bottom) * (1 - fx) + at(right, bottom) * fx
        return UInt8((upper * (1 - fy) + lower * fy).rounded())
    }
}
