/// The frame a paused player shows at a time, as an image file: what `framelens frame` writes for that time,
/// and what `framelens index --slides` writes for a cue.
package struct FramePicture: Sendable {
    /// The frame's number in display order.
    package let frameNumber: Int
    /// The frame's presentation time.
    package let time: Timestamp
    /// The picture's size: the displayed frame's, rotated for display.
    package let width: Int
    package let height: Int
    /// The image file's bytes.
    package let bytes: [UInt8]
}

extension VideoPlayer {
    /// Seeks to a time and encodes the frame shown there, rotated for display as ffmpeg does: its RGB
    /// pixels are ffmpeg's own for that frame.
    ///
    /// - Parameters:
    ///   - time: the time, from 0 to `duration`.
    ///   - format: the image file's format.
    /// - Throws: `MediaError` (`.timeOutOfRange`, a decoding error, `.unsupported` pixel format, or the
    ///   encoder's `.writeFailed`).
    package func picture(at time: Timestamp, as format: ImageEncoder.FileFormat) throws(MediaError) -> FramePicture {
        try seek(to: time)
        let frame = displayed
        let image = try FrameRenderer.render(frame, as: .rgb24)
        return FramePicture(
            frameNumber: frame.frameNumber, time: frame.presentationTime, width: image.width, height: image.height,
            bytes: try ImageEncoder.encode(image, as: format))
    }
}
