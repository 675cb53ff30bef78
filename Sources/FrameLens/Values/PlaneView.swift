/// A read-only view of one 8-bit picture plane: `width` x `height` pixels, row `y` starting
/// `y * bytesPerRow` bytes in. Every pixel read is checked against the plane's bounds in debug builds.
///
/// The pixel arithmetic of the analysis (thumbnails, stroke maps, crops, inversions) goes through this
/// type; only the layers that hand pixels to C (FFmpeg, Tesseract, ZBar) see the bytes themselves. A view
/// is made by a `withPlane`-style call (`VideoFrame.withLumaPlane`, `LumaImage.withPlane`,
/// `GrayPicture.withPlane`, `PlaneView.of(_:width:height:)`) and is valid only inside it: do not keep it.
struct PlaneView {
    let width: Int
    let height: Int
    let bytesPerRow: Int
    private let bytes: UnsafeRawBufferPointer

    /// A view of `bytes`; the rows must fit in them.
    init(_ bytes: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int) {
        precondition(width >= 0 && height >= 0 && bytesPerRow >= width, "a plane's rows are at least its width")
        precondition(height == 0 || (height - 1) * bytesPerRow + width <= bytes.count, "the plane's rows do not fit its bytes")
        self.bytes = bytes
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
    }

    /// Calls `body` with a view of tightly packed pixels (`width * height` of them, row after row).
    static func of<Result>(
        _ pixels: [UInt8], width: Int, height: Int, _ body: (PlaneView) throws -> Result
    ) rethrows -> Result {
        precondition(pixels.count == width * height, "pixel count does not match the size")
        return try pixels.withUnsafeBytes { try body(PlaneView($0, width: width, height: height, bytesPerRow: width)) }
    }

    /// The pixel in column `x` of row `y`.
    @inline(__always)
    /// Whether reading a pixel checks that it is inside the plane (`assert`: in a build of this module without
    /// optimisation).
    static var checksPixelReads: Bool { _isDebugAssertConfiguration() }

    subscript(x: Int, y: Int) -> UInt8 {
        assert(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside a \(width)x\(height) plane")
        return bytes[y * bytesPerRow + x]
    }

    /// The part of the plane inside `rect` (which must lie within it), read in place.
    func part(_ rect: ImageRect) -> PlaneView {
        precondition(
            rect.x >= 0 && rect.y >= 0 && rect.width >= 0 && rect.height >= 0 && rect.x + rect.width <= width
                && rect.y + rect.height <= height, "a part of a plane lies within it")
        guard rect.width > 0, rect.height > 0 else {
            return PlaneView(UnsafeRawBufferPointer(start: nil, count: 0), width: 0, height: 0, bytesPerRow: 0)
        }
        let start = rect.y * bytesPerRow + rect.x
        let end = (rect.y + rect.height - 1) * bytesPerRow + rect.x + rect.width
        return PlaneView(
            UnsafeRawBufferPointer(rebasing: bytes[start..<end]), width: rect.width, height: rect.height,
            bytesPerRow: bytesPerRow)
    }

    /// The pixels of `rect`, tightly packed, each passed through `transform`.
    func pixels(in rect: ImageRect, _ transform: (UInt8) -> UInt8 = { $0 }) -> [UInt8] {
        let part = part(rect)
        var copy = [UInt8](repeating: 0, count: rect.width * rect.height)
        for y in 0..<part.height {
            for x in 0..<part.width { copy[y * part.width + x] = transform(part[x, y]) }
        }
        return copy
    }

    /// The plane averaged `factor` x `factor` pixels at a time, row after row (`width / factor` by
    /// `height / factor` values), each cell sampled at every `step`-th row and column. The hot path of the
    /// caption tracker, which looks at every decoded frame: it reads the bytes directly.
    func boxAverages(factor: Int, step: Int) -> [UInt8] {
        precondition(factor >= 1 && step >= 1, "cells and steps are at least a pixel")
        let columns = width / factor, rows = height / factor
        let samples = (factor + step - 1) / step
        precondition(samples <= 128, "a cell's sampled rows fit 16-bit sums")
        // Dividing by the cell's sampled area is multiplying by its reciprocal scaled by 2^40: exact here,
        // as a cell's sum times its area stays under 2^40.
        let reciprocal = ((1 << 40) + UInt64(samples * samples) - 1) / UInt64(samples * samples)
        let span = columns * factor
        return [UInt8](unsafeUninitializedCapacity: columns * rows) { output, count in
            // Each cell row first adds its sampled rows up pixel by pixel (a loop the compiler vectorises),
            // then each cell adds up its sampled columns of those sums.
            var sums = [UInt16](repeating: 0, count: span)
            sums.withUnsafeMutableBufferPointer { sums in
                for row in 0..<rows {
                    sums.update(repeating: 0)
                    for dy in stride(from: 0, to: factor, by: step) {
                        let line = UnsafeRawBufferPointer(rebasing: bytes[((row * factor + dy) * bytesPerRow)...].prefix(span))
                        for x in 0..<span { sums[x] &+= UInt16(line[x]) }
                    }
                    for column in 0..<columns {
                        var sum: UInt64 = 0
                        for dx in stride(from: 0, to: factor, by: step) { sum &+= UInt64(sums[column * factor + dx]) }
                        output[row * columns + column] = UInt8(truncatingIfNeeded: (sum &* reciprocal) >> 40)
                    }
                }
            }
            count = columns * rows
        }
    }

    /// Calls `body` with the bytes from the first pixel to the last and the bytes between rows, for a C
    /// library that reads the plane in place (Tesseract, ZBar, swscale). Do not escape the pointer.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer, _ bytesPerRow: Int) throws -> Result) rethrows -> Result {
        try body(bytes, bytesPerRow)
    }
}
