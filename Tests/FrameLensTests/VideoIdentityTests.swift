import Foundation
import FrameLens
import Testing

/// `VideoIdentity`: a file's path, size, modification time and the hash of its ends, checked against
/// `sha256sum` of the same bytes.
struct VideoIdentityTests {
    /// What docs/library-and-search.md says the hash is, as a shell computes it.
    static func oracle(_ path: String) throws -> String {
        let result = try Command.run("sh", ["-c", "(head -c 1048576 \"$0\"; tail -c 1048576 \"$0\"; stat -c %s \"$0\" | tr -d '\\n') | sha256sum", path])
        return String(result.text.prefix(64))
    }

    /// A small video (the ends overlap), and a file of 3 MiB (they do not).
    @Test func theHashIsSHA256OfTheEndsAndTheSize() throws {
        let big = TestMedia.path("big.bin")
        try Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) }).write(to: URL(fileURLWithPath: big))
        for path in [TestMedia.sample, big] {
            let identity = try VideoIdentity(ofFileAt: path)
            #expect(identity.hash == (try Self.oracle(path)))
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect(identity.size == attributes[.size] as? Int64)
            let modified = try #require(attributes[.modificationDate] as? Date)
            #expect(abs(Double(identity.modified) / 1e9 - modified.timeIntervalSince1970) < 0.001)
            #expect(identity.path == URL(fileURLWithPath: path).standardizedFileURL.path)
        }
    }

    @Test func thePathIsKeptWithoutDotDotParts() throws {
        let identity = try VideoIdentity(ofFileAt: TestMedia.repositoryRoot.path + "/Samples/../Samples/./lecture.mp4")
        #expect(identity.path == TestMedia.sample)
    }

    @Test func anIndexRecordsItsVideosIdentity() throws {
        let video = try LibraryFixture.slide("Alpha dfflibmap slide")
        let result = try Command.framelens(["index", video, "--types", "text", "--format", "json", "-o", "-"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output)) as? [String: Any])
        let identity = try #require(json["identity"] as? [String: Any])
        #expect(identity["path"] as? String == video)
        #expect(identity["hash"] as? String == (try Self.oracle(video)))
        #expect(Set(identity.keys) == ["path", "size", "modified", "hash"])
    }

    @Test func aFolderHasNoIdentity() throws {
        #expect(throws: MediaError(.notAFile, "\(TestMedia.directory.path) is not a file")) {
            try VideoIdentity(ofFileAt: TestMedia.directory.path)
        }
    }
}
