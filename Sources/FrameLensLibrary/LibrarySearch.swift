import Foundation
import FrameLens

/// A cue found by a search, and where to open its video.
public struct SearchHit: Sendable, Codable, Equatable {
    /// The video file's absolute path.
    public var video: String
    /// When the cue's text appeared.
    public var start: Timestamp
    /// When it went.
    public var end: Timestamp
    /// The time of the exact frame to open: the frame its text was read from (`framelens grab VIDEO --at`
    /// this time reads it again).
    public var time: Timestamp
    /// The cue's whole text.
    public var text: String
    /// Up to 16 words of the text around the matches, the matched words between `**` (`the **dfflibmap**
    /// command`), its lines joined by spaces.
    public var snippet: String
    /// The bm25 score: lower is a better match (SQLite's FTS5 convention); hits come best first.
    public var rank: Double
    /// A command that reads the frame again: `framelens grab PATH --at TIME` (the path quoted for a POSIX
    /// shell when it needs it, the time rounded up to the millisecond, so that it shows that frame).
    public var command: String

    init(
        video: String, start: Timestamp, end: Timestamp, time: Timestamp, text: String, snippet: String, rank: Double
    ) {
        self.video = video
        self.start = start
        self.end = end
        self.time = time
        self.text = text
        self.snippet = snippet
        self.rank = rank
        command = "framelens grab \(Self.shellQuoted(video)) --at \(MediaTime.clock(time.seconds, rounding: .up))"
    }

    /// A word as a POSIX shell reads it: as it is when it holds only safe characters, else single-quoted.
    static func shellQuoted(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "/._-+,:@%=".unicodeScalars.contains($0)
        }
        return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension VideoLibrary {
    /// What marks the matched words in a hit's snippet, before and after each.
    public static let snippetMark = "**"

    /// Finds cues by their text, best first.
    ///
    /// - Parameters:
    ///   - query: FTS5 query syntax: words (all must occur), `"a phrase"`, `prefix*`, `NEAR(a b, 5)`,
    ///     `a OR b`, `a NOT b`, parentheses.
    ///   - limit: the most hits to return.
    ///   - videoPattern: only videos whose path, or file name, matches this GLOB (`*`, `?`, `[...]`,
    ///     case-sensitive); nil for all.
    /// - Throws: `LibraryError` `.badQuery` when the query is not FTS5 syntax; `.notALibrary` when the library
    ///   is damaged.
    public func search(_ query: String, limit: Int, videoPattern: String? = nil) throws(LibraryError) -> [SearchHit] {
        do {
            return try database.prepare("""
                SELECT videos.path, cues.start_time, cues.end_time, cues.frame_time, cues.text,
                    snippet(cue_text, 0, ?4, ?4, '…', 16), rank
                FROM cue_text JOIN cues ON cues.id = cue_text.rowid JOIN videos ON videos.id = cues.video
                WHERE cue_text MATCH ?1 AND (?2 IS NULL OR videos.path GLOB ?2 OR videos.name GLOB ?2)
                ORDER BY rank LIMIT ?3
                """).rows([
                    .text(query), videoPattern.map { .text($0) } ?? .null, .integer(Int64(limit)),
                    .text(Self.snippetMark),
                ]) {
                SearchHit(
                    video: $0.text(0), start: $0.time(1), end: $0.time(2), time: $0.time(3), text: $0.text(4),
                    snippet: $0.text(5).split(whereSeparator: \.isNewline).joined(separator: " "), rank: $0.real(6))
            }
        } catch let error as SQLiteError where error.code == SQLiteError.error {
            // FTS5 reports a query it cannot parse when the statement runs: `fts5: syntax error near "..."`,
            // `unterminated string`, `no such column: x` (for `x:word`).
            let reason = error.message.hasPrefix("fts5: ") ? String(error.message.dropFirst(6)) : error.message
            throw LibraryError(
                .badQuery,
                "search query '\(query)' is not FTS5 syntax: \(reason) (words, \"a phrase\", prefix*, NEAR(a b), a OR b, a NOT b)")
        } catch let error as SQLiteError {
            throw libraryError(error)
        } catch {
            throw LibraryError(.writeFailed, "\(path): \(error)")
        }
    }
}
