import CFFmpeg
@testable import FrameLens

// Views into FFmpeg's own objects, so that a test can assert what FrameLens does with a decoded picture or a
// packet. They live with the tests: the library ships no code that only tests call.

/// The first picture of a video exactly as FFmpeg's decoder hands it out, before FrameLens keeps it.
///
/// Decoded with FFmpeg's API alone (no `VideoDecoder`), so a test can compare what `FrameBuffer` keeps
/// with what the decoder gave.
final class DecodedPicture {
    private let frame: UnsafeMutablePointer<AVFrame>

    /// Decodes the first picture of the first stream of `path`.
    ///
    /// - Throws: `MediaError` `.notMedia` when FFmpeg cannot open the file or its decoder, `.decodeFailed`
    ///   when no picture comes out.
    init(firstOf path: String) throws(MediaError) {
        var opened: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_open_input(&opened, path, nil, nil) >= 0, let format = opened else {
            throw MediaError(.notMedia, "cannot open \(path)", operation: "avformat_open_input")
        }
        defer { avformat_close_input(&opened) }
        guard let parameters = format.pointee.streams[0]?.pointee.codecpar,
              let codec = avcodec_find_decoder(parameters.pointee.codec_id)
        else { throw MediaError(.notMedia, "no decoder for \(path)", operation: "avcodec_find_decoder") }
        var context = allocateCodecContext(codec)
        defer { freeCodecContext(&context) }
        guard avcodec_parameters_to_context(context, parameters) >= 0, avcodec_open2(context, codec, nil) >= 0 else {
            throw MediaError(.notMedia, "cannot open the decoder for \(path)", operation: "avcodec_open2")
        }
        var packet = allocatePacket()
        defer { freePacket(&packet) }
        var decoded = allocateFrame()
        while let frame = decoded, av_read_frame(format, packet) >= 0 {
            defer { av_packet_unref(packet) }
            if avcodec_send_packet(context, packet) >= 0 && avcodec_receive_frame(context, frame) >= 0 {
                self.frame = frame
                return
            }
        }
        freeFrame(&decoded)
        throw MediaError(.decodeFailed, "no picture in \(path)", operation: "avcodec_receive_frame")
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFrame>? = frame
        freeFrame(&owned)
    }

    /// The bytes from one row of the first plane to the next; negative when the rows run bottom-up.
    var firstPlaneStride: Int { Int(framelens_frame_linesizes(frame)[0]) }

    /// The first `count` bytes of a row of the first plane, rows counted from the top of the picture.
    func firstPlaneRow(_ row: Int, count: Int) -> [UInt8] {
        let start = UnsafeRawPointer(framelens_frame_planes(frame)[0]!) + row * firstPlaneStride
        return Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// What FrameLens keeps of the picture, as the player would.
    func kept() throws(MediaError) -> FrameBuffer {
        try FrameBuffer(referencing: frame)
    }
}

extension FrameBuffer {
    /// The reference-counted buffer holding the first plane, and how many references share it
    /// (`av_buffer_get_ref_count`); nil for a frame without one.
    var firstPlaneStorage: (bytes: UnsafeRawBufferPointer, references: Int)? {
        guard let buffer = frame.pointee.buf.0, let data = buffer.pointee.data else { return nil }
        return (UnsafeRawBufferPointer(start: data, count: Int(buffer.pointee.size)), Int(av_buffer_get_ref_count(buffer)))
    }
}

extension MediaFile {
    /// Reads packets until the end or the first failure (then in `readError`), dropping them, and returns
    /// how many were read.
    func countPackets() -> Int {
        var owned = allocatePacket()
        defer { freePacket(&owned) }
        guard let packet = owned else { return 0 }
        var count = 0
        while readPacket(into: packet) {
            av_packet_unref(packet)
            count += 1
        }
        return count
    }
}
