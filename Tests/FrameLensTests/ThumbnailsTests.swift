import Foundation
import FrameLens
import Testing

@testable import FrameLensServer

/// Search hits' thumbnails are kept within their byte budget, the one used longest ago dropped first.
struct ThumbnailsTests {
    @Test func theCacheKeepsItsBudgetDroppingTheThumbnailUsedLongestAgo() async throws {
        let video = try #require(try VideoCatalog(paths: [try TestMedia.counter()]).videos.first)
        let session = VideoSession(video: video, analyzer: .shared, options: AnalysisOptions(), openPlayers: OpenPlayers())
        let sizes = try await [0.0, 1.0, 2.0].asyncMap { try await session.thumbnail(at: $0, width: Thumbnails.width).count }
        #expect(Set(sizes).count == 3, "three different frames: \(sizes)")
        // Room for the two largest, never for all three.
        let budget = sizes.sorted().suffix(2).reduce(0, +)
        let thumbnails = Thumbnails(byteBudget: budget, concurrentRenders: 1)

        _ = try await thumbnails.jpeg(of: session, at: 0)
        _ = try await thumbnails.jpeg(of: session, at: 1)
        #expect(await thumbnails.cachedBytes == sizes[0] + sizes[1])
        _ = try await thumbnails.jpeg(of: session, at: 0)  // 1 s is now the one used longest ago
        let third = try await thumbnails.jpeg(of: session, at: 2)
        #expect(third.count == sizes[2])
        #expect(await thumbnails.cachedBytes == sizes[0] + sizes[2])
        #expect(await thumbnails.cachedBytes <= budget)
    }
}

extension Array {
    /// `map` with an async throwing transform, in order.
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
