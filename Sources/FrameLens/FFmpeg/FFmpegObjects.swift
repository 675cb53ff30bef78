internal import CFFmpeg

// The one place FrameLens allocates and frees FFmpeg's frames, packets and codec contexts, so that each is
// counted in `LiveObjects`. The free functions take the pointer `inout` and set it to nil, as FFmpeg's do,
// and do nothing for nil.

/// A new, empty `AVFrame` (`av_frame_alloc`), or nil when out of memory.
func allocateFrame() -> UnsafeMutablePointer<AVFrame>? {
    counted(av_frame_alloc(), LiveObjects.frames)
}

/// A new frame referencing `source`'s pixels (`av_frame_clone`), or nil when out of memory.
func cloneFrame(_ source: UnsafePointer<AVFrame>) -> UnsafeMutablePointer<AVFrame>? {
    counted(av_frame_clone(source), LiveObjects.frames)
}

/// Frees a frame and its references (`av_frame_free`).
func freeFrame(_ frame: inout UnsafeMutablePointer<AVFrame>?) {
    guard frame != nil else { return }
    av_frame_free(&frame)
    LiveObjects.frames.freed()
}

/// A new, empty `AVPacket` (`av_packet_alloc`), or nil when out of memory.
func allocatePacket() -> UnsafeMutablePointer<AVPacket>? {
    counted(av_packet_alloc(), LiveObjects.packets)
}

/// Frees a packet and its data reference (`av_packet_free`).
func freePacket(_ packet: inout UnsafeMutablePointer<AVPacket>?) {
    guard packet != nil else { return }
    av_packet_free(&packet)
    LiveObjects.packets.freed()
}

/// A new codec context for `codec` (`avcodec_alloc_context3`), or nil when out of memory.
func allocateCodecContext(_ codec: UnsafePointer<AVCodec>) -> UnsafeMutablePointer<AVCodecContext>? {
    counted(avcodec_alloc_context3(codec), LiveObjects.codecContexts)
}

/// Closes and frees a codec context (`avcodec_free_context`).
func freeCodecContext(_ context: inout UnsafeMutablePointer<AVCodecContext>?) {
    guard context != nil else { return }
    avcodec_free_context(&context)
    LiveObjects.codecContexts.freed()
}

private func counted<T>(_ object: UnsafeMutablePointer<T>?, _ counter: LiveObjects.Counter) -> UnsafeMutablePointer<T>? {
    if object != nil { counter.created() }
    return object
}

/// Copies an image's rows into the first plane of a frame allocated for its size and pixel format.
func copyRows(of image: PixelImage, into frame: UnsafeMutablePointer<AVFrame>) {
    let destination = UnsafeMutableRawPointer(framelens_frame_planes(frame)[0]!)
    let stride = Int(framelens_frame_linesizes(frame)[0])
    image.pixels.withUnsafeBytes { source in
        for row in 0..<image.height {
            (destination + row * stride).copyMemory(
                from: source.baseAddress! + row * image.bytesPerRow, byteCount: image.bytesPerRow)
        }
    }
}
