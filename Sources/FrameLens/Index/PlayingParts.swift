/// The parts of a still picture that play: a presenter inset, a webcam picture, a video within a slide. A part is
/// a group of cells that moved at some of the seven samples before the last, each within `reach` cells of another;
/// it plays when some of its cells moved at every one of the four samples before the last. Its whole box plays,
/// with a margin: what moves in it next (a bar sweeping across a test pattern, a hand raised) is more of it.
///
/// Captions over a still picture hold still between them, so where they come and go is no playing part; the
/// last sample's own change is left out of the finding, so that a caption appearing beside an inset is not
/// taken into it.
enum PlayingParts {
    /// How far apart two moving cells of one part may lie, in cells each way.
    static let reach = 2
    /// How many cells around a playing part's box belong to it too.
    static let margin = 2

    /// The cells of the playing parts, for cell histories as `ChangeDetector` keeps them (whether a cell moved at
    /// each of the last eight samples, newest in the lowest bit) on a grid `columns` wide.
    static func cells(history: [UInt8], columns: Int) -> [Bool] {
        let rows = history.count / columns
        let earlier = history.map { $0 >> 1 }
        var grouped = [Bool](repeating: false, count: history.count)
        var result = [Bool](repeating: false, count: history.count)
        for seed in earlier.indices where earlier[seed] != 0 && !grouped[seed] {
            grouped[seed] = true
            var stack = [seed], activity: UInt8 = 0
            var box = (left: columns, top: rows, right: -1, bottom: -1)
            while let cell = stack.popLast() {
                activity |= earlier[cell]
                let (x, y) = (cell % columns, cell / columns)
                box = (min(box.left, x), min(box.top, y), max(box.right, x), max(box.bottom, y))
                for ny in max(0, y - reach)...min(rows - 1, y + reach) {
                    for nx in max(0, x - reach)...min(columns - 1, x + reach) {
                        let neighbour = ny * columns + nx
                        if earlier[neighbour] != 0 && !grouped[neighbour] {
                            grouped[neighbour] = true
                            stack.append(neighbour)
                        }
                    }
                }
            }
            guard activity & 0b1111 == 0b1111 else { continue }
            for y in max(0, box.top - margin)...min(rows - 1, box.bottom + margin) {
                for x in max(0, box.left - margin)...min(columns - 1, box.right + margin) { result[y * columns + x] = true }
            }
        }
        return result
    }
}
