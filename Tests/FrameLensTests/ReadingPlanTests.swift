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

    @Test func readsBlocksThatTouchAsOne() {
        // A paragraph the layout cut in pieces: the pieces touch, and are read as one uniform block.
        let left = Self.block(x: 100, width: 400, tops: [300, 340], height: 30)
        let right = Self.block(x: 505, width: 600, tops: [300, 340], height: 30)
        let below = Self.block(x: 100, width: 300, tops: [380], height: 30)
        let units = ReadingPlan.units([left, right, below], width: 1920, height: 1080)
        #expect(units.count == 1)
        #expect(!units[0].isTable)
        #expect(units[0].parts == [PixelRect(x: 85, y: 270, width: 1035, height: 170)])
    }

    @Test func readsColumnsOfProseApart() {
        // Side by side, but the lines of the two columns do not share rows.
        let left = Self.block(x: 100, width: 700, tops: [300, 350, 400, 450], height: 30)
        let right = Self.block(x: 1000, width: 700, tops: [325, 375, 425, 475], height: 30)
        #expect(ReadingPlan.units([left, right], width: 1920, height: 1080).count == 2)
    }

    @Test func readsStackedBlocksApartInLayoutOrder() {
        let title = Self.block(x: 100, width: 900, tops: [80], height: 70)
        let body = Self.block(x: 100, width: 1200, tops: [300, 360], height: 40)
        let units = ReadingPlan.units([title, body], width: 1920, height: 1080)
        #expect(units.map(\.lines.count) == [1, 2])
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
    static func line(_ text: String, x: Double, y: Double, confidence: Double = 90) -> RecognizedLine {
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
        let plain = [RecognizedBlock(lines: [Self.line("| Outputs ]", x: 100, y: 100, confidence: 40), Self.line("body", x: 100, y: 300)])]
        let inverted = [RecognizedBlock(lines: [Self.line("Outputs", x: 104, y: 102, confidence: 97)])]
        let merged = PageReader.merge(plain, inverted)
        #expect(merged.flatMap(\.lines).map(\.text) == ["Outputs", "body"])
    }
}
