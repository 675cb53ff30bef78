import Testing
@testable import FrameLens

/// WebVTT cue settings with `--vtt-position text`: the box over the text, aligned as the text is.
struct SubtitleTextTests {
    @Test func centredTextIsAlignedCentre() throws {
        // A title centred on the picture (its middle at 50.5 %, within 2 %).
        let title = try NormalizedRect(x: 0.3, y: 0.05, width: 0.41, height: 0.1)
        #expect(SubtitleText.settings(title) == " line:5.00% position:50.50% size:41.00% align:center")
    }

    @Test func otherTextStartsAtItsLeftEdge() throws {
        let body = try NormalizedRect(x: 0.047, y: 0.089, width: 0.517, height: 0.657)
        #expect(SubtitleText.settings(body) == " line:8.90% position:4.70% size:51.70% align:start")
        // Just past the tolerance: the middle at 52.5 %.
        let offCentre = try NormalizedRect(x: 0.35, y: 0.5, width: 0.35, height: 0.1)
        #expect(SubtitleText.settings(offCentre) == " line:50.00% position:35.00% size:35.00% align:start")
    }

    @Test func aCueWithoutTextHasNoSettings() {
        #expect(SubtitleText.settings(nil) == "")
    }
}
