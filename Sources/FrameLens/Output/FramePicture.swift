/// The frame a paused player shows at a time, as an image file: what `framelens frame` writes for that time,
/// and what `framelens index --slides` writes for a cue.
public struct FramePicture: Sendable {
    /// The frame's number in display order.
    public let frameNumber: Int
    /// The frame's presentation time.
    public let time: Timestamp
    /// The picture's width in pixels: the displayed frame's, rotated for display (or scaled down).
    public let width: Int
    /// The picture's height in pixels.
    public let height: Int
    /// The image file's bytes.
    public let bytes: [UInt8]
}

extension VideoPlayer {
    /// Seeks to a time and encodes the frame shown there, rotated for display as ffmpeg does: its RGB
    /// pixels are ffmpeg's own for that frame.
    ///
    /// - Parameters:
    ///   - time: the time, from 0 to `duration`.
    ///   - format: the image file's format.
    ///   - maximumWidth: a width to scale a wider frame down to, keeping the shape a player shows (sample
    ///     aspect ratio applied), as a thumbnail; nil keeps the frame's own pixels.
    ///   - screen: a filmed projection screen (in displayed pixels, as a cue's `screen`) to warp to a
    ///     rectangle, the picture being that rectangle at its own size (`maximumWidth` is for whole frames);
    ///     nil for the whole frame.
    /// - Returns: the frame's number and time, and its picture as an image file.
    /// - Throws: `MediaError` (`.timeOutOfRange`, a decoding error, `.unsupported` pixel format);
    ///   `OutputError` from the encoder (`.encodeFailed`, `.unsupported`).
    public func picture(
        at time: Timestamp, as format: ImageEncoder.FileFormat, maximumWidth: Int? = nil, rectifying screen: Quadrilateral? = nil
    ) throws -> FramePicture {
        try seek(to: time)
        let frame = displayed
        let shown = frame.displaySize
        let size = maximumWidth.flatMap { width in
            shown.width > width ? (width, max(1, Int((Double(shown.height * width) / Double(shown.width)).rounded()))) : nil
        }
        let (image, bytes) = try CostLedger.measure(.output, pixels: shown.width * shown.height) { () throws -> (PixelImage, [UInt8]) in
            let rendered = try FrameRenderer.render(frame, as: .rgb24, size: screen == nil ? size : nil)
            let image = screen.flatMap { ScreenWarp($0) }.map { $0.warped(rendered) } ?? rendered
            return (image, try ImageEncoder.encode(image, as: format))
        }
        return FramePicture(
            frameNumber: frame.frameNumber, time: frame.presentationTime, width: image.width, height: image.height, bytes: bytes)
    }
}
