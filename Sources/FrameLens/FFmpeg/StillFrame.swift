internal import CFFmpeg

extension VideoFrame {
    /// An owned image as a frame at time 0, shown turned by `orientation`, so that the analyzer reads it as it
    /// reads decoded frames.
    ///
    /// - Throws: `MediaError` `.decodeFailed` when out of memory.
    init(image: PixelImage, orientation: ImageOrientation) throws(MediaError) {
        buffer = try FrameBuffer(copying: image)
        width = image.width
        height = image.height
        pixelFormat = image.format.rawValue
        pts = 0
        timeBase = Rational(1, 1)
        presentationTime = .zero
        time = 0
        frameNumber = 0
        sampleAspectRatio = Rational(1, 1)
        rotation = orientation.clockwiseDegrees
        isKeyframe = true
        isIntra = true
    }

    /// A gray picture of the frame's coded size made from it (several frames of a still picture averaged) as a
    /// gray frame with the frame's time, place and display geometry, so that the analyzer reads it as it would
    /// the frame.
    ///
    /// - Throws: `MediaError` `.decodeFailed` when out of memory.
    init(luma: PixelImage, of frame: VideoFrame) throws(MediaError) {
        precondition(luma.format == .gray8 && luma.width == frame.width && luma.height == frame.height,
                     "a frame's luma is gray and of its size")
        let buffer = try FrameBuffer(copying: luma)
        buffer.frame.pointee.color_range = frame.buffer.lumaRange
        self.init(buffer, standingFor: frame, sampleAspectRatio: frame.sampleAspectRatio, rotation: frame.rotation)
    }

    /// The first frame of an image file (PNG, JPEG, ... through libavformat's image demuxers) or of a video.
    ///
    /// - Throws: `MediaError` (missing or unreadable file, not an image, a decoding error).
    static func firstFrame(ofFileAt path: String) throws(MediaError) -> VideoFrame {
        let file = try MediaFile(url: path)
        let stream = try file.info.videoStream(requested: nil)
        return try FrameCursor(decoder: VideoDecoder(file: file, streamIndex: stream.index)).frame(at: 0)
    }

    /// The frame shown turned by `orientation` instead of its own display rotation.
    func oriented(_ orientation: ImageOrientation) -> VideoFrame {
        var turned = self
        turned.rotation = orientation.clockwiseDegrees
        return turned
    }
}

extension FrameBuffer {
    /// A frame of its own holding a copy of `image`'s pixels.
    ///
    /// - Throws: `MediaError` `.decodeFailed` when out of memory.
    convenience init(copying image: PixelImage) throws(MediaError) {
        guard let picture = allocateFrame() else {
            throw MediaError(.decodeFailed, "out of memory holding an image", operation: "av_frame_alloc")
        }
        picture.pointee.format = (image.format == .rgb24 ? AV_PIX_FMT_RGB24 : AV_PIX_FMT_GRAY8).rawValue
        picture.pointee.width = Int32(image.width)
        picture.pointee.height = Int32(image.height)
        picture.pointee.key_frame = 1
        guard av_frame_get_buffer(picture, 0) >= 0 else {
            var owned: UnsafeMutablePointer<AVFrame>? = picture
            freeFrame(&owned)
            throw MediaError(.decodeFailed, "out of memory holding an image", operation: "av_frame_get_buffer")
        }
        copyRows(of: image, into: picture)
        self.init(owning: picture)
    }

    /// The range of the frame's luma values as swscale takes it: the one the frame states, else full for gray and
    /// JPEG-range (`yuvj`) formats and limited for other YUV (as a gray copy of the luma must state, since swscale
    /// takes an unstated gray range as full).
    fileprivate var lumaRange: AVColorRange {
        let stated = frame.pointee.color_range
        guard stated == AVCOL_RANGE_UNSPECIFIED else { return stated }
        let name = av_get_pix_fmt_name(pixelFormat).map { String(cString: $0) } ?? ""
        let isGray = av_pix_fmt_desc_get(pixelFormat).map { $0.pointee.nb_components <= 2 } ?? false
        return isGray || name.hasPrefix("yuvj") ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
    }
}
