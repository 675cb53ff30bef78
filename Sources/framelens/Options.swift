import ArgumentParser
import Foundation
import FrameLens

/// The video to open and which of its streams to play.
struct VideoOptions: ParsableArguments {
    @Argument(help: "The video: a file path, - for standard input, or any URL FFmpeg reads.", completion: .file())
    var video: String

    /// What to open for the video: standard input's saved copy when it is one (see `StandardInput`).
    func openableVideo() throws -> String {
        try StandardInput.openable(video)
    }

    // Unconditional, so that `--stream -1` is a value to refuse rather than an unknown option `-1`.
    @Option(
        name: .customLong("stream"), parsing: .unconditional,
        help: "The index of the video stream to use (default: the first playable, unprotected one).")
    var stream: Int?

    func validate() throws {
        if let stream, stream < 0 {
            throw usageError("--stream \(stream) is negative: streams are numbered from 0 (framelens probe lists them)")
        }
    }
}

/// The times in the video to show, as the user typed them: `--at`, repeated or comma-separated, and
/// `--times-file`. Parsed in `run()` so that a bad time gets FrameLens's own message and exit code.
struct TimesOption: ParsableArguments {
    @Option(name: .customLong("at"), parsing: .unconditionalSingleValue,
            help: """
                The time: seconds (12.5, 15s, 1500ms), MM:SS(.mmm) or HH:MM:SS(.mmm) (or SRT's ,mmm). \
                Repeatable, or comma-separated (--at 5,10 --at 0:20).
                """)
    var texts: [String] = []

    @Option(help: "A file of times, one per line; blank lines and # comments are ignored.", completion: .file())
    var timesFile: String?

    func validate() throws {
        guard !texts.isEmpty || timesFile != nil else {
            throw usageError("give a time with --at, or a file of times with --times-file")
        }
    }

    /// Whether several frames are asked for: more than one time, or a file of times. The output's form
    /// follows the question, not the number of lines a file happens to hold.
    var asksForSeveral: Bool {
        timesFile != nil || pieces.count > 1
    }

    /// The `--at` values, split at their commas.
    private var pieces: [String] {
        texts.flatMap(Self.split)
    }

    /// A comma-separated list of times. A comma between `HH:MM:SS` and three digits (then the end or a comma)
    /// is SRT's millisecond comma, not a separator: `00:00:15,000,20` is 15 s and 20 s, `5,100` is 5 s and 100 s.
    static func split(_ text: String) -> [String] {
        var pieces: [String] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            if let last = pieces.last, last.filter({ $0 == ":" }).count == 2, !last.contains(","), !last.contains("."),
               piece.count == 3, piece.allSatisfy({ $0.isASCII && $0.isNumber })
            {
                pieces[pieces.count - 1] += "," + piece
            } else {
                pieces.append(piece)
            }
        }
        return pieces
    }

    /// The times, in order, each once.
    ///
    /// - Throws: `TimeError` for a time that is none (naming the file's line) or a file of no times;
    ///   `MediaError` `.fileNotFound` or `.unreadable` for a times file that cannot be read.
    func parsed() throws -> [Timestamp] {
        var times: [Timestamp] = []
        for piece in pieces { times.append(try MediaTime.parse(piece)) }
        if let timesFile { times += try Self.times(inFile: timesFile) }
        return Array(Set(times)).sorted()
    }

    /// The times a file lists, one per line; `#` starts a comment.
    private static func times(inFile path: String) throws -> [Timestamp] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FileManager.default.fileExists(atPath: path)
                ? MediaError(.unreadable, "cannot read the times file \(path)")
                : MediaError(.fileNotFound, "no such file: \(path)")
        }
        var times: [Timestamp] = []
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            let text = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { continue }
            do { times.append(try MediaTime.parse(text)) } catch {
                throw TimeError(error.code, "\(path) line \(number + 1): \(error.message)")
            }
        }
        guard !times.isEmpty else { throw TimeError.noTimes(inFile: path) }
        return times
    }
}
