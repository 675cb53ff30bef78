internal import CFFmpeg

/// Encodes owned images as image files: PNG (with FFmpeg's own PNG encoder), PPM/PGM or raw bytes.
public enum ImageEncoder {
    /// The file formats `framelens frame` writes.
    public enum FileFormat: String, Sendable, CaseIterable {
        case png, ppm, raw
    }

    /// The encoded bytes of an image.
    ///
    /// - Throws: `MediaError` `.writeFailed` when the PNG encoder fails.
    public static func encode(_ image: PixelImage, as format: FileFormat) throws(MediaError) -> [UInt8] {
        switch format {
        case .raw: image.pixels
        case .ppm: Array("\(image.format == .rgb24 ? "P6" : "P5")\n\(image.width) \(image.height)\n255\n".utf8) + image.pixels
        case .png: try png(image)
        }
    }

    private static func png(_ image: PixelImage) throws(MediaError) -> [UInt8] {
        guard let encoder = avcodec_find_encoder(AV_CODEC_ID_PNG) else {
            throw MediaError(.unsupported, "this FFmpeg has no PNG encoder")
        }
        var context = avcodec_alloc_context3(encoder)
        var frame = av_frame_alloc()
        var packet = av_packet_alloc()
        defer {
            avcodec_free_context(&context)
            av_frame_free(&frame)
            av_packet_free(&packet)
        }
        guard let context, let frame, let packet else { throw MediaError(.writeFailed, "out of memory encoding PNG") }
        let pixelFormat = image.format == .rgb24 ? AV_PIX_FMT_RGB24 : AV_PIX_FMT_GRAY8
        context.pointee.width = Int32(image.width)
        context.pointee.height = Int32(image.height)
        context.pointee.pix_fmt = pixelFormat
        context.pointee.time_base = AVRational(num: 1, den: 25)
        try ffmpegCall(.writeFailed, "cannot open the PNG encoder", "avcodec_open2") {
            avcodec_open2(context, encoder, nil)
        }
        frame.pointee.width = Int32(image.width)
        frame.pointee.height = Int32(image.height)
        frame.pointee.format = pixelFormat.rawValue
        try ffmpegCall(.writeFailed, "cannot allocate a PNG frame", "av_frame_get_buffer") { av_frame_get_buffer(frame, 0) }
        let destination = withUnsafeBytes(of: frame.pointee.data) { $0.load(as: UnsafeMutableRawPointer.self) }
        let stride = Int(frame.pointee.linesize.0)
        image.pixels.withUnsafeBytes { source in
            for row in 0..<image.height {
                (destination + row * stride).copyMemory(
                    from: source.baseAddress! + row * image.bytesPerRow, byteCount: image.bytesPerRow)
            }
        }
        try ffmpegCall(.writeFailed, "cannot encode PNG", "avcodec_send_frame") { avcodec_send_frame(context, frame) }
        try ffmpegCall(.writeFailed, "cannot encode PNG", "avcodec_receive_packet") { avcodec_receive_packet(context, packet) }
        return Array(UnsafeRawBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size)))
    }
}
