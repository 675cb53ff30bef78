import Testing

@testable import FrameLens

/// A filmed slide shown again after an interruption joins the stretches between into one slide.
struct ScreenReturnsTests {
    @Test func aReturnMakesTheStretchesFromTheSlideToItOneSlide() {
        let slides = ScreenReturns.slides(returningTo: [nil, nil, nil, 0, nil, nil, 5])
        #expect(slides.map(\.slide) == [0, 0, 0, 0, 4, 5, 5])
        #expect(slides.map(\.showsIt) == [true, false, false, true, true, true, true])
    }

    @Test func returnsChainAndOnlyTheSlidesOwnStretchesShowIt() {
        let slides = ScreenReturns.slides(returningTo: [nil, nil, 0, nil, 2])
        #expect(slides.map(\.slide) == [0, 0, 0, 0, 0])
        #expect(slides.map(\.showsIt) == [true, false, true, false, true])
    }

    /// Thumbnails of the filmed lecture a person crosses (`FilmedLectureTests`, 1.5-4.3 s over the first slide).
    static func crossedSlide() throws -> (before: Thumbnail, drifted: Thumbnail, crossed: Thumbnail, after: Thumbnail) {
        let video = try FilmedLectureTests.lecture(
            "filmed-crossing.mp4", titles: ["Alpha opens the lecture", "Bravo shows the method"], seconds: 6,
            crossing: 1.5...4.3)
        let cursor = FrameCursor(decoder: try VideoDecoder(file: try MediaFile(url: video), streamIndex: 0, threads: 1))
        let thumbnails = try [0.6, 1.2, 2.8, 5.2].map { try Thumbnail(try cursor.frame(at: $0)) }
        return (thumbnails[0], thumbnails[1], thumbnails[2], thumbnails[3])
    }

    /// A stretch that settled with a person in front of the slide settles again once they have gone: then it shows
    /// the slide of the stretch before, and what it first settled on is forgotten (it is not itself an earlier
    /// slide).
    @Test func aStretchSettledAgainShowsTheSlideAndForgetsThePerson() throws {
        let pictures = try Self.crossedSlide()
        var returns = ScreenReturns()
        returns.sampled(ThumbnailComparison(pictures.drifted, from: pictures.before))
        #expect(returns.sawDrift)
        let start = { (stretch: Int) in [0.0, 1.6, 6.0][stretch] }
        #expect(returns.settled(stretch: 0, on: pictures.before, start: start) == nil)
        #expect(returns.settled(stretch: 1, on: pictures.crossed, start: start) == nil)
        #expect(returns.earlierStretch(showing: pictures.after, before: 1, start: start) == 0)
        #expect(returns.earlierStretch(showing: pictures.crossed, before: 2, start: start) == 1)
        #expect(returns.settled(stretch: 1, on: pictures.after, start: start) == 0)
        #expect(returns.earlierStretch(showing: pictures.crossed, before: 2, start: start) == nil)
        #expect(returns.earlierStretch(showing: pictures.after, before: 2, start: start) == 1)
    }
}
