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
    ///   - query: what to look for, read as `syntax` says: by default text as typed (every word must occur,
    ///     punctuation joining words into a phrase, a part of a Chinese, Japanese or Korean word found inside it).
    ///   - syntax: `.text`, or `.fts5` for FTS5's query syntax (`"a phrase"`, `prefix*`, `NEAR(a b, 5)`, `a OR b`,
    ///     `a NOT b`, parentheses).
    ///   - limit: the most hits to return.
    ///   - videoPattern: only videos whose path, or file name, matches this GLOB (`*`, `?`, `[...]`,
    ///     case-sensitive); nil for all.
    /// - Throws: `LibraryError` `.badQuery` when an `.fts5` query is not FTS5 syntax (a `.text` query never is);
    ///   `.notALibrary` when the library is damaged.
    public func search(
        _ query: String, syntax: SearchSyntax = .text, limit: Int, videoPattern: String? = nil
    ) throws(LibraryError) -> [SearchHit] {
        let search: CueSearch
        switch syntax {
        case .fts5:
            search = CueSearch(index: "cue_text", match: query)
        case .text:
            let typed = SearchQuery(text: query)
            if typed.isEmpty { return [] }
            search = CueSearch(typed, trigramIndex: hasTrigramIndex)
        }
        do {
            let parameters: [SQLiteValue] =
                [videoPattern.map { .text($0) } ?? .null, .integer(Int64(limit)), .text(Self.snippetMark)]
                + (search.match.map { [.text($0)] } ?? []) + search.substrings.map { .text($0) }
            return try database.prepare(search.sql).rows(parameters) {
                let text = $0.text(4)
                let snippet = search.marksInSQL
                    ? $0.text(5) : SubstringSnippet.make(text, marking: search.substrings, with: Self.snippetMark)
                return SearchHit(
                    video: $0.text(0), start: $0.time(1), end: $0.time(2), time: $0.time(3), text: text,
                    snippet: snippet.split(whereSeparator: \.isNewline).joined(separator: " "), rank: $0.real(6))
            }
        } catch let error as SQLiteError where error.code == SQLiteError.error && syntax == .fts5 {
            // FTS5 reports a query it cannot parse when the statement runs: `fts5: syntax error near "..."`,
            // `unterminated string`, `no such column: x` (for `x:word`).
            let reason = error.message.hasPrefix("fts5: ") ? String(error.message.dropFirst(6)) : error.message
            let place = switch FTS5ErrorPlace.find(error.message, in: query, rejection: fts5Rejection) {
            case .character(let number): " at character \(number)"
            case .end: " at its end"
            case nil: ""
            }
            throw LibraryError(
                .badQuery,
                "search query '\(query)' is not FTS5 syntax\(place): \(reason) (words, \"a phrase\", prefix*, NEAR(a b), a OR b, a NOT b)")
        } catch let error as SQLiteError {
            throw libraryError(error)
        } catch {
            throw LibraryError(.writeFailed, "\(path): \(error)")
        }
    }
}

extension VideoLibrary {
    /// FTS5's message for a query it cannot read, nil when it reads it.
    private func fts5Rejection(_ query: String) -> String? {
        do {
            _ = try database.prepare("SELECT rowid FROM cue_text WHERE cue_text MATCH ?1 LIMIT 1").rows([.text(query)]) { _ in 0 }
            return nil
        } catch let error as SQLiteError {
            return error.message
        } catch {
            return "\(error)"
        }
    }
}

/// One search's statement: the FTS5 index it matches in (ranked by bm25, snippets by FTS5), or none (every cue,
/// in the order of the videos' paths and times), and the substrings every cue found must hold.
///
/// Its parameters: `?1` the video pattern, `?2` the limit, `?3` the snippet's mark, then the match expression
/// when there is one, then the substrings.
private struct CueSearch {
    /// `cue_text` (words) or `cue_grams` (trigrams); nil to scan the cues.
    let index: String?
    /// The FTS5 expression to match in `index`.
    let match: String?
    /// Text each cue must contain, as typed.
    let substrings: [String]

    init(index: String, match: String) {
        self.index = index
        self.match = match
        substrings = []
    }

    /// Words are matched in the word index and CJK text checked in each cue; CJK text alone is matched in the
    /// trigram index where a run of three characters or more allows it (a trigram index finds nothing shorter).
    init(_ query: SearchQuery, trigramIndex: Bool) {
        substrings = query.substrings
        if let words = query.wordExpression {
            (index, match) = ("cue_text", words)
        } else if trigramIndex, case let long = query.substrings.filter({ $0.unicodeScalars.count >= 3 }), !long.isEmpty {
            (index, match) = ("cue_grams", long.map { "\"" + $0 + "\"" }.joined(separator: " AND "))
        } else {
            (index, match) = (nil, nil)
        }
    }

    /// Whether FTS5 makes the snippet, marking the words; text found in CJK runs is marked by `SubstringSnippet`.
    var marksInSQL: Bool { index == "cue_text" }

    var sql: String {
        let first = match == nil ? 4 : 5
        let contains = substrings.indices.map { " AND instr(cues.text, ?\(first + $0)) > 0" }.joined()
        let videos = "(?1 IS NULL OR videos.path GLOB ?1 OR videos.name GLOB ?1)"
        guard let index else {
            return """
                SELECT videos.path, cues.start_time, cues.end_time, cues.frame_time, cues.text, '', 0
                FROM cues JOIN videos ON videos.id = cues.video
                WHERE \(videos)\(contains)
                ORDER BY videos.path, cues.start_time LIMIT ?2
                """
        }
        let snippet = marksInSQL ? "snippet(\(index), 0, ?3, ?3, '…', 16)" : "''"
        return """
            SELECT videos.path, cues.start_time, cues.end_time, cues.frame_time, cues.text, \(snippet), rank
            FROM \(index) JOIN cues ON cues.id = \(index).rowid JOIN videos ON videos.id = cues.video
            WHERE \(index) MATCH ?4 AND \(videos)\(contains)
            ORDER BY rank LIMIT ?2
            """
    }
}
