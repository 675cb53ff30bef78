import Testing
@testable import FrameLens

/// Readings of several frames of one still picture, combined word by word.
struct ReadingConsensusTests {
    /// A one-line reading of `words`, each (text, confidence) 100 pixels wide, side by side; `shift` moves
    /// every box sideways, as another frame's reading places them.
    static func reading(_ words: [(String, Double)], shift: Double = 0) -> RecognizedText {
        let recognized = words.enumerated().map { index, word in
            RecognizedWord(
                text: word.0, confidence: word.1,
                bounds: Bounds(pixels: PixelRect(x: Double(index) * 110 + shift, y: 40, width: 100, height: 30), displaySize: (1280, 720)))
        }
        return RecognizedText(blocks: [RecognizedBlock(lines: [RecognizedLine(words: recognized)])])
    }

    @Test func twoFramesThatAgreeOutvoteTheMostConfidentReading() {
        let combined = ReadingConsensus.combine([
            Self.reading([("Hardness", 0.95), ("of", 0.96), ("PP-Partitioninq", 0.80)]),
            Self.reading([("Hardness", 0.93), ("of", 0.95), ("PP-Partitioning", 0.62)], shift: 3),
            Self.reading([("Hardnes5", 0.55), ("of", 0.90), ("PP-Partitioning", 0.70)], shift: -2),
        ])
        #expect(combined.transcript == "Hardness of PP-Partitioning")
        // Each word keeps the best confidence it was read with, and the most confident reading's place.
        #expect(combined.blocks[0].lines[0].words.map(\.confidence) == [0.95, 0.96, 0.70])
        #expect(combined.blocks[0].lines[0].words[2].bounds.pixels.x == 220)
    }

    @Test func aConfidentReadingOutvotesAnUnsureOne() {
        let combined = ReadingConsensus.combine([
            Self.reading([("Tractabi1ity", 0.41), ("Results", 0.97)]),
            Self.reading([("Tractability", 0.90), ("Results", 0.96)], shift: 2),
        ])
        #expect(combined.transcript == "Tractability Results")
    }

    /// A word another frame read elsewhere (boxes sharing less than half their union) is no vote.
    @Test func onlyWordsAtTheSamePlaceVote() {
        let elsewhere = Self.reading([("Sumnary", 0.7), ("Mode1", 0.7)], shift: 70)  // sharing 30/170 of their boxes
        let combined = ReadingConsensus.combine([Self.reading([("Summary", 0.8), ("Model", 0.8)]), elsewhere, elsewhere])
        #expect(combined.transcript == "Summary Model")
    }

    /// At least 4 % of the words below 0.85: 1 of 25 is, 1 of 26 is not.
    @Test func aReadingIsUnsureWhenEnoughOfItsWordsAre() {
        let sure = Array(repeating: ("word", 0.95), count: 24)
        #expect(!ReadingConsensus.isUnsure(Self.reading(sure)))
        #expect(ReadingConsensus.isUnsure(Self.reading(sure + [("w0rd", 0.84)])))
        #expect(!ReadingConsensus.isUnsure(Self.reading(sure + [("word", 0.95), ("w0rd", 0.84)])))
        #expect(!ReadingConsensus.isUnsure(nil))
    }

    /// The sample's 0:15 slide held for 12 s at 854x480, an intra frame every 2 s. Filmed: with a camera's
    /// changing grain, at crf 35, so that every intra frame codes the slide with other noise. Not filmed: at
    /// one constant quantiser, so that every intra frame decodes the same.
    static func heldSlide(filmed: Bool) throws -> String {
        let still = try TestMedia.make("consensus-slide.png", ["-ss", "15", "-i", TestMedia.sample, "-frames:v", "1"])
        return try TestMedia.make("consensus-\(filmed ? "filmed" : "still").mp4", [
            "-loop", "1", "-framerate", "30", "-t", "12", "-i", still,
            "-vf", "scale=854:480,\(filmed ? "noise=alls=20:allf=t," : "")format=yuv420p",
            "-c:v", "libx264", "-g", "60",
        ] + (filmed ? ["-crf", "35"] : ["-qp", "30"]))
    }

    static let slideText = """
        Course Logistics
        Notes: https://example.edu/cs101/notes
        Email: ada.lovelace@example.edu
        Phone: +1 (415) 555-0123
        Midterm: Friday, April 3, 2026 at 10:30
        """

    /// Its first reading has unsure words: the newest two other intra frames are read too.
    @Test func aFilmedSlideIsReadFromThreeIntraFrames() async throws {
        let analyzer = FrameAnalyzer(enginesPerLanguage: 1)
        let index = try await VideoIndexer(url: try Self.heldSlide(filmed: true), options: .init(), analyzer: analyzer).run()
        #expect(index.cues.map(\.text) == [Self.slideText])
        #expect(analyzer.picturesRead.withLock { $0 }.values.reduce(0, +) == 3)
    }

    /// A slide that decodes the same at every intra frame: reading it again would tell nothing.
    @Test func aStillSlideIsReadOnce() async throws {
        let analyzer = FrameAnalyzer(enginesPerLanguage: 1)
        let index = try await VideoIndexer(url: try Self.heldSlide(filmed: false), options: .init(), analyzer: analyzer).run()
        #expect(index.cues.map(\.text) == [Self.slideText])
        #expect(analyzer.picturesRead.withLock { $0 }.values.reduce(0, +) == 1)
    }
}
