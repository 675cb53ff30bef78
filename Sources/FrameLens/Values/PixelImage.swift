/// An image FrameLens owns: tightly packed rows of RGB24 or 8-bit gray pixels.
public struct PixelImage: Sendable, Equatable {
    /// How the pixels are laid out.
    public enum Format: String, Sendable {
        /// Three bytes per pixel, red, green, blue.
        case rgb24
        /// One byte per pixel, luma.
        case gray8

        /// Bytes per pixel.
        public var bytesPerPixel: Int { self == .rgb24 ? 3 : 1 }
    }

    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// How the pixels are laid out.
    public let format: Format
    /// `width * height * format.bytesPerPixel` bytes, row after row with no padding.
    public let pixels: [UInt8]

    /// An image of these pixels.
    ///
    /// - Precondition: `pixels.count == width * height * format.bytesPerPixel`.
    public init(width: Int, height: Int, format: Format, pixels: [UInt8]) {
        precondition(pixels.count == width * height * format.bytesPerPixel, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.format = format
        self.pixels = pixels
    }

    /// Bytes between the starts of two rows.
    public var bytesPerRow: Int { width * format.bytesPerPixel }
}
