/// A tiny gray picture of a frame (80x45 cell averages of the luma), for telling whether the picture
/// changed without looking at every pixel.
struct Thumbnail: Equatable {
    static let columns = 80
    static let rows = 45

    /// One average luma value per cell, row after row.
    let cells: [UInt8]
    /// The frame at a finer scale, to register filmed samples before comparing them (nil for a frame with no
    /// 8-bit luma plane).
    let working: WorkingPicture?

    /// Every `step`-th pixel of every `step`-th row is averaged, at most every fourth: a cell gets at
    /// least 36 samples (a 1080p cell 36, a 360p cell all its 64 pixels), so that the noise and the
    /// slight damage of a quick decode average out.
    private static func step(width: Int, height: Int) -> Int {
        max(1, min(4, min(width / columns, height / rows) / 6))
    }

    /// Averages the frame's luma plane cell by cell in place; other pixel formats are scaled down to
    /// gray with swscale first.
    init(_ frame: VideoFrame) throws(MediaError) {
        let step = Self.step(width: frame.width, height: frame.height)
        guard frame.hasEightBitLumaPlane, frame.width >= Self.columns * step, frame.height >= Self.rows * step
        else {
            cells = try FrameRenderer.render(
                frame, as: .gray8, applyRotation: false, size: (Self.columns, Self.rows)).pixels
            working = WorkingPicture(frame)
            return
        }
        working = WorkingPicture(frame)
        let width = frame.width
        let height = frame.height
        let columnOfX = stride(from: 0, to: width, by: step).map { $0 * Self.columns / width }
        cells = frame.withLumaPlane { plane in
            var sums = [Int](repeating: 0, count: Self.columns * Self.rows)
            var counts = [Int](repeating: 0, count: Self.columns * Self.rows)
            for y in stride(from: 0, to: height, by: step) {
                let rowStart = y * Self.rows / height * Self.columns
                for (index, column) in columnOfX.enumerated() {
                    sums[rowStart + column] += Int(plane[index * step, y])
                    counts[rowStart + column] += 1
                }
            }
            return zip(sums, counts).map { UInt8($0 / max($1, 1)) }
        }
    }

    /// The absolute difference of each cell: of the registered pictures when registering explains the change
    /// (`registeredDifferences`), else of the pictures as they are.
    func differences(from other: Thumbnail) -> [Int] {
        ThumbnailComparison(self, from: other).differences
    }

    /// The absolute difference of each cell of the pictures as they are.
    func plainDifferences(from other: Thumbnail) -> [Int] {
        zip(cells, other.cells).map { abs(Int($0) - Int($1)) }
    }

    /// The cell differences of the pictures registered to each other (`Registration`) less their noise, when
    /// the picture moved or its brightness stepped and that explains at least half of the cells that changed:
    /// a filmed screen that drifted or changed exposure. Nil otherwise: a slide change or a caption is not
    /// explained by a shift and keeps its cells, and a digital video's frames, which never move, are compared
    /// as they are.
    func registeredDifferences(from other: Thumbnail, reach: Int = Registration.reach) -> [Int]? {
        ThumbnailComparison(self, from: other, reach: reach).explained
    }
}
