import Foundation
import Testing

/// `--min-confidence` is a percent, as the JSON's confidences are; the library takes a fraction.
struct MinimumConfidenceTests {
    static func wordConfidences(_ extra: [String]) throws -> [Double] {
        let result = try Command.framelens(["grab", TestMedia.sample, "--at", "15", "--types", "text", "--json"] + extra)
        #expect(result.status == 0)
        let analysis = try #require(try JSONSerialization.jsonObject(with: Data(result.output)) as? [String: Any])
        let blocks = (analysis["text"] as? [String: Any])?["blocks"] as? [[String: Any]] ?? []
        let lines = blocks.flatMap { $0["lines"] as? [[String: Any]] ?? [] }
        return lines.flatMap { $0["words"] as? [[String: Any]] ?? [] }.compactMap { $0["confidence"] as? Double }
    }

    @Test func dropsWordsBelowAPercent() throws {
        let all = try Self.wordConfidences([])
        let confident = try Self.wordConfidences(["--min-confidence", "92"])
        #expect(all.contains { $0 < 92 } && all.allSatisfy { $0 <= 100 } && all.contains { $0 > 1 })
        #expect(!confident.isEmpty && confident.allSatisfy { $0 >= 92 })
    }
}
