import ArgumentParser
import FrameLens
import FrameLensLibrary

extension SearchSyntax: ExpressibleByArgument {}

/// `framelens search`: finds cues across every video of the library, best first.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Searches the text of every video in the library, best matches first.",
        discussion: """
            QUERY is text as you saw it: every word must occur; words joined by punctuation (RTLIL::IdString, \
            name@example.org, zero-width) and "quoted words" are found as a phrase; a part of a Chinese, \
            Japanese or Korean word is found inside it. With --syntax fts5 it is SQLite FTS5's query syntax \
            instead: "a phrase", prefix*, NEAR(a b, 5), a OR b, a NOT b, parentheses. Each hit gives the video, \
            the cue's times, the text around the matches (marked **so**) and a command that opens the frame.
            """
    )

    @Argument(help: "What to look for.")
    var query: String

    @Option(help: "How QUERY is read: text (as typed) or fts5 (SQLite FTS5's query syntax).")
    var syntax: SearchSyntax = .text

    @OptionGroup var library: LibraryOption

    @Option(help: "The most hits to print.")
    var limit: Int = 20

    @Option(help: "Only videos whose path, or file name, matches this pattern (*, ?, [...]; case-sensitive).")
    var video: String?

    @Flag(help: "Print the hits as a JSON array.")
    var json = false

    func validate() throws {
        if limit < 1 { throw usageError("--limit must be 1 or more") }
    }

    func run() async throws {
        try await reportingErrors {
            let hits = try VideoLibrary(at: library.path, access: .read).search(query, syntax: syntax, limit: limit, videoPattern: video)
            if json {
                print(String(decoding: try JSONDocument.encode(hits, precision: .rounded), as: UTF8.self), terminator: "")
                return
            }
            print(hits.map { hit in
                let times = MediaTime.clock(hit.start.seconds, rounding: .up) + "-" + MediaTime.clock(hit.end.seconds, rounding: .up)
                return "\(hit.video) \(times)\n  \(hit.snippet)\n  \(hit.command)\n"
            }.joined(separator: "\n"), terminator: "")
        }
    }
}
