import Foundation
import Testing

/// The README's front page is true: its tour runs as shown on the bundled sample, and `make demo`'s output is
/// what the page says it prints; its links and the manual's resolve.
struct ReadmeTests {
    static let readme = (try? String(
        contentsOf: TestMedia.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// The README's fenced blocks.
    static var blocks: [(language: String, lines: [String])] { (try? MarkdownBlocks.fenced(in: "README.md")) ?? [] }

    /// The lines of the README's `sh` blocks that run `framelens` (the tour).
    static var tour: [String] {
        blocks.filter { $0.language == "sh" }.flatMap(\.lines).filter { $0.hasPrefix("framelens ") }
    }

    @Test func theTourRunsAsShownOnTheSample() throws {
        let folder = TestMedia.path("tour")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let tour = Self.tour
        #expect(tour.count >= 6 && tour.allSatisfy { $0.contains("Samples/lecture.mp4") || $0.hasPrefix("framelens search ") })
        let programs = URL(fileURLWithPath: Command.framelens).deletingLastPathComponent().path
        var outputs: [String: Command.Result] = [:]
        for command in tour {
            // Run from the repository's root with the built framelens first on PATH, writing into this test's folder.
            let line = command.replacingOccurrences(of: "/tmp/", with: folder + "/")
            let result = try Command.run("sh", ["-c", "cd '\(TestMedia.repositoryRoot.path)' && PATH='\(programs)':$PATH \(line)"])
            #expect(result.status == 0 && result.errorText.isEmpty, "\(command): \(result.errorText)")
            outputs[command] = result
        }
        // What `make demo` prints for the slide at 0:15 is what the README shows.
        let demo = try #require(Self.blocks.first { $0.language.isEmpty && $0.lines.first == "Course Logistics" })
        #expect(outputs["framelens grab Samples/lecture.mp4 --at 0:15"]?.text == demo.lines.joined(separator: "\n") + "\n")
        let search = try #require(outputs.first { $0.key.hasPrefix("framelens search ") }?.value)
        #expect(search.text.contains("Samples/lecture.mp4 00:00:07.367-00:00:13.267\n"), "\(search.text)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(written.count >= 4, "\(written)")
    }

    /// Every relative link of the README and of the manual's pages names a file (and a heading) that exists.
    @Test func theManualsLinksResolve() throws {
        let result = try Command.run(
            "python3", [TestMedia.repositoryRoot.appendingPathComponent("scripts/check-doc-links.py").path])
        #expect(result.status == 0, "\(result.text)\(result.errorText)")
        #expect(result.text.hasSuffix(" pages, every relative link resolves\n"), "\(result.text)")
    }

    @Test func theFrontPageIsShort() {
        let lines = Self.readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines > 50 && lines < 250, "README.md has \(lines) lines")
    }
}
