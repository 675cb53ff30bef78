internal import CFFmpeg

/// A decoded video frame: a read-only, shallow view of the decoder's picture.
///
/// It holds a reference to the decoded `AVFrame` (`av_frame_ref`), not a copy of its pixels, and
/// offers them only as read-only buffers. Holding a `VideoFrame` keeps its pixels valid after the
/// player has seeked away or been closed.
public struct VideoFrame: Sendable {
    let buffer: FrameBuffer

    /// The coded picture's width in pixels (before rotation and aspect correction).
    public let width: Int
    /// The coded picture's height in pixels.
    public let height: Int
    /// FFmpeg's name of the pixel format, e.g. `yuv420p`.
    public let pixelFormat: String
    /// The presentation timestamp in `timeBase` units.
    public let pts: Int64
    /// The units of `pts`, in seconds.
    public let timeBase: Rational
    /// The presentation time, exactly, counted from the start of the media (as the player's clock).
    public let presentationTime: Timestamp
    /// `presentationTime` in seconds, for the library's own arithmetic.
    package let time: Double
    /// The frame's place in the stream: its index in presentation order, counting from 0 at the stream's
    /// first frame, as ffmpeg's `n` (`-vf select=eq(n\\,N)`). At a variable frame rate it is not the time
    /// times the frame rate: a screen recording's frame held from 7.367 s may be its 13th (number 12).
    public let frameNumber: Int
    /// The shape of a pixel (width/height); 1/1 for square pixels.
    public let sampleAspectRatio: Rational
    /// Clockwise rotation in degrees (0, 90, 180 or 270) to apply for display.
    public internal(set) var rotation: Int
    /// Whether the decoder marked this frame as a keyframe.
    public let isKeyframe: Bool
    /// Whether the frame is intra-coded (an I-frame): it decodes the same whatever was skipped before it.
    let isIntra: Bool

    init(frame: UnsafeMutablePointer<AVFrame>, timestamp: Int64, stream: UnsafeMutablePointer<AVStream>,
         startTime: Int64, frameNumber: Int, rotation: Int) throws(MediaError) {
        buffer = try FrameBuffer(referencing: frame)
        let native = buffer.frame.pointee
        width = Int(native.width)
        height = Int(native.height)
        pixelFormat = av_get_pix_fmt_name(AVPixelFormat(native.format)).map { String(cString: $0) } ?? "unknown"
        pts = timestamp
        timeBase = stream.pointee.time_base.rational
        let startInStream = av_rescale_q(startTime, AVRational(num: 1, den: 1_000_000), stream.pointee.time_base)
        time = Double(pts &- startInStream) * timeBase.doubleValue
        presentationTime = Self.exactTime(pts &- startInStream, in: timeBase) ?? Timestamp(keeping: time)
        self.frameNumber = frameNumber
        sampleAspectRatio = Self.displayableAspectRatio(
            av_guess_sample_aspect_ratio(nil, stream, buffer.frame), width: width, height: height)
        self.rotation = rotation
        isKeyframe = native.key_frame != 0
        isIntra = native.pict_type == AV_PICTURE_TYPE_I
    }

    /// The sample aspect ratio ffmpeg displays the frame with (the container's, else the codec's), when a
    /// player can apply it, else square pixels: unknown (0/1), one
    /// that would squeeze a side below one pixel (`av_image_check_sar`, as FFmpeg's decoders judge), or one
    /// that would stretch the width past the largest picture decoded (`VideoDecoder.maximumSide`): a damaged
    /// or hostile header must not make every reader render a picture millions of pixels wide.
    private static func displayableAspectRatio(_ sar: AVRational, width: Int, height: Int) -> Rational {
        guard sar.isKnownRate, av_image_check_sar(UInt32(width), UInt32(height), sar) == 0,
              Double(width) * sar.rational.doubleValue <= Double(VideoDecoder.maximumSide)
        else { return Rational(1, 1) }
        return sar.rational
    }

    /// `units` of `timeBase` as a fraction of a second, when it fits.
    private static func exactTime(_ units: Int64, in timeBase: Rational) -> Timestamp? {
        let (value, overflow) = units.multipliedReportingOverflow(by: Int64(timeBase.numerator))
        guard !overflow, timeBase.denominator > 0 else { return nil }
        return Timestamp(value: value, timescale: Int64(timeBase.denominator))
    }

    /// The number of data planes (3 for `yuv420p`, 1 for packed RGB).
    public var planeCount: Int { Int(av_pix_fmt_count_planes(AVPixelFormat(buffer.frame.pointee.format))) }

    /// Whether the frame's first plane is an 8-bit luma (or gray) plane that can be read as is.
    var hasEightBitLumaPlane: Bool { buffer.hasEightBitLumaPlane }

