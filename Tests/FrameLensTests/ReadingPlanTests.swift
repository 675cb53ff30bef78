import Testing
@testable import FrameLens

/// What the reader reads as one block, and at which scale, from a page layout.
struct ReadingPlanTests {
    static func lines(x: Int, width: Int, tops: [Int], height: Int) -> [PixelRect] {
        tops.map { PixelRect(x: x, y: $0, width: width, height: height) }
    }

    static func block(x: Int, width: Int, tops: [Int], height: Int) -> LayoutBlock {
        let lines = lines(x: x, width: width, tops: tops, height: height)
        let bounds = lines.dropFirst().reduce(lines[0]) { $0.union($1) }
        return LayoutBlock(bounds: bounds, isText: true, lines: lines)
    }

    @Test func readsTheColumnsOfATableTogether() {
        let commands = Self.block(x: 100, width: 200, tops: [300, 360, 420, 480], height: 40)
        let meanings = Self.block(x: 600, width: 700, tops: [302, 361, 421, 479], height: 40)
        let units = ReadingPlan.units([commands, meanings], width: 1920, height: 1080)
        #expect(units.count == 1)
        #expect(units[0].isTable)
        #expect(units[0].lines.count == 8)
        #expect(units[0].parts.map(\.x) == [80, 580])
    }

    @Test func readsPiecesOfTheSameLinesAsOne() {
        // A paragraph the layout cut in pieces side by side (as it does with Hangul): one uniform block.
        // A block below stays apart, and so does a column a gutter away.
        let left = Self.block(x: 100, width: 400, tops: [300, 340], height: 30)
        let right = Self.block(x: 505, width: 600, tops: [300, 340], height: 30)
        let below = Self.block(x: 100, width: 300, tops: [390], height: 30)
        let column = Self.block(x: 1140, width: 300, tops: [322], height: 30)
        let units = ReadingPlan.units([left, right, below, column], width: 1920, height: 1080)
        #expect(units.map(\.parts.count) == [1, 1, 1])
        #expect(units[0].parts == [PixelRect(x: 85, y: 270, width: 1035, height: 130)])
        #expect(units[0].lines.count == 4)
    }

    @Test func scalesSmallTextUpToTheLineHeightTesseractReadsBest() {
        let code = Self.block(x: 100, width: 900, tops: [300, 316, 332], height: 12)
        let title = Self.block(x: 100, width: 900, tops: [80], height: 64)
        let units = ReadingPlan.units([title, code], width: 1920, height: 1080)
        #expect(units[0].scale == 1)
        #expect(units[1].scale == ReadingPlan.largestScale)
        let body = Self.block(x: 100, width: 900, tops: [300, 330], height: 24)
        #expect(ReadingPlan.units([body], width: 1920, height: 1080)[0].scale == 2)
    }

    @Test func leavesOutPicturesAndKeepsBlocksInsideThePicture() {
        var photo = Self.block(x: 1200, width: 600, tops: [200], height: 400)
        photo.isText = false
        let caption = Self.block(x: 0, width: 1900, tops: [1050], height: 40)
        let units = ReadingPlan.units([photo, caption], width: 1920, height: 1080)
        #expect(units.count == 1)
        #expect(units[0].parts == [PixelRect(x: 0, y: 1010, width: 1920, height: 70)])
    }
}

/// How the reader puts a table's lines in rows and keeps one reading of a line read twice.
struct PageReaderOrderTests {
    static func line(_ text: String, x: Double, y: Double, confidence: Double = 0.9) -> RecognizedLine {
        let bounds = Bounds(pixels: Box(x: x, y: y, width: 200, height: 40), displaySize: (1920, 1080))
        return RecognizedLine(words: [RecognizedWord(text: text, confidence: confidence, bounds: bounds)])
    }

    @Test func putsTheLinesOfATablesColumnsInRows() {
        let columns = [
            Self.line("ls", x: 100, y: 300), Self.line("cd", x: 100, y: 362),
            Self.line("lists files", x: 600, y: 305), Self.line("changes directory", x: 600, y: 358),
        ]
        #expect(PageReader.inRows(columns).map(\.text) == ["ls", "lists files", "cd", "changes directory"])
    }

    @Test func keepsTheLineThatReadsMoreWhereTwoReadingsOverlap() {
        let plain = [RecognizedBlock(lines: [Self.line("| Outputs ]", x: 100, y: 100, confidence: 0.4), Self.line("body", x: 100, y: 300)])]
        let inverted = [RecognizedBlock(lines: [Self.line("Outputs", x: 104, y: 102, confidence: 0.97)])]
        let merged = PageReader.merge(plain, inverted)
        #expect(merged.flatMap(\.lines).map(\.text) == ["Outputs", "body"])
    }
}

extension PageReaderOrderTests {
    @Test func joinsTheLinesOfOneColumnReadInTwoPassesTopToBottom() {
        // A dark slide: one pass reads the first and third lines, the other the second.
        let first = [RecognizedBlock(lines: [Self.line("Run: perf stat", x: 155, y: 260), Self.line("Major faults: 97", x: 155, y: 442)])]
        let second = [RecognizedBlock(lines: [Self.line("Minor faults: 18,432", x: 155, y: 351)])]
        let merged = PageReader.merge(first, second)
        #expect(merged.map { $0.lines.map(\.text) } == [["Run: perf stat", "Minor faults: 18,432", "Major faults: 97"]])
    }
}
