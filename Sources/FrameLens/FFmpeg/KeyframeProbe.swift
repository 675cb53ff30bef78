internal import CFFmpeg

/// Decodes a keyframe on its own, with a codec context of its own, ahead of the decoder that will reach it:
/// how a scan sees the picture at the end of a group of pictures before it decides to leave the group out.
final class KeyframeProbe {
    private let codec: UnsafeMutablePointer<AVCodecContext>
    private let frame: UnsafeMutablePointer<AVFrame>
    private let stream: UnsafeMutablePointer<AVStream>
    private let startTime: Int64
    private let rotation: Int
    /// The last keyframe decoded, by timestamp: a group is judged again packet by packet.
    private var last: (timestamp: Int64, frame: VideoFrame?)?

    /// A probe for a stream, or nil when its decoder cannot be opened a second time.
    init?(stream: UnsafeMutablePointer<AVStream>, startTime: Int64, rotation: Int) {
        guard let decoder = avcodec_find_decoder(stream.pointee.codecpar.pointee.codec_id) else { return nil }
        var context = allocateCodecContext(decoder)
        var frame = allocateFrame()
        guard let opened = context, let picture = frame,
              avcodec_parameters_to_context(opened, stream.pointee.codecpar) >= 0
        else {
            freeCodecContext(&context)
            freeFrame(&frame)
            return nil
        }
        opened.pointee.pkt_timebase = stream.pointee.time_base
        opened.pointee.thread_count = 1
        opened.pointee.max_pixels = Int64(VideoDecoder.maximumPixels)
        guard avcodec_open2(opened, decoder, nil) >= 0 else {
            freeCodecContext(&context)
            freeFrame(&frame)
            return nil
        }
        codec = opened
        self.frame = picture
        self.stream = stream
        self.startTime = startTime
        self.rotation = rotation
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = codec
        freeCodecContext(&context)
        var frame: UnsafeMutablePointer<AVFrame>? = frame
        freeFrame(&frame)
    }

    /// The picture of a keyframe's packet, or nil when it does not decode on its own.
    func picture(of packet: UnsafeMutablePointer<AVPacket>, timestamp: Int64) -> VideoFrame? {
        if let last, last.timestamp == timestamp { return last.frame }
        avcodec_flush_buffers(codec)
        var picture: VideoFrame?
        if avcodec_send_packet(codec, packet) >= 0, avcodec_send_packet(codec, nil) >= 0,
           avcodec_receive_frame(codec, frame) >= 0
        {
            let whole = frame.pointee.decode_error_flags == 0 && frame.pointee.flags & AV_FRAME_FLAG_CORRUPT == 0
            picture = whole ? try? VideoFrame(
                frame: frame, timestamp: timestamp, stream: stream, startTime: startTime, frameNumber: -1,
                rotation: rotation) : nil
            av_frame_unref(frame)
        }
        avcodec_flush_buffers(codec)
        last = (timestamp, picture)
        return picture
    }
}
