/// How a laid-out picture is read: which parts, each as one block of text, and how much larger.
///
/// Tesseract's page layout finds the blocks, but it only says where text is, not what is read: blocks
/// that touch (a paragraph the layout cut into pieces, as it does with Hangul) are read together as one
/// uniform block, which keeps every line; columns of prose apart from each other stay apart; and
/// columns whose lines stand in common rows (a table) are read column by column, and their lines put in
/// rows, as a person reads a table. Small text is scaled up to the line height Tesseract reads best.
enum ReadingPlan {
    /// What to read together: one part, or the columns of a table.
    struct Unit: Equatable {
        /// The parts to read, each as one block, in the laid-out picture's pixels.
        var parts: [PixelRect]
        /// The text lines' boxes, as the layout found them.
        var lines: [PixelRect]
        /// How much larger to read it.
        var scale: Double

        /// Whether its lines are put in rows across its parts (a table's columns).
        var isTable: Bool { parts.count > 1 }
    }

    /// The line height (ascender to descender) Tesseract reads best: an x-height of about 24 pixels.
    static let bestLineHeight = 48.0
    /// Text is scaled up at most this much.
    static let largestScale = 4.0

    /// The parts of a picture to read, in reading order.
    static func units(_ layout: [LayoutBlock], width: Int, height: Int) -> [Unit] {
        let areas = grouped(layout.filter { $0.isText && !$0.lines.isEmpty }.map { [$0] }, by: touch)
        return grouped(areas.map { [$0] }, by: { formRows($0.flatMap { $0 }, $1.flatMap { $0 }) }).map { columns in
            let lines = columns.flatMap { $0.flatMap(\.lines) }
            let lineHeight = Double(median(lines.map(\.height)))
            let scale = lineHeight < 0.75 * bestLineHeight
                ? min(largestScale, (bestLineHeight / max(1, lineHeight) * 4).rounded() / 4) : 1
            // The layout's boxes can miss a line's ascenders, or a whole first line (Hangul): a line's
            // height above and below, half of it at the sides.
            let side = max(4, Int(lineHeight / 2)), above = max(4, Int(lineHeight))
            let parts = columns.map { blocks in
                let bounds = blocks.dropFirst().reduce(blocks[0].bounds) { $0.union($1.bounds) }
                return PixelRect(
                    x: bounds.x - side, y: bounds.y - above, width: bounds.width + 2 * side,
                    height: bounds.height + 2 * above
                ).clamped(width: width, height: height)
            }
            return Unit(parts: parts, lines: lines.sorted { $0.y < $1.y }, scale: scale)
        }
    }

    /// Groups joined, in the order of their first members, wherever `belong` says two belong together.
    private static func grouped<Item>(_ groups: [[Item]], by belong: ([Item], [Item]) -> Bool) -> [[Item]] {
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
                let overlap = min(a.bounds.y + a.bounds.height, b.bounds.y + b.bounds.height) - max(a.bounds.y, b.bounds.y)
                return across * 2 < height && overlap * 2 >= min(a.bounds.height, b.bounds.height)
            }
        }
    }

    private static func lineHeight(_ blocks: [LayoutBlock]) -> Int {
        median(blocks.flatMap(\.lines).map(\.height))
    }

    /// Whether two groups of blocks stand side by side with three lines or more each, most of them in
    /// common rows (the columns of a table without rules).
    static func formRows(_ first: [LayoutBlock], _ second: [LayoutBlock]) -> Bool {
        let a = first.flatMap(\.lines), b = second.flatMap(\.lines)
        let boundsA = first.dropFirst().reduce(first[0].bounds) { $0.union($1.bounds) }
        let boundsB = second.dropFirst().reduce(second[0].bounds) { $0.union($1.bounds) }
        let overlap = min(boundsA.y + boundsA.height, boundsB.y + boundsB.height) - max(boundsA.y, boundsB.y)
        let sideBySide = boundsA.x + boundsA.width <= boundsB.x || boundsB.x + boundsB.width <= boundsA.x
        guard sideBySide, Double(overlap) >= 0.5 * Double(min(boundsA.height, boundsB.height)) else { return false }
        let (fewer, more) = a.count <= b.count ? (a, b) : (b, a)
        // Cells of a line or two side by side are read cell by cell, in the layout's order.
        guard fewer.count >= 3 else { return false }
        let inRows = fewer.filter { line in
            more.contains { abs(($0.y * 2 + $0.height) - (line.y * 2 + line.height)) <= min($0.height, line.height) }
        }
        return inRows.count * 2 >= fewer.count
    }

    private static func median(_ values: [Int]) -> Int {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }
}
