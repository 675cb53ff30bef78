import Testing
@testable import FrameLens

/// Lines the text detector read on samples, followed over time into captions.
struct TextTracksTests {
    static func sample(_ number: Int) -> TextTracks.Sample {
        TextTracks.Sample(pts: Int64(number * 512), time: Double(number) / 2, frameNumber: number * 15)
    }

    static func line(_ text: String, y: Double = 900, confidence: Double = 0.9) -> RecognizedLine {
        SecondReadingTests.line(text, x: 600, y: y, width: 700, confidence: confidence)
    }

    /// Feeds the samples' lines in turn, then finishes; the captions in the order they ended.
    static func captions(_ samples: [[RecognizedLine]]) -> [TextTracks.Caption] {
        var tracks = TextTracks()
        var ended: [TextTracks.Caption] = []
        for (number, lines) in samples.enumerated() { ended += tracks.observe(lines, at: sample(number)) }
        return ended + tracks.finish()
    }

    @Test func aLineSeenAtTwoSamplesIsACaptionFromTheSampleBeforeItToTheOneAfter() throws {
        let captions = Self.captions([[], [Self.line("Send request")], [Self.line("Send request")], []])
        let caption = try #require(captions.first)
        #expect(captions.count == 1)
        #expect(caption.lines.map(\.reading.text) == ["Send request"])
        #expect(caption.before == Self.sample(0))
        #expect(caption.first == Self.sample(1))
        #expect(caption.last == Self.sample(2))
        #expect(caption.after == Self.sample(3))
    }

    @Test func aLineSeenOnceIsACaptionToConfirm() {
        let request = Self.line("Send request")
        let captions = Self.captions([[], [request], [request], [], [Self.line("Yes")], []])
        #expect(captions.map { $0.lines.map(\.reading.text) } == [["Send request"], ["Yes"]])
        #expect(captions.map(\.seenOnce) == [false, true])
    }

    @Test func anotherTextAtThePlaceIsAnotherCaption() {
        let captions = Self.captions([
            [Self.line("Send request")], [Self.line("Send request")], [Self.line("Unknown error")], [Self.line("Unknown error")],
        ])
        #expect(captions.map { $0.lines.map(\.reading.text) } == [["Send request"], ["Unknown error"]])
        #expect(captions.map(\.first) == [Self.sample(0), Self.sample(2)])
        #expect(captions[0].before == nil)
        #expect(captions[0].after == Self.sample(2))
        #expect(captions[1].after == nil)
    }

    /// Across a sample that missed it, a line goes on only reading the same but for a slip: another text at the
    /// place after a blank is another caption, however alike ("Caption one", "Caption two").
    @Test func anotherTextAfterABlankAtThePlaceIsAnotherCaption() {
        let captions = Self.captions([
            [Self.line("Caption one")], [], [Self.line("Captlon one", confidence: 0.5)], [], [Self.line("Caption two")],
            [Self.line("Caption two")], [],
        ])
        #expect(captions.map { $0.lines.map(\.reading.text) } == [["Caption one"], ["Caption two"]])
        #expect(captions.map(\.first) == [Self.sample(0), Self.sample(4)])
        #expect(captions.map(\.after) == [Self.sample(3), Self.sample(6)])
    }

    @Test func aCaptionAndTheOneReplacingItAreToldApartOnTheSamePixels() {
        let captions = Self.captions([
            [SecondReadingTests.line("Send request", x: 700, y: 900, width: 400)],
            [SecondReadingTests.line("Send request", x: 700, y: 900, width: 400)],
            [Self.line("Unknown system error")], [Self.line("Unknown system error")],
        ])
        #expect(captions.count == 2)
        #expect(captions[0].endRegion == captions[1].startRegion)
        #expect(captions[0].endRegion == captions[1].lines[0].bounds)
        #expect(!captions[0].replaces)
        #expect(captions[1].replaces)
        #expect(captions[1].endRegion == captions[1].lines[0].bounds)
    }

    @Test func aReadingSlipIsTheSameLineAndTheTextReadMostOftenStands() {
        let captions = Self.captions([
            [Self.line("Send request")], [Self.line("Send requcst", confidence: 0.95)], [Self.line("Send request")], [],
        ])
        #expect(captions.map { $0.lines.map(\.reading.text) } == [["Send request"]])
    }

    @Test func wordsAddedAtTheEndContinueTheLine() {
        let captions = Self.captions([
            [Self.line("Always")], [Self.line("Always use the")], [Self.line("Always use the old config")],
            [Self.line("Always use the old config")], [],
        ])
        #expect(captions.map { $0.lines.map(\.reading.text) } == [["Always use the old config"]])
        #expect(captions.first?.first == Self.sample(0))
    }

    @Test func linesShownAndGoneTogetherAreOneCaptionTopToBottom() {
        let twoLines = [Self.line("Always use the old config", y: 900), Self.line("files, don't prompt", y: 950)]
        let captions = Self.captions([[], twoLines, twoLines, [twoLines[1]], [twoLines[1]]])
        #expect(captions.map { $0.lines.map(\.reading.text) } == [["Always use the old config"], ["files, don't prompt"]])
        let together = Self.captions([[], twoLines, twoLines, []])
        #expect(together.map { $0.lines.map(\.reading.text) } == [["Always use the old config", "files, don't prompt"]])
    }

