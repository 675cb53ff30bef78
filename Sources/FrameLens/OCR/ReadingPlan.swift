/// How a laid-out picture is read: which parts, each as one block of text, and how much larger.
///
/// Tesseract's page layout finds the blocks, but it only says where text is, not what is read: blocks
/// that touch (a paragraph the layout cut into pieces, as it does with Hangul) are read together as one
/// uniform block, which keeps every line; columns of prose apart from each other stay apart; and
/// columns whose lines stand in common rows (a table, or code beside its line numbers) are read column by
/// column, and their lines put in rows, as a person reads a table (`tables(of:)`). Small text is scaled
/// up to the line height Tesseract reads best.
enum ReadingPlan {
    /// What to read together: one part, or the columns of a table.
    struct Unit: Equatable {
        /// The parts to read, each as one block, in the laid-out picture's pixels.
        var parts: [ImageRect]
        /// The text lines' boxes, as the layout found them.
        var lines: [ImageRect]
        /// How much larger to read it.
        var scale: Double

        /// Whether its lines are put in rows across its parts (a table's columns).
        var isTable: Bool { parts.count > 1 }
    }

    /// The line height (ascender to descender) Tesseract reads best: an x-height of about 24 pixels.
    static let bestLineHeight = 48.0
    /// Text is scaled up at most this much.
    static let largestScale = 4.0

    /// How much larger lines `lineHeight` pixels tall are read: to about `bestLineHeight`, in quarters, at most
    /// `largestScale`; lines nearly that tall as they are.
    static func scale(lineHeight: Double) -> Double {
        lineHeight < 0.75 * bestLineHeight ? min(largestScale, (bestLineHeight / max(1, lineHeight) * 4).rounded() / 4) : 1
    }

    /// How tall, in points, a line of text is taken to be when choosing the resolution to lay it out at.
    static let linePoints = 16.0

    /// The pixels per inch at which lines `lineHeight` pixels tall are `linePoints` tall: Tesseract's layout
    /// then sees text of a usual size, however large the picture.
    static func resolution(lineHeight: Int) -> Int {
        Int((Double(lineHeight) * 72 / linePoints).rounded())
    }

    /// The parts of a picture to read, in reading order.
    static func units(_ layout: [LayoutBlock], width: Int, height: Int) -> [Unit] {
        let text = unstacked(layout.filter { $0.isText && !$0.lines.isEmpty })
        let usual = median(text.flatMap(\.lines).map(\.height))
        let areas = grouped(text.map { [$0] }) { touch($0, $1) || piecesOfAColumn($0, $1, lineHeight: usual) }.map(Area.init)
        return tables(of: areas).map { members in
            let lines = members.flatMap { areas[$0].lines }
            let lineHeight = Double(median(lines.map(\.height)))
            let scale = Self.scale(lineHeight: lineHeight)
            // The layout's boxes can miss a line's ascenders, or a whole first line (Hangul): a line's
            // height above and below, half of it at the sides. A table's columns are read from its top to
            // its bottom: cells the layout missed (line numbers, often) are read too.
            let side = max(4, Int(lineHeight / 2)), above = max(4, Int(lineHeight))
            let bounds = columns(members.map { areas[$0].bounds })
            let top = bounds.map(\.y).min() ?? 0, bottom = bounds.map { $0.y + $0.height }.max() ?? 0
            let parts = bounds.map { column in
                ImageRect(
                    x: column.x - side, y: top - above, width: column.width + 2 * side, height: bottom - top + 2 * above
                ).clamped(width: width, height: height)
            }
            return Unit(parts: parts, lines: lines.sorted { $0.y < $1.y }, scale: scale)
        }
    }

    /// The columns of some boxes, left to right: boxes one above another (overlapping across) are one
    /// column (code beside its line numbers, which the layout cuts into a block every line or two).
    static func columns(_ boxes: [ImageRect]) -> [ImageRect] {
        let stacks = grouped(boxes.map { [$0] }) { upper, lower in
            upper.contains { a in lower.contains { b in a.overlapsAcross(b) } }
        }
        return stacks.map(bounding).sorted { $0.x < $1.x }
    }

    /// The smallest rectangle holding some (at least one).
    static func bounding(_ boxes: [ImageRect]) -> ImageRect {
        boxes.dropFirst().reduce(boxes[0]) { $0.union($1) }
    }

    /// Blocks that are pieces of the same lines, read as one.
    struct Area {
        let blocks: [LayoutBlock]
        var lines: [ImageRect] { blocks.flatMap(\.lines) }
        var bounds: ImageRect { bounding(blocks.map(\.bounds)) }
    }

    /// How many rows of pixels two rectangles share (negative: the gap between them).
    static func overlap(_ a: ImageRect, _ b: ImageRect) -> Int {
        min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
    }

    /// Groups joined, in the order of their first members, wherever `belong` says two belong together.
    static func grouped<Item>(_ groups: [[Item]], by belong: ([Item], [Item]) -> Bool) -> [[Item]] {
        var groups = groups
        var merged = true
        while merged {
            merged = false
            search: for first in groups.indices {
                for second in groups.indices where second > first && belong(groups[first], groups[second]) {
                    groups[first] += groups.remove(at: second)
                    merged = true
                    break search
                }
            }
        }
        return groups
    }

    /// Whether two groups of blocks are pieces of the same lines: side by side in the same rows, apart by
    /// less than half a line's height (a space between words, not a column's gutter).
    static func touch(_ first: [LayoutBlock], _ second: [LayoutBlock]) -> Bool {
        let height = max(2, min(lineHeight(first), lineHeight(second)))
        return first.contains { a in
            second.contains { b in
                let across = max(a.bounds.x, b.bounds.x) - min(a.bounds.x + a.bounds.width, b.bounds.x + b.bounds.width)
                return across * 2 < height && overlap(a.bounds, b.bounds) * 2 >= min(a.bounds.height, b.bounds.height)
            }
        }
    }

    /// Whether two groups of blocks are pieces of one narrow column (line numbers, a list's first cells)
    /// that the layout cut: each under three lines' height wide, one above the other in the same place
    /// across, less than two lines apart.
    static func piecesOfAColumn(_ first: [LayoutBlock], _ second: [LayoutBlock], lineHeight: Int) -> Bool {
        first.contains { a in
            second.contains { b in
                let (upper, lower) = a.bounds.y <= b.bounds.y ? (a.bounds, b.bounds) : (b.bounds, a.bounds)
                return max(a.bounds.width, b.bounds.width) < 3 * lineHeight && upper.overlapsAcross(lower)
                    && lower.y - (upper.y + upper.height) < 2 * lineHeight
            }
        }
    }

    private static func lineHeight(_ blocks: [LayoutBlock]) -> Int {
        median(blocks.flatMap(\.lines).map(\.height))
    }

    static func median(_ values: [Int]) -> Int {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }
}

extension ImageRect {
    /// Whether the two share some columns of pixels (one could stand above the other).
    func overlapsAcross(_ other: ImageRect) -> Bool {
        x < other.x + other.width && other.x < x + width
    }
}
