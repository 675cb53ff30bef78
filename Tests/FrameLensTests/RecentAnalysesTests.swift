import Testing
@testable import FrameLens

/// The analyzer answers a frame that shows the pixels of one it read lately, with the same options, from memory:
/// a pause on a still slide where a pause was before, timed as the frame now shown.
struct RecentAnalysesTests {
    /// The frame shown at `seconds` of CostLedgerTests' still line of text (frames 25 and 37 decode to the same
    /// pixels; frame 0, the keyframe, to others).
    static func frame(at seconds: Double) async throws -> VideoFrame {
        let player = try VideoPlayer(url: try CostLedgerTests.video())
        try await player.seek(to: Timestamp(seconds: seconds))
        return try #require(await player.currentlyDisplayedFrame)
    }

    static func readCount(_ analyzer: FrameAnalyzer) -> Int {
        analyzer.picturesRead.withLock { $0.values.reduce(0, +) }
    }

    @Test func theSamePixelsAreReadOnceAndTimedAsTheFrameShown() async throws {
        let analyzer = FrameAnalyzer(enginesPerLanguage: 1)
        let first = try await analyzer.analyze(try await Self.frame(at: 1.0))
        let again = try await analyzer.analyze(try await Self.frame(at: 1.5))
        #expect(Self.readCount(analyzer) == 1)
        #expect(first.text?.transcript == "Costs counted")
        #expect(again.text == first.text && again.codes == first.codes && again.detections == first.detections)
        #expect((first.frameNumber, again.frameNumber) == (25, 37))
        #expect(abs(again.time.seconds - 1.48) < 1e-9)
    }

    @Test func otherPixelsOrOtherOptionsAreReadAgain() async throws {
        let analyzer = FrameAnalyzer(enginesPerLanguage: 1)
        let frame = try await Self.frame(at: 1.0)
        _ = try await analyzer.analyze(frame)
        _ = try await analyzer.analyze(frame, options: AnalysisOptions(features: [.text]))
        _ = try await analyzer.analyze(try await Self.frame(at: 0))
        #expect(Self.readCount(analyzer) == 3)
    }
}