    /// The size a player shows: rotation and sample aspect ratio applied.
    public var displaySize: (width: Int, height: Int) {
        let ratio = sampleAspectRatio.doubleValue
        let stretchedWidth = ratio > 0 && ratio != 1 ? Int((Double(width) * ratio).rounded()) : width
        return rotation % 180 == 0 ? (stretchedWidth, height) : (height, stretchedWidth)
    }

    /// Calls `body` with one plane's bytes, read-only, and the number of bytes between rows.
    ///
    /// Do not escape the pointer: it is valid only for the duration of `body`.
    /// - Parameters:
    ///   - plane: the plane's index, below `planeCount`.
    ///   - body: receives the plane's rows (`bytesPerRow * rows` bytes) and `bytesPerRow`.
    /// - Returns: what `body` returns.
    public func withUnsafePlane<Result>(
        _ plane: Int, _ body: (_ bytes: UnsafeRawBufferPointer, _ bytesPerRow: Int) throws -> Result
    ) rethrows -> Result {
        precondition(plane >= 0 && plane < planeCount, "plane \(plane) out of range")
        let (base, stride, rows) = buffer.plane(plane)
        return try body(UnsafeRawBufferPointer(start: base, count: stride * rows), stride)
    }

    /// Calls `body` with a view of the 8-bit luma plane, read in place (`hasEightBitLumaPlane` must hold).
    func withLumaPlane<Result>(_ body: (PlaneView) throws -> Result) rethrows -> Result {
        precondition(hasEightBitLumaPlane, "the frame has no 8-bit luma plane")
        return try withUnsafePlane(0) { bytes, bytesPerRow in
            try body(PlaneView(bytes, width: width, height: height, bytesPerRow: bytesPerRow))
        }
    }
}

/// Owns one reference to a decoded `AVFrame`; `deinit` drops it.
///
/// `@unchecked Sendable` because the frame is never written after it is referenced here: FrameLens only
/// reads its planes, and FFmpeg's reference counting is thread-safe.
final class FrameBuffer: @unchecked Sendable {
    let frame: UnsafeMutablePointer<AVFrame>

    /// A new reference to `source`'s pixels; a copy instead when a plane is stored bottom-up (a negative
    /// linesize, as raw RGB in AVI), so that every plane reads top-down with a positive stride.
    init(referencing source: UnsafeMutablePointer<AVFrame>) throws(MediaError) {
        let isBottomUp = UnsafeBufferPointer(start: framelens_frame_linesizes(source), count: Int(AV_NUM_DATA_POINTERS))
            .contains { $0 < 0 }
        guard let copy = isBottomUp ? Self.topDownCopy(of: source) : cloneFrame(source) else {
            throw MediaError(.decodeFailed, "out of memory holding a decoded frame", operation: "av_frame_clone")
        }
        frame = copy
    }

    /// Takes over a frame FrameLens made itself (a rotated copy): `deinit` frees it.
    init(owning frame: UnsafeMutablePointer<AVFrame>) {
        self.frame = frame
    }

    private static func topDownCopy(of source: UnsafeMutablePointer<AVFrame>) -> UnsafeMutablePointer<AVFrame>? {
        guard let copy = allocateFrame() else { return nil }
        copy.pointee.format = source.pointee.format
        copy.pointee.width = source.pointee.width
        copy.pointee.height = source.pointee.height
        guard av_frame_get_buffer(copy, 0) >= 0, av_frame_copy(copy, source) >= 0,
              av_frame_copy_props(copy, source) >= 0
        else {
            var failed: UnsafeMutablePointer<AVFrame>? = copy
            freeFrame(&failed)
            return nil
        }
        return copy
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFrame>? = frame
        freeFrame(&owned)
    }

    var pixelFormat: AVPixelFormat { AVPixelFormat(frame.pointee.format) }

    var hasEightBitLumaPlane: Bool {
        guard let descriptor = av_pix_fmt_desc_get(pixelFormat) else { return false }
        let flags = descriptor.pointee.flags
        let luma = descriptor.pointee.comp.0
        return flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0 && flags & UInt64(AV_PIX_FMT_FLAG_PAL) == 0
            && flags & UInt64(AV_PIX_FMT_FLAG_HWACCEL) == 0 && flags & UInt64(AV_PIX_FMT_FLAG_BITSTREAM) == 0
            && luma.plane == 0 && luma.step == 1 && luma.depth == 8 && luma.shift == 0
    }

    /// A plane's first row, bytes per row and row count.
    func plane(_ index: Int) -> (UnsafeRawPointer, Int, Int) {
        let data = UnsafeRawPointer(framelens_frame_planes(frame)[index]!)
        let stride = Int(framelens_frame_linesizes(frame)[index])
        var rows = Int(frame.pointee.height)
        if index > 0, let descriptor = av_pix_fmt_desc_get(pixelFormat) {
            if descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_PAL) != 0 { return (data, 4 * 256, 1) }
            let shift = Int(descriptor.pointee.log2_chroma_h)
            rows = (rows + (1 << shift) - 1) >> shift
        }
        return (data, stride, rows)
    }
}
