internal import CFFmpeg

extension VideoFrame {
    /// An owned image as a frame at time 0, shown turned by `orientation`, so that the analyzer reads it as it
    /// reads decoded frames.
    ///
    /// - Throws: `MediaError` `.decodeFailed` when out of memory.
    init(image: PixelImage, orientation: ImageOrientation) throws(MediaError) {
        guard let picture = allocateFrame() else {
            throw MediaError(.decodeFailed, "out of memory holding an image", operation: "av_frame_alloc")
        }
        var owned: UnsafeMutablePointer<AVFrame>? = picture
        defer { freeFrame(&owned) }
        picture.pointee.format = (image.format == .rgb24 ? AV_PIX_FMT_RGB24 : AV_PIX_FMT_GRAY8).rawValue
        picture.pointee.width = Int32(image.width)
        picture.pointee.height = Int32(image.height)
        picture.pointee.key_frame = 1
        guard av_frame_get_buffer(picture, 0) >= 0 else {
            throw MediaError(.decodeFailed, "out of memory holding an image", operation: "av_frame_get_buffer")
        }
        copyRows(of: image, into: picture)
        buffer = try FrameBuffer(referencing: picture)
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
