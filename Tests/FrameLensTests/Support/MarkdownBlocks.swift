import Foundation

/// The fenced code blocks of a Markdown file of the repository (the README, a DocC article).
enum MarkdownBlocks {
    /// Each block's language (the word after its opening fence, empty when none) and its lines as written.
    static func fenced(in path: String) throws -> [(language: String, lines: [String])] {
        let text = try String(contentsOf: TestMedia.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
        var blocks: [(language: String, lines: [String])] = []
        var open: (language: String, lines: [String])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let block = open {
                    blocks.append(block)
                    open = nil
                } else {
                    open = (String(line.dropFirst(3)), [])
                }
            } else {
                open?.lines.append(line)
            }
        }
        return blocks
    }
}
