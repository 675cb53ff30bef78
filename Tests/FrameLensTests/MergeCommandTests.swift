import Foundation
import Testing

/// `framelens merge` refuses indexes that do not belong together with exit 11 (it said exit 7, a bad
/// time), and writes nothing.
struct MergeCommandTests {
    /// A codes-only JSON index of a range of the sample (fast: no OCR).
    static func shard(from: Int, to: Int) throws -> String {
        let path = TestMedia.path("shard-\(from)-\(to).json")
        let result = try Command.framelens([
            "index", TestMedia.sample, "--types", "codes", "--from", String(from), "--to", String(to), "-o", path,
        ])
        #expect(result.status == 0)
        return path
    }

    @Test func refusesIndexesOfDifferentVideos() throws {
        let first = try Self.shard(from: 0, to: 10)
        let second = try Self.shard(from: 10, to: 20)
        let other = TestMedia.path("other.json")
        let text = try String(contentsOfFile: second, encoding: .utf8)
            .replacingOccurrences(of: "\"video\" : \"\(TestMedia.sample)\"", with: "\"video\" : \"other.mp4\"")
        try text.write(toFile: other, atomically: true, encoding: .utf8)
        let output = TestMedia.path("merged.srt")
        let result = try Command.framelens(["merge", first, other, "-o", output])
        #expect(result.status == 11)
        #expect(result.errorText == "framelens: cannot merge indexes of different videos (\(TestMedia.sample), other.mp4)\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func refusesOverlappingShards() throws {
        let result = try Command.framelens([
            "merge", try Self.shard(from: 0, to: 10), try Self.shard(from: 5, to: 15), "-o", TestMedia.path("m.srt"),
        ])
        #expect(result.status == 11)
        #expect(result.errorText == "framelens: shards overlap: one ends at 00:00:10.000, the next starts at 00:00:05.000\n")
    }
}
