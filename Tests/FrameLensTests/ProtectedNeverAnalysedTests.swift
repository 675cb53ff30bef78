import Foundation
import Testing
@testable import FrameLens

/// No picture of a protected stream ever reaches the analyzer, whether the file is played, paused,
/// seeked or indexed: the analyzer counts every picture it reads, by size, and the protected stream of
/// these fixtures is 320x240 while the clear one is 160x120.
struct ProtectedNeverAnalysedTests {
    @Test func aFileWithAProtectedAndAClearStreamHasOnlyTheClearOneRead() async throws {
        let analyzer = FrameAnalyzer(enginesPerLanguage: 1)
        let video = TestMedia.fixture("mixed.mp4")
        #expect(throws: MediaError.self, "asking for the protected stream") { try VideoPlayer(url: video, streamIndex: 0) }
        let player = try VideoPlayer(url: video)
        await player.play()
        try await Task.sleep(for: .milliseconds(300))
        await player.pause()
        _ = try await player.analyzeCurrentFrame(with: analyzer)
        for seconds in [1.5, 0.2, 1.0] {
            try await player.seek(to: Timestamp(seconds: seconds))
            _ = try await player.analyzeCurrentFrame(with: analyzer)
        }
        _ = try await VideoIndexer(url: video, options: .init(), analyzer: analyzer).run()
        let read = analyzer.picturesRead.withLock { $0 }
        #expect(Set(read.keys) == ["160x120"])
        #expect(read["160x120", default: 0] >= 5)
    }

    @Test func aFileWithOnlyAProtectedStreamIsNeverRead() async throws {
        let analyzer = FrameAnalyzer(enginesPerLanguage: 1)
        let video = TestMedia.fixture("cenc.mp4")
        #expect(throws: MediaError.self) { try VideoPlayer(url: video) }
        #expect(throws: MediaError.self) { try VideoIndexer(url: video, options: .init(), analyzer: analyzer) }
        #expect(analyzer.picturesRead.withLock { $0 }.isEmpty)
    }
}
