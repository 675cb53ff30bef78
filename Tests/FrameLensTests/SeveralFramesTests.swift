import Foundation
import Testing

@testable import FrameLens

/// `VideoPlayer.analyzeFrames`: its reads are child tasks, so an error or a cancellation leaves none running.
struct SeveralFramesTests {
    private static let times = stride(from: 0.0, to: 60, by: 3).map { Timestamp(seconds: $0) }

    @Test func givesOneAnalysisPerTimeInOrder() async throws {
        let player = try VideoPlayer(url: TestMedia.sample)
        let analyses = try await player.analyzeFrames(
            at: [30, 0, 15], with: FrameAnalyzer(enginesPerLanguage: 2), options: AnalysisOptions(features: [.codes]))
        #expect(analyses.map(\.frameNumber) == [900, 0, 450])
    }

    @Test func cancellingStopsTheReadsItStarted() async throws {
        let analyzer = FrameAnalyzer(enginesPerLanguage: 2)
        let player = try VideoPlayer(url: TestMedia.sample)
        let reading = Task { try await player.analyzeFrames(at: Self.times, with: analyzer, options: AnalysisOptions(features: [.text])) }
        while analyzer.analysesInProgress.load(ordering: .relaxed) == 0 { try await Task.sleep(for: .milliseconds(5)) }
        reading.cancel()
        await #expect(throws: CancellationError.self) { try await reading.value }
        #expect(analyzer.analysesInProgress.load(ordering: .relaxed) == 0, "no read runs on after the call returned")
    }

    @Test func anErrorStopsTheReadsItStarted() async throws {
        let analyzer = FrameAnalyzer(enginesPerLanguage: 2)
        let player = try VideoPlayer(url: TestMedia.sample)
        let error = await #expect(throws: MediaError.self) {
            try await player.analyzeFrames(at: Self.times.prefix(3) + [61], with: analyzer, options: AnalysisOptions(features: [.text]))
        }
        #expect(error?.code == .timeOutOfRange)
        #expect(analyzer.analysesInProgress.load(ordering: .relaxed) == 0, "no read runs on after the call returned")
    }
}
