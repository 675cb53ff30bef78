import Foundation
import Testing

/// The DocC article "Getting started" shows code that is compiled and run: each of its Swift blocks is, line for
/// line, in the consumer package's `GettingStarted.swift`, which `make test` builds and runs on the sample.
struct DocumentationTests {
    static func lines(_ path: String) throws -> [String] {
        try String(contentsOf: TestMedia.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func theGettingStartedArticlesCodeIsTheConsumers() throws {
        let article = try Self.lines("Sources/FrameLens/FrameLens.docc/GettingStarted.md")
        let code = try Self.lines("Samples/Consumer/Sources/consumer/GettingStarted.swift")
        var blocks: [[String]] = []
        var open: [String]?
        for line in article {
            if line == "```swift" {
                open = []
            } else if line == "```", let block = open {
                blocks.append(block)
                open = nil
            } else {
                open?.append(line)
            }
        }
        #expect(blocks.count == 3)
        for block in blocks {
            let found = code.indices.contains { start in
                start + block.count <= code.count && Array(code[start..<(start + block.count)]) == block
            }
            #expect(found, "not in Samples/Consumer/Sources/consumer/GettingStarted.swift:\n\(block.joined(separator: "\n"))")
        }
    }
}
