/// A tiny gray picture of a frame (80x45 cell averages of the luma), for telling whether the picture
/// changed without looking at every pixel.
struct Thumbnail: Equatable {
    static let columns = 80
    static let rows = 45

    /// One average luma value per cell, row after row.
    let cells: [UInt8]

    /// Averages the frame's luma plane cell by cell in place (every second pixel of every second row);
    /// other pixel formats are scaled down to gray with swscale first.
    init(_ frame: VideoFrame) throws(MediaError) {
        guard frame.hasEightBitLumaPlane else {
            cells = try FrameRenderer.render(
                frame, as: .gray8, applyRotation: false, size: (Self.columns, Self.rows)).pixels
            return
        }
        let width = frame.width
        let height = frame.height
        cells = frame.withUnsafePlane(0) { bytes, bytesPerRow in
            var sums = [Int](repeating: 0, count: Self.columns * Self.rows)
            var counts = [Int](repeating: 0, count: Self.columns * Self.rows)
            for y in stride(from: 0, to: height, by: 2) {
                let row = y * Self.rows / height * Self.columns
                let line = y * bytesPerRow
                for x in stride(from: 0, to: width, by: 2) {
                    let cell = row + x * Self.columns / width
                    sums[cell] += Int(bytes[line + x])
                    counts[cell] += 1
                }
            }
            return zip(sums, counts).map { UInt8($0 / max($1, 1)) }
        }
    }

    /// The absolute difference of each cell.
    func differences(from other: Thumbnail) -> [Int] {
        zip(cells, other.cells).map { abs(Int($0) - Int($1)) }
    }
}
