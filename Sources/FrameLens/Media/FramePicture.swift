/// The frame a paused player shows at a time, as an image file: what `framelens frame` writes for that time,
/// and what `framelens index --slides` writes for a cue.
public struct FramePicture: Sendable {
    /// The frame's number in display order, and its presentation time in seconds.
    public let frameNumber: Int
    public let time: Double
    /// The picture's size: the displayed frame's, rotated for display.
    public let width: Int
    public let height: Int
    /// The image file's bytes.
    public let bytes: [UInt8]
}

extension VideoPlayer {
    /// Seeks to a time and encodes the frame shown there, rotated for display as ffmpeg does: its RGB
    /// pixels are ffmpeg's own for that frame.
    ///
    /// - Parameters:
    ///   - seconds: the time, from 0 to `duration`.
    ///   - format: the image file's format.
    /// - Throws: `MediaError` (`.timeOutOfRange`, a decoding error, `.unsupported` pixel format, or the
    ///   encoder's `.writeFailed`).
    public func picture(at seconds: Double, as format: ImageEncoder.FileFormat) throws(MediaError) -> FramePicture {
        try seek(to: seconds)
        let frame = displayed
        let image = try FrameRenderer.render(frame, as: .rgb24)
        return FramePicture(
            frameNumber: frame.frameNumber, time: frame.time, width: image.width, height: image.height,
            bytes: try ImageEncoder.encode(image, as: format))
    }
}
