import ArgumentParser
import FrameLens
import FrameLensLibrary

/// `framelens search`: finds cues across every video of the library, best first.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Searches the text of every video in the library, best matches first.",
        discussion: """
            QUERY is SQLite FTS5 syntax: words (all must occur), "a phrase", prefix*, NEAR(a b, 5), a OR b, \
            a NOT b, parentheses. Each hit gives the video, the cue's times, the text around the matched words \
            (marked **so**) and a command that opens the frame.
            """
    )

    @Argument(help: "What to look for, in FTS5 query syntax.")
    var query: String

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
            let hits = try VideoLibrary(at: library.path, access: .read).search(query, limit: limit, videoPattern: video)
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
