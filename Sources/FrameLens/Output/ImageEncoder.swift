internal import CFFmpeg

/// Encodes images as image files: PNG and JPEG (with FFmpeg's own PNG and MJPEG encoders), PPM/PGM or raw
/// bytes, as `framelens frame` writes them.
///
/// ```swift
/// let image = try FrameRenderer.render(frame, as: .rgb24)
/// let png = try ImageEncoder.encode(image, as: .png)
/// ```
public enum ImageEncoder {
    /// The file formats `framelens frame` writes.
    public enum FileFormat: String, Sendable, CaseIterable {
        /// PNG of the pixels as they are (RGB or grey), lossless.
        case png
        /// JPEG (JFIF, chroma not subsampled) at ffmpeg's `-q:v 2`.
        case jpg
        /// Binary PPM (`P6`) for RGB, PGM (`P5`) for grey: a short header and the pixels.
        case ppm
        /// The pixels alone, row by row with no padding (``PixelImage/pixels``).
        case raw

        /// The format a file name's extension names (`.png`, `.jpg`/`.jpeg`, `.ppm`, `.raw`), in any case.
        ///
        /// - Parameter pathExtension: the extension, without its dot.
        public init?(pathExtension: String) {
            let name = pathExtension.lowercased()
            self.init(rawValue: name == "jpeg" ? "jpg" : name)
        }

        /// The usual file extension, without its dot.
        public var fileExtension: String { rawValue }
    }

    /// The JPEG quantiser scale, as ffmpeg's `-q:v` (2 is the best quality ffmpeg users usually ask for).
    static let jpegQuality: Int32 = 2

    /// The encoded bytes of an image.
    ///
    /// - Parameters:
    ///   - image: the image, RGB24 or GRAY8.
    ///   - format: the file format.
    /// - Returns: the image file's bytes.
    /// - Throws: `OutputError` `.encodeFailed` when the PNG or JPEG encoder fails, `.unsupported` when this
    ///   FFmpeg lacks it or cannot convert the picture for it.
    public static func encode(_ image: PixelImage, as format: FileFormat) throws(OutputError) -> [UInt8] {
        switch format {
        case .raw: image.pixels
        case .ppm: Array("\(image.format == .rgb24 ? "P6" : "P5")\n\(image.width) \(image.height)\n255\n".utf8) + image.pixels
        case .png: try png(image)
        case .jpg: try jpeg(image)
        }
    }

    /// PNG of the pixels as they are, RGB24 or GRAY8.
    private static func png(_ image: PixelImage) throws(OutputError) -> [UInt8] {
        let pixelFormat = image.format == .rgb24 ? AV_PIX_FMT_RGB24 : AV_PIX_FMT_GRAY8
        return try encodeFrame(AV_CODEC_ID_PNG, name: "PNG", image, pixelFormat) { frame throws(OutputError) in
            copyRows(of: image, into: frame)
        }
    }

    /// JPEG (JFIF: full-range BT.601 YUV, chroma not subsampled) at quantiser scale `jpegQuality`: what
    /// `ffmpeg -i frame.png -q:v 2 frame.jpg` writes, whose conversion picks the same 4:4:4 format.
    private static func jpeg(_ image: PixelImage) throws(OutputError) -> [UInt8] {
        try encodeFrame(AV_CODEC_ID_MJPEG, name: "JPEG", image, AV_PIX_FMT_YUVJ444P, configure: { context in
            context.pointee.flags |= AV_CODEC_FLAG_QSCALE
            context.pointee.global_quality = FF_QP2LAMBDA * jpegQuality
            context.pointee.color_range = AVCOL_RANGE_JPEG
        }) { frame throws(OutputError) in
            let source = image.format == .rgb24 ? AV_PIX_FMT_RGB24 : AV_PIX_FMT_GRAY8
            guard let context = sws_getContext(
                Int32(image.width), Int32(image.height), source, Int32(image.width), Int32(image.height),
                AV_PIX_FMT_YUVJ444P, SWS_BICUBIC, nil, nil, nil)
            else { throw OutputError(.unsupported, "cannot convert a \(image.width)x\(image.height) image for JPEG") }
            defer { sws_freeContext(context) }
            image.pixels.withUnsafeBufferPointer { pixels in
                var sourcePlanes: [UnsafePointer<UInt8>?] = [pixels.baseAddress, nil, nil, nil]
                var sourceStrides: [Int32] = [Int32(image.bytesPerRow), 0, 0, 0]
                _ = sws_scale(
                    context, &sourcePlanes, &sourceStrides, 0, Int32(image.height), framelens_frame_planes(frame),
                    framelens_frame_linesizes(frame))
            }
        }
    }

    /// Encodes one frame of the image's size with an FFmpeg image encoder: `fill` writes the pixels into
    /// the frame (in `pixelFormat`), and the one packet the encoder returns is the file.
    private static func encodeFrame(
        _ codec: AVCodecID, name: String, _ image: PixelImage, _ pixelFormat: AVPixelFormat,
        configure: (UnsafeMutablePointer<AVCodecContext>) -> Void = { _ in },
        fill: (UnsafeMutablePointer<AVFrame>) throws(OutputError) -> Void
    ) throws(OutputError) -> [UInt8] {
        guard let encoder = avcodec_find_encoder(codec) else {
            throw OutputError(.unsupported, "this FFmpeg has no \(name) encoder")
        }
        var context = allocateCodecContext(encoder)
        var frame = allocateFrame()
        var packet = allocatePacket()
        defer {
            freeCodecContext(&context)
            freeFrame(&frame)
            freePacket(&packet)
        }
        guard let context, let frame, let packet else {
            throw OutputError(.encodeFailed, "out of memory encoding \(name)")
        }
        context.pointee.width = Int32(image.width)
        context.pointee.height = Int32(image.height)
        context.pointee.pix_fmt = pixelFormat
        context.pointee.time_base = AVRational(num: 1, den: 25)
        configure(context)
        try ffmpegCall(OutputErrorCode.encodeFailed, "cannot open the \(name) encoder", "avcodec_open2") {
            avcodec_open2(context, encoder, nil)
        }
        frame.pointee.width = Int32(image.width)
        frame.pointee.height = Int32(image.height)
        frame.pointee.format = pixelFormat.rawValue
        frame.pointee.quality = context.pointee.global_quality
        try ffmpegCall(OutputErrorCode.encodeFailed, "cannot allocate a \(name) frame", "av_frame_get_buffer") {
            av_frame_get_buffer(frame, 0)
        }
        try fill(frame)
        try ffmpegCall(OutputErrorCode.encodeFailed, "cannot encode \(name)", "avcodec_send_frame") {
            avcodec_send_frame(context, frame)
        }
        try ffmpegCall(OutputErrorCode.encodeFailed, "cannot encode \(name)", "avcodec_receive_packet") {
            avcodec_receive_packet(context, packet)
        }
        return Array(UnsafeRawBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size)))
    }
}
