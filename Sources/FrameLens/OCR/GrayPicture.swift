/// A gray picture for the OCR engine, and where it lies on the analysed image: a part of the image read
/// in place, or an owned copy of a part (scaled up, or light text turned dark).
struct GrayPicture {
    private enum Pixels {
        /// The image's own pixels, from `origin`, with its stride.
        case inPlace(LumaImage)
        /// Tightly packed rows.
        case owned([UInt8])
    }

    private let pixels: Pixels
    let width: Int
    let height: Int
    /// The image pixel this picture's top-left corner shows.
    let origin: (x: Int, y: Int)
    /// Picture pixels per image pixel.
    let scale: Double
    /// Whether the picture needs local (Sauvola) binarisation rather than one global threshold.
    var needsLocalThreshold = false

    /// A rectangle of `image`, read in place.
    init(_ image: LumaImage, _ rect: ImageRect) {
        pixels = .inPlace(image)
        width = rect.width
        height = rect.height
        origin = (rect.x, rect.y)
        scale = 1
    }

    /// Owned pixels (`width * height`, packed) that show `rect` of the image at `scale`.
    init(owned bytes: [UInt8], width: Int, height: Int, showing rect: ImageRect, scale: Double) {
        precondition(bytes.count == width * height, "pixel count does not match the size")
        pixels = .owned(bytes)
        self.width = width
        self.height = height
        origin = (rect.x, rect.y)
        self.scale = scale
    }

    /// The part of this picture that shows `rect` of the image, `scale` times larger than the image; in
    /// place when nothing changes but the bounds.
    func part(_ rect: ImageRect, scale newScale: Double) -> GrayPicture {
        let local = ImageRect(
            x: Int((Double(rect.x - origin.x) * scale).rounded()), y: Int((Double(rect.y - origin.y) * scale).rounded()),
            width: Int((Double(rect.width) * scale).rounded()), height: Int((Double(rect.height) * scale).rounded()))
            .clamped(width: width, height: height)
        if case .inPlace(let image) = pixels, newScale == scale {
            var part = GrayPicture(image, ImageRect(x: origin.x + local.x, y: origin.y + local.y, width: local.width, height: local.height))
            part.needsLocalThreshold = needsLocalThreshold
            return part
        }
        let crop = withPlane { $0.pixels(in: local) }
        let factor = newScale / scale
        let size = (width: max(1, Int((Double(local.width) * factor).rounded())), height: max(1, Int((Double(local.height) * factor).rounded())))
        let shown = imageRect(local)
        let image = PixelImage(width: local.width, height: local.height, format: .gray8, pixels: crop)
        var part =
            if factor != 1, let scaled = try? FrameRenderer.scale(image, to: size) {
                GrayPicture(owned: scaled.pixels, width: size.width, height: size.height, showing: shown, scale: newScale)
            } else {
                GrayPicture(owned: crop, width: local.width, height: local.height, showing: shown, scale: scale)
            }
        part.needsLocalThreshold = needsLocalThreshold
        return part
    }

    /// The picture's lightest shade alone, black on white, showing the same place (`GrayLevels.fillOnly` at
    /// Otsu's threshold); nil when nothing is lighter.
    func fill() -> GrayPicture? {
        let whole = ImageRect(x: 0, y: 0, width: width, height: height)
        let bytes = withPlane { $0.pixels(in: whole) }
        guard let filled = GrayLevels.fillOnly(bytes, threshold: GrayLevels.otsuThreshold(bytes)) else { return nil }
        return GrayPicture(owned: filled, width: width, height: height, showing: imageRect(whole), scale: scale)
    }

    /// A rectangle of this picture's pixels as image pixels.
    func imageRect(_ local: ImageRect) -> ImageRect {
        let left = origin.x + Int((Double(local.x) / scale).rounded(.down))
        let top = origin.y + Int((Double(local.y) / scale).rounded(.down))
        let right = origin.x + Int((Double(local.x + local.width) / scale).rounded(.up))
        let bottom = origin.y + Int((Double(local.y + local.height) / scale).rounded(.up))
        return ImageRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Calls `body` with a view of the picture's pixels, read in place. Do not keep the view.
    func withPlane<Result>(_ body: (PlaneView) -> Result) -> Result {
        switch pixels {
        case .inPlace(let image):
            image.withPlane { body($0.part(ImageRect(x: origin.x, y: origin.y, width: width, height: height))) }
        case .owned(let bytes):
            PlaneView.of(bytes, width: width, height: height, body)
        }
    }
}

extension ImageRect {
    /// The part of this rectangle inside a `width` x `height` picture.
    func clamped(width: Int, height: Int) -> ImageRect {
        let left = max(0, min(width, x))
        let top = max(0, min(height, y))
        let right = max(left, min(width, x + self.width))
        let bottom = max(top, min(height, y + self.height))
        return ImageRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether pixel (`x`, `y`) lies inside.
    func contains(x: Int, y: Int) -> Bool {
        x >= self.x && x < self.x + width && y >= self.y && y < self.y + height
    }

    /// Whether the two share any pixel.
    func intersects(_ other: ImageRect) -> Bool {
        overlapsAcross(other) && y < other.y + other.height && other.y < y + height
    }

    /// This rectangle in pixels `factor` times smaller.
    func scaled(by factor: Int) -> ImageRect {
        ImageRect(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
    }

    /// This rectangle grown by `margin` on every side.
    func expanded(by margin: Int) -> ImageRect {
        ImageRect(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    }

    /// The smallest rectangle holding both.
    func union(_ other: ImageRect) -> ImageRect {
        let left = min(x, other.x), top = min(y, other.y)
        let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
        return ImageRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
