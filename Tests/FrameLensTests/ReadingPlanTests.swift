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

    @Test func readsTheColumnsOfATableAsOneBlockRowByRow() {
        let commands = Self.block(x: 100, width: 200, tops: [300, 360, 420, 480], height: 40)
        let meanings = Self.block(x: 600, width: 700, tops: [302, 361, 421, 479], height: 40)
        let units = ReadingPlan.units([commands, meanings], width: 1920, height: 1080)
        #expect(units.count == 1)
        #expect(units[0].lines.count == 8)
        #expect(units[0].bounds.x < 100 && units[0].bounds.x + units[0].bounds.width > 1300)
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
        #expect(units[0].bounds.x == 0 && units[0].bounds.y + units[0].bounds.height == 1080)
    }
}
