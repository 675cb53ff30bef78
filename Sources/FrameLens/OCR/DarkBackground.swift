/// Finds dark backgrounds (a caption box, a dark slide or banner), whose light text Tesseract's
/// binarisation can miss, and makes inverted copies of them to read as dark-on-light.
enum DarkBackground {
    private static let blockSize = 16
    /// A block whose mean luma is below this is mostly dark background, even with light text on it
    /// (dark text strokes on a light background average far brighter).
    private static let darkLuma = 110
    /// At most this many dark areas are read per region, the largest first.
    private static let maximumAreas = 6

    /// The bounding rectangles of connected groups of dark blocks in `rect` (two blocks or more), one block
    /// wider on every side so that text reaching past the dark blocks' grid is read whole.
    static func areas(in plane: PlaneView, within rect: ImageRect) -> [ImageRect] {
        let columns = rect.width / blockSize
        let rows = rect.height / blockSize
        guard columns > 0, rows > 0 else { return [] }
        var dark = [Bool](repeating: false, count: columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let top = rect.y + row * blockSize
                let left = rect.x + column * blockSize
                var sum = 0
                for y in stride(from: top, to: top + blockSize, by: 4) {
                    for x in stride(from: left, to: left + blockSize, by: 4) { sum += Int(plane[x, y]) }
                }
                dark[row * columns + column] = sum / (blockSize * blockSize / 16) < darkLuma
            }
        }
        return components(dark, columns: columns, rows: rows)
            .filter { $0.count >= 2 }
            .sorted { $0.count > $1.count }
            .prefix(maximumAreas)
            .map { blocks in
                let xs = blocks.map { $0 % columns }
                let ys = blocks.map { $0 / columns }
                let left = max(rect.x, rect.x + (xs.min()! - 1) * blockSize)
                let top = max(rect.y, rect.y + (ys.min()! - 1) * blockSize)
                let right = min(rect.x + rect.width, rect.x + (xs.max()! + 2) * blockSize)
                let bottom = min(rect.y + rect.height, rect.y + (ys.max()! + 2) * blockSize)
                return ImageRect(x: left, y: top, width: right - left, height: bottom - top)
            }
    }

    /// Groups of 4-connected marked cells.
    private static func components(_ marked: [Bool], columns: Int, rows: Int) -> [[Int]] {
        var seen = [Bool](repeating: false, count: marked.count)
        var groups: [[Int]] = []
        for start in marked.indices where marked[start] && !seen[start] {
            var group: [Int] = []
            var stack = [start]
            seen[start] = true
            while let cell = stack.popLast() {
                group.append(cell)
                let (row, column) = (cell / columns, cell % columns)
                for (y, x) in [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
                where y >= 0 && y < rows && x >= 0 && x < columns && marked[y * columns + x] && !seen[y * columns + x] {
                    seen[y * columns + x] = true
                    stack.append(y * columns + x)
                }
            }
            groups.append(group)
        }
        return groups
    }

    /// The rectangle inverted, light text turned dark on a light background. Read it with local
    /// (Sauvola) binarisation: one global threshold cannot keep both white text on dark blue and dim gray
    /// text on black, and a mid-gray surround turned darker must not become a frame.
    static func lightTextAsDark(of plane: PlaneView, rect: ImageRect) -> [UInt8] {
        plane.pixels(in: rect) { 255 - $0 }
    }
}
