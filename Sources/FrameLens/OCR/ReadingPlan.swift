/// How a laid-out picture is read: which parts, each as one block of text, and how much larger.
///
/// Tesseract's page layout finds the blocks, but it only says where text is, not what is read: blocks
/// that touch (a paragraph the layout cut into pieces, as it does with Hangul) are read together as one
/// uniform block, which keeps every line; blocks that stand side by side with their lines in rows (a
/// table) are read as one block, row by row, as a person reads a table; columns of prose apart from
/// each other stay apart. Small text is scaled up to the line height Tesseract reads best.
enum ReadingPlan {
    /// A part of the picture to read as one block.
    struct Unit: Equatable {
        /// Where it is, in the laid-out picture's pixels.
        var bounds: PixelRect
        /// Its text lines' boxes.
        var lines: [PixelRect]
        /// How much larger to read it.
        var scale: Double
    }

    /// The line height (ascender to descender) Tesseract reads best: an x-height of about 24 pixels.
    static let bestLineHeight = 48.0
    /// Text is scaled up at most this much.
    static let largestScale = 4.0

    /// The parts of a picture to read, in reading order.
    static func units(_ layout: [LayoutBlock], width: Int, height: Int) -> [Unit] {
        var groups = layout.filter { $0.isText && !$0.lines.isEmpty }.map { [$0] }
        var merged = true
        while merged {
            merged = false
            search: for first in groups.indices {
                for second in groups.indices
                where second > first && (touch(groups[first], groups[second]) || formRows(groups[first], groups[second])) {
                    groups[first] += groups.remove(at: second)
                    merged = true
                    break search
                }
            }
        }
        return groups.map { blocks in
            let lines = blocks.flatMap(\.lines).sorted { $0.y < $1.y }
            let bounds = blocks.dropFirst().reduce(blocks[0].bounds) { $0.union($1.bounds) }
            let lineHeight = Double(median(lines.map(\.height)))
            let scale = lineHeight < 0.75 * bestLineHeight
                ? min(largestScale, (bestLineHeight / max(1, lineHeight) * 4).rounded() / 4) : 1
            // The layout's boxes can miss a line's ascenders, or a whole first line (Hangul): a line's
            // height above and below, half of it at the sides.
            let side = max(4, Int(lineHeight / 2)), above = max(4, Int(lineHeight))
            let grown = PixelRect(
                x: bounds.x - side, y: bounds.y - above, width: bounds.width + 2 * side, height: bounds.height + 2 * above)
            return Unit(bounds: grown.clamped(width: width, height: height), lines: lines, scale: scale)
        }
    }

    /// Whether two groups of blocks touch, or overlap, once each is grown by half its line height.
    static func touch(_ first: [LayoutBlock], _ second: [LayoutBlock]) -> Bool {
        let margin = max(2, min(lineHeight(first), lineHeight(second)) / 2)
        return first.contains { a in
            second.contains { b in
                let grown = a.bounds.expanded(by: margin)
                return grown.x < b.bounds.x + b.bounds.width + margin && b.bounds.x - margin < grown.x + grown.width
                    && grown.y < b.bounds.y + b.bounds.height + margin && b.bounds.y - margin < grown.y + grown.height
            }
        }
    }

    private static func lineHeight(_ blocks: [LayoutBlock]) -> Int {
        median(blocks.flatMap(\.lines).map(\.height))
    }

    /// Whether two groups of blocks stand side by side with their lines in common rows (a table).
    static func formRows(_ first: [LayoutBlock], _ second: [LayoutBlock]) -> Bool {
        let a = first.flatMap(\.lines), b = second.flatMap(\.lines)
        let boundsA = first.dropFirst().reduce(first[0].bounds) { $0.union($1.bounds) }
        let boundsB = second.dropFirst().reduce(second[0].bounds) { $0.union($1.bounds) }
        let overlap = min(boundsA.y + boundsA.height, boundsB.y + boundsB.height) - max(boundsA.y, boundsB.y)
        let sideBySide = boundsA.x + boundsA.width <= boundsB.x || boundsB.x + boundsB.width <= boundsA.x
        guard sideBySide, Double(overlap) >= 0.5 * Double(min(boundsA.height, boundsB.height)) else { return false }
        let (fewer, more) = a.count <= b.count ? (a, b) : (b, a)
        let inRows = fewer.filter { line in
            more.contains { abs(($0.y * 2 + $0.height) - (line.y * 2 + line.height)) <= min($0.height, line.height) }
        }
        return inRows.count * 2 >= fewer.count
    }

    private static func median(_ values: [Int]) -> Int {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }
}
