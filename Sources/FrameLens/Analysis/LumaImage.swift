/// The 8-bit gray picture the OCR engine and the code scanner read, and how it maps to the display.
///
/// For an upright, square-pixel frame with an 8-bit luma plane that is large enough, this is the
/// decoder's luma plane itself, read in place with its stride. Otherwise (rotation, anamorphic pixels,
/// another pixel format, small text that needs upscaling) the frame is rendered once with swscale into
/// an owned gray image at display orientation.
struct LumaImage {
    private enum Storage {
        case plane(VideoFrame)
        case owned(PixelImage)
    }

    private let storage: Storage
    let width: Int
    let height: Int

    /// The size of the picture a player displays (rotation and sample aspect ratio applied).
    let displayWidth: Int
    let displayHeight: Int

    /// Frames shorter than this are upscaled so that caption-sized text is tall enough for Tesseract.
    static let minimumHeight = 700

    init(_ frame: VideoFrame) throws(MediaError) {
        let display = frame.displaySize
        displayWidth = display.width
        displayHeight = display.height
        let upscale = display.height < Self.minimumHeight ? 2 : 1
        let sameGeometry = display.width == frame.width && display.height == frame.height && frame.rotation == 0
        if sameGeometry && upscale == 1 && frame.hasEightBitLumaPlane {
            storage = .plane(frame)
            width = frame.width
            height = frame.height
        } else {
            let image = try FrameRenderer.render(
                frame, as: .gray8, size: (display.width * upscale, display.height * upscale))
            storage = .owned(image)
            width = image.width
            height = image.height
        }
    }

    /// An owned gray picture of the displayed frame, at any multiple of the display size.
    init(owned image: PixelImage, displayWidth: Int, displayHeight: Int) {
        precondition(image.format == .gray8, "an owned luma image is gray")
        storage = .owned(image)
        width = image.width
        height = image.height
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
    }

    /// Whether the pixels are the decoder's own luma plane (no conversion, no copy).
    var isDecoderPlane: Bool {
        if case .plane = storage { return true }
        return false
    }

    /// Image pixels per displayed pixel, horizontally and vertically.
    var scale: (x: Double, y: Double) {
        (Double(width) / Double(displayWidth), Double(height) / Double(displayHeight))
    }

    /// Calls `body` with a view of the gray pixels, read in place. Do not keep the view.
    func withPlane<Result>(_ body: (PlaneView) throws -> Result) rethrows -> Result {
        switch storage {
        case .plane(let frame): try frame.withLumaPlane(body)
        case .owned(let image): try PlaneView.of(image.pixels, width: width, height: height, body)
        }
    }

    /// A rectangle of the display, in normalised coordinates, as whole pixels of this image.
    func pixelRect(_ region: NormalizedRect) -> ImageRect {
        let x = max(0, min(width, Int((region.x * Double(width)).rounded(.down))))
        let y = max(0, min(height, Int((region.y * Double(height)).rounded(.down))))
        let right = max(x, min(width, Int(((region.x + region.width) * Double(width)).rounded(.up))))
        let bottom = max(y, min(height, Int(((region.y + region.height) * Double(height)).rounded(.up))))
        return ImageRect(x: x, y: y, width: right - x, height: bottom - y)
    }

    /// A rectangle of this image in display pixels and in normalised display coordinates.
    func bounds(_ rect: ImageRect) -> Bounds {
        let (scaleX, scaleY) = scale
        let pixels = PixelRect(
            x: Double(rect.x) / scaleX, y: Double(rect.y) / scaleY,
            width: Double(rect.width) / scaleX, height: Double(rect.height) / scaleY)
        return Bounds(pixels: pixels, displaySize: (displayWidth, displayHeight))
    }

    /// A point of this image in display pixels.
    func displayPoint(x: Int, y: Int) -> Point {
        Point(x: Double(x) / scale.x, y: Double(y) / scale.y)
    }
}

/// A rectangle in whole pixels of an image.
struct ImageRect: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
}
