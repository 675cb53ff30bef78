import Foundation
import FrameLens
import Testing

@testable import FrameLensServer

/// The server keeps at most `limit` players open, closing the one used longest ago: readers of many videos
/// no longer leave a decoder open per video for the server's life.
struct OpenPlayersTests {
    @Test func thePlayerUsedLongestAgoIsClosedPastTheLimit() async throws {
        let folder = TestMedia.path("served")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["a", "b", "c"] {
            try FileManager.default.copyItem(atPath: try TestMedia.counter(), toPath: "\(folder)/\(name).mp4")
        }
        let openPlayers = OpenPlayers(limit: 2)
        let sessions = try VideoCatalog(paths: [folder]).videos.sorted { $0.name < $1.name }.map {
            VideoSession(video: $0, analyzer: .shared, options: AnalysisOptions(), openPlayers: openPlayers)
        }
        for session in sessions { _ = try await session.png(at: 1) }
        #expect(await sessions.asyncMap { await $0.hasOpenPlayer } == [false, true, true])
        _ = try await sessions[0].png(at: 2)
        #expect(await sessions.asyncMap { await $0.hasOpenPlayer } == [true, false, true])
    }
}

extension Array {
    /// `map` with an async transform, in order.
    fileprivate func asyncMap<T>(_ transform: (Element) async -> T) async -> [T] {
        var results: [T] = []
        for element in self { results.append(await transform(element)) }
        return results
    }
}
