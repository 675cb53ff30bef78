import Foundation
import Testing

/// The DocC article "Getting started" shows code that is compiled and run: each of its Swift blocks is, line for
/// line, in the consumer package's `GettingStarted.swift`, which `make test` builds and runs on the sample.
struct DocumentationTests {
    @Test func theGettingStartedArticlesCodeIsTheConsumers() throws {
        let trimmed = { (lines: [String]) in lines.map { $0.trimmingCharacters(in: .whitespaces) } }
        let blocks = try MarkdownBlocks.fenced(in: "Sources/FrameLens/FrameLens.docc/GettingStarted.md")
            .filter { $0.language == "swift" }.map { trimmed($0.lines) }
        let code = trimmed(try String(
            contentsOf: TestMedia.repositoryRoot.appendingPathComponent("Samples/Consumer/Sources/consumer/GettingStarted.swift"),
            encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        #expect(blocks.count == 3)
        for block in blocks {
            let found = code.indices.contains { start in
                start + block.count <= code.count && Array(code[start..<(start + block.count)]) == block
            }
            #expect(found, "not in Samples/Consumer/Sources/consumer/GettingStarted.swift:\n\(block.joined(separator: "\n"))")
        }
    }
}
