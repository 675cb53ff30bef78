internal import CFFmpeg

/// The colour of a part of a frame: its two chroma planes sampled at each of its luma pixels (the nearest
/// chroma sample), and what the frame says of how its YUV turns into RGB.
struct ChromaCrop: Sendable {
    /// Cb and Cr, one value per luma pixel of the part, row after row.
    let blueDifference: [UInt8]
    let redDifference: [UInt8]
    /// Whether the values span 0-255 (JPEG range) rather than 16-235 / 16-240.
    let isFullRange: Bool
    /// Whether the frame is tagged BT.709; otherwise BT.601, as FFmpeg's scaler takes untagged video.
    let isBT709: Bool

    /// The sRGB colour of a luma value with these chroma values.
    func color(luma: UInt8, blueDifference cb: UInt8, redDifference cr: UInt8) -> TextColor {
        let y = isFullRange ? Double(luma) : (Double(luma) - 16) * 255 / 219
        let scale = isFullRange ? 1 : 255.0 / 224
        let u = (Double(cb) - 128) * scale
        let v = (Double(cr) - 128) * scale
        let (red, green, blue) = isBT709
            ? (y + 1.5748 * v, y - 0.187324 * u - 0.468124 * v, y + 1.8556 * u)
            : (y + 1.402 * v, y - 0.344136 * u - 0.714136 * v, y + 1.772 * u)
        let byte = { (value: Double) in UInt8(min(255, max(0, value.rounded()))) }
        return TextColor(red: byte(red), green: byte(green), blue: byte(blue))
    }
}

extension VideoFrame {
    /// The chroma of `rect` (in coded pixels, within the frame), or nil when the frame is not planar 8-bit
    /// YUV (gray, RGB, semi-planar NV12, more than 8 bits).
    func chroma(in rect: ImageRect) -> ChromaCrop? {
        let native = buffer.frame.pointee
        guard let descriptor = av_pix_fmt_desc_get(buffer.pixelFormat)?.pointee, hasEightBitLumaPlane,
              descriptor.nb_components >= 3
        else { return nil }
        let (cb, cr) = (descriptor.comp.1, descriptor.comp.2)
        guard cb.plane == 1, cr.plane == 2, cb.depth == 8, cr.depth == 8, cb.step == 1, cr.step == 1 else { return nil }
        guard rect.x >= 0, rect.y >= 0, rect.x + rect.width <= width, rect.y + rect.height <= height else { return nil }
        let (shiftX, shiftY) = (Int(descriptor.log2_chroma_w), Int(descriptor.log2_chroma_h))
        let sample = { (plane: Int) -> [UInt8] in
            self.withUnsafePlane(plane) { bytes, bytesPerRow in
                var values = [UInt8](repeating: 0, count: rect.width * rect.height)
                for y in 0..<rect.height {
                    let row = ((rect.y + y) >> shiftY) * bytesPerRow
                    for x in 0..<rect.width { values[y * rect.width + x] = bytes[row + ((rect.x + x) >> shiftX)] }
                }
                return values
            }
        }
        return ChromaCrop(
            blueDifference: sample(1), redDifference: sample(2),
            isFullRange: native.color_range == AVCOL_RANGE_JPEG || pixelFormat.hasPrefix("yuvj"),
            isBT709: native.colorspace == AVCOL_SPC_BT709)
    }
}
