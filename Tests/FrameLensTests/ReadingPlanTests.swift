import Testing
@testable import FrameLens

/// What the reader reads as one block, and at which scale, from a page layout.
struct ReadingPlanTests {
    static func lines(x: Int, width: Int, tops: [Int], height: Int) -> [ImageRect] {
        tops.map { ImageRect(x: x, y: $0, width: width, height: height) }
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
        #expect(units[0].parts == [ImageRect(x: 85, y: 270, width: 1035, height: 130)])
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

    /// An editor at 720p, rows 26 px apart, as the layout finds it: the gutter in a block of
    /// eight numbers, the code beside it cut into blocks of a line or two at its blank lines.
    static let gutter = block(x: 46, width: 9, tops: [50, 76, 102, 128, 154, 180, 206, 232], height: 15)
    static let code = [
        block(x: 78, width: 440, tops: [48], height: 20), block(x: 78, width: 750, tops: [100, 126], height: 20),
        block(x: 78, width: 700, tops: [178, 204], height: 20),
    ]

    @Test func readsCodeBesideItsLineNumbersAsATable() {
        let units = ReadingPlan.units([Self.gutter] + Self.code, width: 1280, height: 720)
        #expect(units.count == 1)
        #expect(units[0].isTable)
        #expect(units[0].lines.count == 13)
        // Both columns from the table's top to its bottom, with a line's height above and below.
        #expect(units[0].parts.map(\.x) == [39, 71])
        #expect(units[0].parts.map(\.y) == [33, 33] && units[0].parts.map(\.height) == [229, 229])
    }

    @Test func cutsAColumnTheLayoutTookForOneTallLineIntoTheRowsBesideIt() {
        var gutter = Self.gutter
        gutter.lines = [ImageRect(x: 46, y: 50, width: 9, height: 197)]
        let units = ReadingPlan.units([gutter] + Self.code, width: 1280, height: 720)
        #expect(units.count == 1)
        #expect(units[0].isTable)
        // The gutter's rows are the five code lines'.
        #expect(units[0].lines.count == 10)
    }

    @Test func aPictureBesideLinesIsNotAColumnOfThem() {
        // A QR code the layout took for text: one "line" as wide as it is tall.
        let code = LayoutBlock(bounds: ImageRect(x: 1535, y: 787, width: 134, height: 135), isText: true,
                               lines: [ImageRect(x: 1535, y: 787, width: 134, height: 135)])
        let text = Self.block(x: 346, width: 306, tops: [806, 855, 904], height: 40)
        let units = ReadingPlan.units([text, code], width: 1920, height: 1080)
        #expect(units.map(\.isTable) == [false, false])
    }

    @Test func cellsOfSeveralLinesBesideEachOtherAreReadCellByCell() {
        // A reference card: a command's cell of three lines beside its meaning's cells, whose lines fall
        // between rows.
        let command = Self.block(x: 346, width: 306, tops: [806, 855, 904], height: 40)
        let meaning = [Self.block(x: 793, width: 531, tops: [830], height: 33), Self.block(x: 792, width: 246, tops: [880], height: 32)]
        let units = ReadingPlan.units([command] + meaning, width: 1920, height: 1080)
        #expect(units.count == 3)
        #expect(units.allSatisfy { !$0.isTable })
    }

    @Test(arguments: [(282, true), (308, false)])
    func codeJustBelowATableJoinsIt(top: Int, joins: Bool) {
        // Rows 26 px apart, the table's last at 232: 282 leaves one blank row under it, 308 two.
        let below = Self.block(x: 78, width: 300, tops: [top, top + 26], height: 20)
        let units = ReadingPlan.units([Self.gutter] + Self.code + [below], width: 1280, height: 720)
        #expect(units.count == (joins ? 1 : 2))
        #expect(units[0].lines.count == (joins ? 15 : 13))
    }

    @Test func leavesOutPicturesAndKeepsBlocksInsideThePicture() {
        var photo = Self.block(x: 1200, width: 600, tops: [200], height: 400)
        photo.isText = false
        let caption = Self.block(x: 0, width: 1900, tops: [1050], height: 40)
        let units = ReadingPlan.units([photo, caption], width: 1920, height: 1080)
        #expect(units.count == 1)
        #expect(units[0].parts == [ImageRect(x: 0, y: 1010, width: 1920, height: 70)])
    }
}

/// How the reader puts a table's lines in rows and keeps one reading of a line read twice.
struct PageReaderOrderTests {
    static func line(_ text: String, x: Double, y: Double, width: Double = 200, confidence: Double = 0.9) -> RecognizedLine {
        let bounds = Bounds(pixels: PixelRect(x: x, y: y, width: width, height: 40), displaySize: (1920, 1080))
        return RecognizedLine(words: [RecognizedWord(text: text, confidence: confidence, bounds: bounds)])
    }

    @Test func putsTheLinesOfATablesColumnsInRows() {
        let columns = [
            Self.line("ls", x: 100, y: 300), Self.line("cd", x: 100, y: 362),
            Self.line("lists files", x: 600, y: 305), Self.line("changes directory", x: 600, y: 358),
        ]
        #expect(PageReader.inRows(columns).map(\.text) == ["ls lists files", "cd changes directory"])
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

    @Test func joinsTheCellsOfARowReadInTwoPassesIntoOneLine() {
        // Code beside its line numbers: one pass missed a number that the other reads; the code's box starts
        // a pixel higher than its number's.
        let first = [RecognizedBlock(lines: [Self.line("11 import os", x: 40, y: 300, width: 260), Self.line("import re", x: 100, y: 351)])]
        let second = [RecognizedBlock(lines: [Self.line("12", x: 40, y: 352, width: 30)])]
        let merged = PageReader.merge(first, second)
        #expect(merged.map { $0.lines.map(\.text) } == [["11 import os", "12 import re"]])
    }
}
