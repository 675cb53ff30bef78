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
    ///   - maximumWidth: a width to scale a wider frame down to, keeping the shape a player shows (sample
    ///     aspect ratio applied), as a thumbnail; nil keeps the frame's own pixels.
    /// - Throws: `MediaError` (`.timeOutOfRange`, a decoding error, `.unsupported` pixel format, or the
    ///   encoder's `.writeFailed`).
    package func picture(
        at time: Timestamp, as format: ImageEncoder.FileFormat, maximumWidth: Int? = nil
    ) throws(MediaError) -> FramePicture {
        try seek(to: time)
        let frame = displayed
        let shown = frame.displaySize
        let size = maximumWidth.flatMap { width in
            shown.width > width ? (width, max(1, Int((Double(shown.height * width) / Double(shown.width)).rounded()))) : nil
        }
        let image = try FrameRenderer.render(frame, as: .rgb24, size: size)
        return FramePicture(
            frameNumber: frame.frameNumber, time: frame.presentationTime, width: image.width, height: image.height,
            bytes: try ImageEncoder.encode(image, as: format))
    }
}
