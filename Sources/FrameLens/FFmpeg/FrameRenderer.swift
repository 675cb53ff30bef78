internal import CFFmpeg

/// Turns a decoded frame into an owned RGB or gray image, rotated for display as ffmpeg does.
///
/// ffmpeg applies the display rotation on the decoded pixel format (transpose, or hflip+vflip) and
/// then converts with swscale (bicubic, the frame's colour matrix and range); doing the same steps in
/// the same order gives the same bytes as `ffmpeg -frames:v 1 -pix_fmt rgb24`.
public enum FrameRenderer {
    /// Renders a frame as packed pixels.
    ///
    /// - Parameters:
    ///   - frame: the decoded frame.
    ///   - format: RGB24 or GRAY8.
    ///   - applyRotation: whether to rotate for display (as ffmpeg's autorotate does).
    ///   - size: a size to scale to after rotation, or nil to keep the (rotated) coded size.
    /// - Throws: `MediaError` `.unsupported` when swscale cannot convert the frame's pixel format.
    public static func render(
        _ frame: VideoFrame, as format: PixelImage.Format, applyRotation: Bool = true,
        size: (width: Int, height: Int)? = nil
    ) throws(MediaError) -> PixelImage {
        let rotation = applyRotation ? frame.rotation : 0
        if rotation == 0 { return try convert(frame.buffer.frame, to: format, size: size) }
        if let rotated = PlaneRotation.rotate(frame.buffer.frame, clockwise: rotation) {
            defer { var owned: UnsafeMutablePointer<AVFrame>? = rotated; freeFrame(&owned) }
            return try convert(rotated, to: format, size: size)
        }
        // Formats with unequal chroma subsampling or packed bits: rotate after conversion instead.
        let upright = try convert(frame.buffer.frame, to: format, size: nil)
        let turned = PlaneRotation.rotate(upright, clockwise: rotation)
        guard let size, size != (turned.width, turned.height) else { return turned }
        return try scale(turned, to: size)
    }

    /// Scales an owned image with swscale (bicubic).
    static func scale(_ image: PixelImage, to size: (width: Int, height: Int)) throws(MediaError) -> PixelImage {
        let pixelFormat = avFormat(image.format)
        guard let context = sws_getContext(
            Int32(image.width), Int32(image.height), pixelFormat, Int32(size.width), Int32(size.height),
            pixelFormat, SWS_BICUBIC, nil, nil, nil)
        else { throw MediaError(.unsupported, "cannot scale a \(image.width)x\(image.height) image") }
        defer { sws_freeContext(context) }
        var output = [UInt8](repeating: 0, count: size.width * size.height * image.format.bytesPerPixel)
        image.pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                var sourcePlanes: [UnsafePointer<UInt8>?] = [source.baseAddress, nil, nil, nil]
                var sourceStrides: [Int32] = [Int32(image.bytesPerRow), 0, 0, 0]
                var destinationPlanes: [UnsafeMutablePointer<UInt8>?] = [destination.baseAddress, nil, nil, nil]
                var destinationStrides: [Int32] = [Int32(size.width * image.format.bytesPerPixel), 0, 0, 0]
                _ = sws_scale(context, &sourcePlanes, &sourceStrides, 0, Int32(image.height),
                              &destinationPlanes, &destinationStrides)
            }
        }
        return PixelImage(width: size.width, height: size.height, format: image.format, pixels: output)
    }

    private static func avFormat(_ format: PixelImage.Format) -> AVPixelFormat {
        format == .rgb24 ? AV_PIX_FMT_RGB24 : AV_PIX_FMT_GRAY8
    }

    /// Converts an AVFrame with swscale, using its colour matrix and range as ffmpeg's scale filter does.
    private static func convert(
        _ frame: UnsafeMutablePointer<AVFrame>, to format: PixelImage.Format, size: (width: Int, height: Int)?
    ) throws(MediaError) -> PixelImage {
        let width = Int(frame.pointee.width)
        let height = Int(frame.pointee.height)
        let output = size ?? (width, height)
        let source = AVPixelFormat(frame.pointee.format)
        guard let context = sws_getContext(
            Int32(width), Int32(height), source, Int32(output.width), Int32(output.height), avFormat(format),
            SWS_BICUBIC, nil, nil, nil)
        else {
            let name = av_get_pix_fmt_name(source).map { String(cString: $0) } ?? "unknown"
            throw MediaError(.unsupported, "cannot convert \(name) pixels to \(format.rawValue)")
        }
        defer { sws_freeContext(context) }
        applyColorDetails(of: frame, to: context)
        // swscale's SIMD writers work in blocks of pixels and, like FFmpeg's own frames, want padded rows;
        // converting into padded rows and then packing them gives exactly the bytes ffmpeg writes.
        let rowBytes = output.width * format.bytesPerPixel
        let paddedRowBytes = (rowBytes + 63) & ~63
        var padded = [UInt8](repeating: 0, count: paddedRowBytes * output.height + 64)
        padded.withUnsafeMutableBufferPointer { destination in
            var destinationPlanes: [UnsafeMutablePointer<UInt8>?] = [destination.baseAddress, nil, nil, nil]
            var destinationStrides: [Int32] = [Int32(paddedRowBytes), 0, 0, 0]
            let planes = UnsafeRawPointer(framelens_frame_planes(frame)).assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
            _ = sws_scale(
                context, planes, framelens_frame_linesizes(frame), 0, Int32(height), &destinationPlanes, &destinationStrides)
        }
        var pixels = [UInt8]()
        pixels.reserveCapacity(rowBytes * output.height)
        for row in 0..<output.height {
            pixels += padded[row * paddedRowBytes..<row * paddedRowBytes + rowBytes]
        }
        return PixelImage(width: output.width, height: output.height, format: format, pixels: pixels)
    }

    /// What libavfilter's scale filter does by default (`in_color_matrix=auto`): the frame's own
    /// colour matrix for input and output, and its range when it states one.
    private static func applyColorDetails(of frame: UnsafeMutablePointer<AVFrame>, to context: OpaquePointer) {
        var inverseTable: UnsafeMutablePointer<Int32>?
        var table: UnsafeMutablePointer<Int32>?
        var sourceFull: Int32 = 0
        var destinationFull: Int32 = 0
        var brightness: Int32 = 0
        var contrast: Int32 = 0
        var saturation: Int32 = 0
        guard sws_getColorspaceDetails(
            context, &inverseTable, &sourceFull, &table, &destinationFull, &brightness, &contrast, &saturation) >= 0
        else { return }
        let coefficients = sws_getCoefficients(Int32(frame.pointee.colorspace.rawValue))
        if frame.pointee.color_range != AVCOL_RANGE_UNSPECIFIED {
            sourceFull = frame.pointee.color_range == AVCOL_RANGE_JPEG ? 1 : 0
        }
        _ = sws_setColorspaceDetails(
            context, coefficients, sourceFull, coefficients, destinationFull, brightness, contrast, saturation)
    }
}