    @Test func aLineTheDetectorMissedAtOneSampleGoesOnAndEndsWhereItWasFirstMissedForGood() {
        let twoLines = [Self.line("Always use the old config", y: 900), Self.line("files, don't prompt", y: 950)]
        let captions = Self.captions([[], twoLines, [twoLines[0]], twoLines, [], []])
        #expect(captions.map { $0.lines.map(\.reading.text) } == [["Always use the old config", "files, don't prompt"]])
        #expect(captions.first?.last == Self.sample(3))
        #expect(captions.first?.after == Self.sample(4))
        let endingApart = Self.captions([[], twoLines, twoLines, [twoLines[0]], [], []])
        #expect(endingApart.map { $0.lines.map(\.reading.text) } == [twoLines.map(\.text)])
    }

    @Test func aLineMissedWhereAnotherTakesItsPlaceEndsThere() {
        let captions = Self.captions([
            [Self.line("Send request")], [Self.line("Send request")], [Self.line("Unknown error")], [],
            [Self.line("Unknown error")], [Self.line("Unknown error")],
        ])
        #expect(captions.map { $0.lines.map(\.reading.text) } == [["Send request"], ["Unknown error"]])
        #expect(captions.map(\.after) == [Self.sample(2), nil])
    }

    @Test func aCaptionBuiltUpWordByWordOverTwoLinesIsOneCaptionFromItsFirstWord() {
        let captions = Self.captions([
            [], [Self.line("Process even", y: 900)], [Self.line("Process even packages with", y: 900)],
            [Self.line("Process even packages with", y: 900), Self.line("wrong or no", y: 950)],
            [Self.line("Process even packages with", y: 900), Self.line("wrong or no architecture", y: 950)], [],
        ])
        #expect(captions.map { $0.lines.map(\.reading.text) } == [["Process even packages with", "wrong or no architecture"]])
        #expect(captions.map(\.first) == [Self.sample(1)])
        #expect(captions.map(\.after) == [Self.sample(5)])
    }

    @Test func theSameTextElsewhereIsAnotherLine() {
        let captions = Self.captions([[Self.line("Send request", y: 100)], [Self.line("Send request", y: 900)], []])
        #expect(captions.map(\.first) == [Self.sample(0), Self.sample(1)])
        #expect(captions.map(\.seenOnce) == [true, true])
    }

    @Test func aPagesLinesAreNoCaptionAndACaptionBelowThePageIs() {
        // A terminal: a new line of output appears under the lines on screen, holds, and scrolls away.
        let screen = [Self.line("$ ls -l", y: 100), Self.line("total 8", y: 150), Self.line("-rw-r--r-- 1 notes.txt", y: 200)]
        let output = Self.line("drwxr-xr-x 2 src", y: 250)
        let caption = Self.line("The listing of the folder", y: 900)
        let captions = Self.captions([screen, screen + [output, caption], screen + [output, caption], screen, []])
        #expect(captions.map { $0.lines.map(\.reading.text) } == [["The listing of the folder"]])
        // Two lines one under the other are a caption's.
        let twoLines = Array(screen.prefix(2))
        #expect(Self.captions([[], twoLines, twoLines, []]).map(\.lines.count) == [2])
    }

    @Test func aPagesUnreadLinesAreFollowedByTheirPlaceAndACaptionByItsReadings() {
        // A terminal's lines left unread (no text) scroll up a row: followed by their places, they stay a page's.
        func unread(_ y: Double) -> RecognizedLine {
            RecognizedLine(text: "", confidence: 0, bounds: Self.line("x", y: y).bounds, words: [])
        }
        let page = [unread(100), unread(150), unread(200)]
        let caption = Self.line("Read where it stands alone", y: 900)
        // The caption is one of a page's lines once (three lines above it), and left unread there.
        let nearPage = [unread(750), unread(800), unread(850), unread(900)]
        let captions = Self.captions([page, page + [caption], page + [caption], nearPage, [caption], []])
        #expect(captions.map { $0.lines.map(\.reading.text) } == [["Read where it stands alone"]])
        #expect(captions.map(\.first) == [Self.sample(1)])
        #expect(captions.map(\.last) == [Self.sample(4)])
        // Another text at the caption's place after a sample that left it unread is another caption.
        let next = Self.line("Another caption in its place", y: 900)
        let replaced = Self.captions([[caption], [caption], nearPage, [next], [next], []])
        #expect(replaced.map { $0.lines.map(\.reading.text) } == [["Read where it stands alone"], ["Another caption in its place"]])
        #expect(replaced.map(\.first) == [Self.sample(0), Self.sample(3)])
    }

    @Test func aPauseEndsEveryLineThere() {
        var tracks = TextTracks()
        #expect(tracks.observe([Self.line("Send request")], at: Self.sample(0)).isEmpty)
        #expect(tracks.observe([Self.line("Send request")], at: Self.sample(1)).isEmpty)
        #expect(tracks.isTracking)
        let ended = tracks.pause(at: Self.sample(2))
        #expect(ended.map(\.after) == [Self.sample(2)])
        #expect(!tracks.isTracking)
        #expect(tracks.finish().isEmpty)
    }
}
