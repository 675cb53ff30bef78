/// Chooses, place by place, between FrameLens's own reading of a picture (`ReadingPlan`'s parts, dark areas
/// inverted) and Tesseract's own page layout, as the `tesseract` command reads it.
///
/// The plan reads tables, code beside its line numbers and small text better; Tesseract's layout keeps
/// lines the plan loses (a title on a coloured bar, a line the layout's boxes cut). Neither needs the truth to
/// be judged: lines of the two readings that overlap form a place, and the page's reading of a place wins
/// when it reads clearly more (characters weighted by confidence) and holds every word the plan read there,
/// or when the plan read nothing there.
enum SecondReading {
    /// How much more the page's reading of a place must weigh than the plan's to replace it: the plan keeps
    /// its reading order (a table's cells, a column's lines) where the two read about the same.
    static let pageMargin = 1.15

    /// The planned blocks with the page's reading in the places where it wins, in reading order.
    static func choose(planned: [RecognizedBlock], page: [RecognizedBlock]) -> [RecognizedBlock] {
        let plannedLines = planned.flatMap(\.lines), pageLines = page.flatMap(\.lines)
        guard !pageLines.isEmpty else { return planned }
        var place = Array(0..<(plannedLines.count + pageLines.count))
        func root(_ i: Int) -> Int {
            var i = i
            while place[i] != i { i = place[i] }
            return i
        }
        for (p, mine) in plannedLines.enumerated() {
            for (q, theirs) in pageLines.enumerated() where sameLine(mine.bounds.pixels, theirs.bounds.pixels) {
                place[root(p)] = root(plannedLines.count + q)
            }
        }
        var weights: [Int: (planned: Double, page: Double)] = [:]
        var pageBoxes: [Int: [PixelRect]] = [:]
        for (q, line) in pageLines.enumerated() {
            weights[root(plannedLines.count + q), default: (0, 0)].page += weight(line)
            pageBoxes[root(plannedLines.count + q), default: []].append(line.bounds.pixels)
        }
        // The page's reading must hold every word the plan read there: a table's line number the page
        // reads apart (or not at all) keeps the plan's row.
        var uncovered: Set<Int> = []
        for (p, line) in plannedLines.enumerated() {
            weights[root(p), default: (0, 0)].planned += weight(line)
            let boxes = pageBoxes[root(p)] ?? []
            if line.words.contains(where: { word in !boxes.contains { $0.holdsCentre(of: word.bounds.pixels) } }) {
                uncovered.insert(root(p))
            }
        }
        let pageWins = Set(weights.filter { !uncovered.contains($0.key) && $0.value.page > pageMargin * $0.value.planned }.keys)
        guard !pageWins.isEmpty else { return planned }

        // The page's blocks of each place it wins, in the page's order.
        var pageBlocks: [Int: [RecognizedBlock]] = [:]
        var pageIndex = plannedLines.count
        for block in page {
            var byPlace: [Int: [RecognizedLine]] = [:], order: [Int] = []
            for line in block.lines {
                let place = root(pageIndex)
                pageIndex += 1
                guard pageWins.contains(place) else { continue }
                if byPlace[place] == nil { order.append(place) }
                byPlace[place, default: []].append(line)
            }
            for place in order { pageBlocks[place, default: []].append(RecognizedBlock(lines: byPlace[place]!)) }
        }
        // The plan's blocks in its order, each place the page wins read the page's way where the plan read it
        // first; places only the page read go where they belong from top to bottom.
        var chosen: [RecognizedBlock] = [], plannedIndex = 0
        for block in planned {
            var kept: [RecognizedLine] = []
            for line in block.lines {
                let place = root(plannedIndex)
                plannedIndex += 1
                guard pageWins.contains(place) else {
                    kept.append(line)
                    continue
                }
                guard let taken = pageBlocks.removeValue(forKey: place) else { continue }
                if !kept.isEmpty { chosen.append(RecognizedBlock(lines: kept)) }
                kept = []
                chosen += taken
            }
            if !kept.isEmpty { chosen.append(RecognizedBlock(lines: kept)) }
        }
        let onlyOnThePage = pageBlocks.values.flatMap { $0 }.sorted {
            ($0.bounds.pixels.y, $0.bounds.pixels.x) < ($1.bounds.pixels.y, $1.bounds.pixels.x)
        }
        for block in onlyOnThePage {
            // A line the plan lost inside one of its blocks (a table's row) takes its row there.
            if let same = chosen.firstIndex(where: { $0.bounds.pixels.intersects(block.bounds.pixels) }) {
                chosen[same] = RecognizedBlock(lines: PageReader.inRows(chosen[same].lines + block.lines))
                continue
            }
            let position = chosen.firstIndex { $0.bounds.pixels.y > block.bounds.pixels.y } ?? chosen.endIndex
            chosen.insert(block, at: position)
        }
        return chosen
    }

    /// What a line reads: its characters weighted by their words' confidence.
    static func weight(_ line: RecognizedLine) -> Double {
        line.words.reduce(0) { $0 + $1.confidence * Double($1.text.count) }
    }

    /// Whether two readings' lines show the same text: they share columns, and half the lower one's height.
    static func sameLine(_ a: PixelRect, _ b: PixelRect) -> Bool {
        let across = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        let down = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        return across > 0 && down * 2 >= min(a.height, b.height)
    }
}

extension PixelRect {
    /// Whether the centre of another box lies inside this one.
    func holdsCentre(of other: PixelRect) -> Bool {
        let (x, y) = (other.x + other.width / 2, other.y + other.height / 2)
        return x >= self.x && x <= self.x + width && y >= self.y && y <= self.y + height
    }
}
