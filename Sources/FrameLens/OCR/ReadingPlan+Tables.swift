/// How `ReadingPlan` finds tables: columns whose lines stand in common rows, code beside its line
/// numbers among them, which are read column by column and put in rows.
extension ReadingPlan {
    /// The areas (their indices) read together, each group a table or an area alone, in the order of
    /// their first areas.
    static func tables(of areas: [Area]) -> [[Int]] {
        let mates = rowMates(areas)
        let tables = grouped(areas.indices.map { [$0] }) { first, second in
            first.contains { a in second.contains { b in mates.contains([a, b]) } }
        }
        // Lines just above or below a table (a blank row at most between), under one of its columns, are
        // its rows too (code further down than the line numbers the layout found).
        return grouped(tables) { first, second in
            let (table, other) = first.count > 1 ? (first, second) : (second, first)
            let tableColumns = columns(table.map { areas[$0].bounds })
            guard tableColumns.count > 1, other.count == 1, let bounds = other.first.map({ areas[$0].bounds }) else { return false }
            let tableBounds = bounding(tableColumns)
            let gap = max(bounds.y - (tableBounds.y + tableBounds.height), tableBounds.y - (bounds.y + bounds.height))
            return gap >= 0 && gap < 2 * rowPitch(table.flatMap { areas[$0].lines })
                && tableColumns.filter { $0.overlapsAcross(bounds) }.count == 1
        }
    }

    /// The pairs of areas (their indices) that are cells of one table: two that stand side by side with
    /// their lines in rows, or a column of three lines or more and all the areas beside it on one side,
    /// three lines or more together, each in one of its rows (code beside its line numbers, which the
    /// layout cuts into a block every line or two).
    private static func rowMates(_ areas: [Area]) -> Set<Set<Int>> {
        var mates = Set<Set<Int>>()
        for (i, column) in areas.enumerated() where column.lines.count >= 3 {
            let bounds = column.bounds
            for onTheRight in [false, true] {
                let beside = areas.indices.filter { j in
                    let other = areas[j].bounds
                    let apart = onTheRight ? other.x >= bounds.x + bounds.width : other.x + other.width <= bounds.x
                    return j != i && apart && overlap(bounds, other) * 2 >= other.height
                }
                for j in beside where formRows(column.lines, areas[j].lines) { mates.insert([i, j]) }
                let besideLines = beside.flatMap { areas[$0].lines }
                if beside.count > 1, besideLines.count >= 3, besideLines.allSatisfy({ inRow($0, with: column.lines) }) {
                    for j in beside { mates.insert([i, j]) }
                }
            }
        }
        return mates
    }

    /// The usual distance from one row of lines to the next.
    private static func rowPitch(_ lines: [ImageRect]) -> Int {
        let middles = lines.map { $0.y * 2 + $0.height }.sorted()
        let height = median(lines.map(\.height))
        return median(zip(middles, middles.dropFirst()).map { ($1 - $0) / 2 }.filter { $0 * 2 > height })
    }

    /// The blocks with their stacks of short lines split in rows. The layout can take a narrow column of
    /// short lines (line numbers beside code, at some sizes) for one tall line: a "line" over 2.5 times
    /// the picture's usual line height, and under twice as wide (a few characters), is cut into the rows
    /// of the lines beside it (dropped where none is), so that the column can be found to stand in their
    /// rows.
    static func unstacked(_ blocks: [LayoutBlock]) -> [LayoutBlock] {
        let usual = median(blocks.flatMap(\.lines).map(\.height))
        func isStack(_ line: ImageRect) -> Bool { line.height * 2 > usual * 5 && line.width < 2 * usual }
        let rows = blocks.flatMap(\.lines).filter { !isStack($0) }
        return blocks.map { block in
            var block = block
            block.lines = block.lines.flatMap { line -> [ImageRect] in
                guard isStack(line) else { return [line] }
                let beside = rows.filter { row in
                    let middle = row.y * 2 + row.height
                    return middle > line.y * 2 && middle < (line.y + line.height) * 2
                }.sorted { $0.y < $1.y }
                return beside.reduce(into: []) { cut, row in
                    if let last = cut.last, overlap(last, row) * 2 >= min(last.height, row.height) { return }
                    cut.append(ImageRect(x: line.x, y: row.y, width: line.width, height: row.height))
                }
            }
            return block
        }.filter { !$0.lines.isEmpty }
    }

    /// Whether two sets of lines beside each other, three or more each, stand mostly in common rows (the
    /// columns of a table without rules). Cells of a line or two side by side are read cell by cell, in
    /// the layout's order.
    private static func formRows(_ a: [ImageRect], _ b: [ImageRect]) -> Bool {
        let (fewer, more) = a.count <= b.count ? (a, b) : (b, a)
        guard fewer.count >= 3 else { return false }
        return fewer.filter { inRow($0, with: more) }.count * 2 >= fewer.count
    }

    /// Whether a line's middle lies within half a line of the middle of one of some lines.
    private static func inRow(_ line: ImageRect, with lines: [ImageRect]) -> Bool {
        lines.contains { abs(($0.y * 2 + $0.height) - (line.y * 2 + line.height)) <= min($0.height, line.height) }
    }
}
