import Testing
@testable import FrameLens

/// The second reading (Tesseract's own page layout) reads only where the plan's reading is unsure: a laid-out
/// line the plan's words leave ink of, a line with an unsure word; each with a margin, never across columns.
struct UnsurePlacesTests {
    typealias Word = (box: ImageRect, confidence: Double)

    static let page = ImageRect(x: 0, y: 0, width: 1920, height: 1080)

    /// Words of 40-pixel-high text, 200 pixels wide with 20-pixel spaces, from `x` on the row at `y`.
    static func words(_ count: Int, x: Int, y: Int, confidence: Double = 0.95) -> [Word] {
        (0..<count).map { (ImageRect(x: x + $0 * 220, y: y, width: 200, height: 40), confidence) }
    }

    static func block(_ lines: [ImageRect]) -> (bounds: ImageRect, lines: [ImageRect]) {
        (ReadingPlan.bounding(lines), lines)
    }

    @Test func aLineReadWholeAndSurelyIsNotReadAgain() {
        let line = ImageRect(x: 100, y: 200, width: 860, height: 40)
        let places = UnsurePlaces.places(laidOut: [Self.block([line])], planned: [Self.words(4, x: 100, y: 200)], within: Self.page)
        #expect(places.isEmpty)
    }

    /// A bullet the plan drops, and the gap after it, leave about a line's height of the line unread.
    @Test func aDroppedBulletIsNotAReasonToReadAgain() {
        let line = ImageRect(x: 44, y: 200, width: 916, height: 40)
        let places = UnsurePlaces.places(laidOut: [Self.block([line])], planned: [Self.words(4, x: 100, y: 200)], within: Self.page)
        #expect(places.isEmpty)
    }

    /// The plan read the first two words of a four-word line: the line is read again, half its height above and
    /// below, and across as far as its block and a quarter of its height.
    @Test func aLineThePlanReadInPartIsReadAgainInItsBlock() {
        let line = ImageRect(x: 100, y: 200, width: 860, height: 40)
        let places = UnsurePlaces.places(laidOut: [Self.block([line])], planned: [Self.words(2, x: 100, y: 200)], within: Self.page)
        #expect(places == [ImageRect(x: 90, y: 180, width: 880, height: 80)])
    }

    @Test func aLineWithAnUnsureWordIsReadAgain() {
        let line = ImageRect(x: 100, y: 200, width: 860, height: 40)
        var planned = Self.words(4, x: 100, y: 200)
        planned[2].confidence = 0.5
        let places = UnsurePlaces.places(laidOut: [Self.block([line])], planned: [planned], within: Self.page)
        #expect(places == [ImageRect(x: 90, y: 180, width: 880, height: 80)])
    }

    /// A laid-out line the plan read nothing of (a title on a coloured bar) is read again; a sure line below it is not.
    @Test func aLineThePlanMissedIsReadAgain() {
        let title = ImageRect(x: 60, y: 40, width: 1200, height: 60), body = ImageRect(x: 100, y: 300, width: 860, height: 40)
        let places = UnsurePlaces.places(
            laidOut: [Self.block([title]), Self.block([body])], planned: [Self.words(4, x: 100, y: 300)], within: Self.page)
        #expect(places == [ImageRect(x: 45, y: 10, width: 1230, height: 120)])
    }

    /// Two unsure lines in the same row of two columns are read apart: one place across both would be read as one
    /// line (`doc/package-name/ README.Debian contains`).
    @Test func unsureLinesOfTwoColumnsAreReadApart() {
        let left = ImageRect(x: 100, y: 200, width: 420, height: 40), right = ImageRect(x: 560, y: 200, width: 420, height: 40)
        var first = Self.words(2, x: 100, y: 200), second = Self.words(2, x: 560, y: 200)
        first[1].confidence = 0.4
        second[0].confidence = 0.4
        let places = UnsurePlaces.places(
            laidOut: [Self.block([left]), Self.block([right])], planned: [first, second], within: Self.page)
        #expect(places == [ImageRect(x: 90, y: 180, width: 440, height: 80), ImageRect(x: 550, y: 180, width: 440, height: 80)])
    }

    /// Neighbouring unsure lines of one block are read as one place, kept inside the picture read.
    @Test func neighbouringUnsureLinesAreOnePlaceInsideThePicture() {
        let lines = [ImageRect(x: 0, y: 0, width: 860, height: 40), ImageRect(x: 0, y: 60, width: 860, height: 40)]
        let places = UnsurePlaces.places(laidOut: [Self.block(lines)], planned: [], within: Self.page)
        #expect(places == [ImageRect(x: 0, y: 0, width: 870, height: 120)])
    }

    /// Gaps as wide as the line is high or narrower (spaces between words) do not count.
    @Test func uncoveredCountsTheGapsWiderThanASpace() {
        let line = ImageRect(x: 0, y: 0, width: 1100, height: 40)
        let words = [ImageRect(x: 30, y: 0, width: 300, height: 40), ImageRect(x: 200, y: 2, width: 300, height: 36),
                     ImageRect(x: 540, y: 0, width: 100, height: 40), ImageRect(x: 700, y: 100, width: 300, height: 40)]
        #expect(UnsurePlaces.uncovered(line, by: words) == 460)
    }
}
