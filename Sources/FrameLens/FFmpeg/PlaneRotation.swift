internal import CFFmpeg

/// Rotates pictures by quarter turns, the way ffmpeg's `transpose` and `hflip,vflip` filters do.
enum PlaneRotation {
    /// Where the source pixel of output pixel (x, y) is, for a source of `width` x `height`.
    private static func sourcePosition(
        x: Int, y: Int, width: Int, height: Int, clockwise: Int
    ) -> (x: Int, y: Int) {
        switch clockwise {
        case 90: (y, height - 1 - x)
        case 270: (width - 1 - y, x)
        default: (width - 1 - x, height - 1 - y)
        }
    }

    /// Rotates every plane of a frame in its own pixel format, or returns nil when the format cannot be
    /// rotated plane by plane (unequal chroma subsampling, bit-packed or hardware formats).
    static func rotate(_ frame: UnsafeMutablePointer<AVFrame>, clockwise: Int) -> UnsafeMutablePointer<AVFrame>? {
        let format = AVPixelFormat(frame.pointee.format)
        guard let descriptor = av_pix_fmt_desc_get(format) else { return nil }
        let flags = descriptor.pointee.flags
        let quarterTurn = clockwise % 180 != 0
        guard flags & UInt64(AV_PIX_FMT_FLAG_BITSTREAM | AV_PIX_FMT_FLAG_HWACCEL | AV_PIX_FMT_FLAG_PAL) == 0,
              !quarterTurn || descriptor.pointee.log2_chroma_w == descriptor.pointee.log2_chroma_h
        else { return nil }
        let width = Int(frame.pointee.width)
        let height = Int(frame.pointee.height)
        guard let output = allocateFrame() else { return nil }
        output.pointee.format = frame.pointee.format
        output.pointee.width = Int32(quarterTurn ? height : width)
        output.pointee.height = Int32(quarterTurn ? width : height)
        output.pointee.colorspace = frame.pointee.colorspace
        output.pointee.color_range = frame.pointee.color_range
        guard av_frame_get_buffer(output, 0) >= 0 else {
            var unused: UnsafeMutablePointer<AVFrame>? = output
            freeFrame(&unused)
            return nil
        }
        let components = withUnsafeBytes(of: descriptor.pointee.comp) { Array($0.bindMemory(to: AVComponentDescriptor.self)) }
            .prefix(Int(descriptor.pointee.nb_components))
        for plane in 0..<Int(av_pix_fmt_count_planes(format)) {
            let bytesPerPixel = Int(components.filter { Int($0.plane) == plane }.map(\.step).max() ?? 1)
            let isChroma = plane == 1 || plane == 2
            let shiftW = isChroma ? Int(descriptor.pointee.log2_chroma_w) : 0
            let shiftH = isChroma ? Int(descriptor.pointee.log2_chroma_h) : 0
            let planeWidth = (width + (1 << shiftW) - 1) >> shiftW
            let planeHeight = (height + (1 << shiftH) - 1) >> shiftH
            copyRotated(
                from: frame, to: output, plane: plane, width: planeWidth, height: planeHeight,
                bytesPerPixel: bytesPerPixel, clockwise: clockwise)
        }
        return output
    }

    /// The luma plane of a frame with an 8-bit luma plane, rotated, as a gray frame of its own; nil when
    /// out of memory.
    static func rotateLuma(_ frame: UnsafeMutablePointer<AVFrame>, clockwise: Int) -> UnsafeMutablePointer<AVFrame>? {
        let width = Int(frame.pointee.width)
        let height = Int(frame.pointee.height)
        let quarterTurn = clockwise % 180 != 0
        guard let output = allocateFrame() else { return nil }
        output.pointee.format = AV_PIX_FMT_GRAY8.rawValue
        output.pointee.width = Int32(quarterTurn ? height : width)
        output.pointee.height = Int32(quarterTurn ? width : height)
        output.pointee.color_range = frame.pointee.color_range
        guard av_frame_get_buffer(output, 0) >= 0 else {
            var unused: UnsafeMutablePointer<AVFrame>? = output
            freeFrame(&unused)
            return nil
        }
        copyRotated(from: frame, to: output, plane: 0, width: width, height: height, bytesPerPixel: 1, clockwise: clockwise)
        return output
    }

    private static func copyRotated(
        from source: UnsafeMutablePointer<AVFrame>, to destination: UnsafeMutablePointer<AVFrame>, plane: Int,
        width: Int, height: Int, bytesPerPixel: Int, clockwise: Int
    ) {
        let sourceBase = planeBase(source, plane)
        let destinationBase = planeBase(destination, plane)
        let sourceStride = planeStride(source, plane)
        let destinationStride = planeStride(destination, plane)
        let (outWidth, outHeight) = clockwise % 180 != 0 ? (height, width) : (width, height)
        if bytesPerPixel == 1 {
            // Byte planes (luma, chroma, gray) are copied a byte at a time, not through a copy call per pixel:
            // the caption tracker turns every frame of a rotated video.
            let sourceBytes = sourceBase.assumingMemoryBound(to: UInt8.self)
            for y in 0..<outHeight {
                let row = (destinationBase + y * destinationStride).assumingMemoryBound(to: UInt8.self)
                for x in 0..<outWidth {
                    let from = sourcePosition(x: x, y: y, width: width, height: height, clockwise: clockwise)
                    row[x] = sourceBytes[from.y * sourceStride + from.x]
                }
            }
            return
        }
        for y in 0..<outHeight {
            let row = destinationBase + y * destinationStride
            for x in 0..<outWidth {
                let from = sourcePosition(x: x, y: y, width: width, height: height, clockwise: clockwise)
                (row + x * bytesPerPixel).copyMemory(
                    from: sourceBase + from.y * sourceStride + from.x * bytesPerPixel, byteCount: bytesPerPixel)
            }
        }
    }

    /// Rotates an owned image (used for formats that cannot be rotated before conversion).
    static func rotate(_ image: PixelImage, clockwise: Int) -> PixelImage {
        let quarterTurn = clockwise % 180 != 0
        let (outWidth, outHeight) = quarterTurn ? (image.height, image.width) : (image.width, image.height)
        let bytesPerPixel = image.format.bytesPerPixel
        var pixels = [UInt8](repeating: 0, count: image.pixels.count)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                let from = sourcePosition(x: x, y: y, width: image.width, height: image.height, clockwise: clockwise)
                for byte in 0..<bytesPerPixel {
                    pixels[(y * outWidth + x) * bytesPerPixel + byte] =
                        image.pixels[(from.y * image.width + from.x) * bytesPerPixel + byte]
                }
            }
        }
        return PixelImage(width: outWidth, height: outHeight, format: image.format, pixels: pixels)
    }

    private static func planeBase(_ frame: UnsafeMutablePointer<AVFrame>, _ plane: Int) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(framelens_frame_planes(frame)[plane]!)
    }

    private static func planeStride(_ frame: UnsafeMutablePointer<AVFrame>, _ plane: Int) -> Int {
        Int(framelens_frame_linesizes(frame)[plane])
    }
}
