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
}
