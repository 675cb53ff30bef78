/// How a search query is read.
public enum SearchSyntax: String, Sendable, CaseIterable {
    /// Text as typed: its words must all occur, words joined by punctuation (`RTLIL::IdString`,
    /// `name@example.org`, `zero-width`) as a phrase, `"quoted words"` as a phrase, and Chinese, Japanese
    /// and Korean text found inside longer words. No query is an error.
    case text
    /// SQLite FTS5's query syntax: `"a phrase"`, `prefix*`, `NEAR(a b, 5)`, `a OR b`, `a NOT b`, `column:`,
    /// parentheses. A query that is not that syntax is an error.
    case fts5
}

/// Typed text as what a library searches for: word phrases for the FTS5 word index, and runs of Chinese,
/// Japanese or Korean text to find inside the cues' text, where words are not separated by spaces.
struct SearchQuery: Equatable {
    /// Phrases of words, each quoted for FTS5 (`"RTLIL::IdString"`), which FTS5's own tokenizer splits into its
    /// words.
    var phrases: [String] = []
    /// Runs of CJK text, each to be found as a substring of a cue's text.
    var substrings: [String] = []

    /// The phrases as one FTS5 expression, all of them to match; nil when there are none.
    var wordExpression: String? { phrases.isEmpty ? nil : phrases.joined(separator: " AND ") }

    /// Nothing to search for (the text held only spaces and punctuation).
    var isEmpty: Bool { phrases.isEmpty && substrings.isEmpty }

    /// Reads typed text: double-quoted stretches and whitespace-separated chunks, each split into its CJK
    /// runs and the rest; a rest that holds a letter or a digit is a phrase.
    init(text: String) {
        for chunk in Self.chunks(of: text) {
            var run = ""
            var runIsCJK = false
            for scalar in chunk.unicodeScalars {
                let isCJK = Self.isCJK(scalar)
                if isCJK != runIsCJK {
                    add(run, cjk: runIsCJK)
                    run = ""
                    runIsCJK = isCJK
                }
                run.unicodeScalars.append(scalar)
            }
            add(run, cjk: runIsCJK)
        }
    }

    private mutating func add(_ run: String, cjk: Bool) {
        if cjk {
            if !run.isEmpty { substrings.append(run) }
        } else if run.unicodeScalars.contains(where: Self.isWordCharacter) {
            phrases.append("\"" + run + "\"")  // `chunks` leaves no double quote inside a run
        }
    }

    /// The text's double-quoted stretches and its other whitespace-separated words, in order; an unbalanced
    /// quote is a separator.
    private static func chunks(of text: String) -> [String] {
        var chunks: [String] = []
        let quoted = text.split(separator: "\"", omittingEmptySubsequences: false)
        let balanced = quoted.count % 2 == 1
        for (position, piece) in quoted.enumerated() {
            if position % 2 == 1 && balanced {
                chunks.append(String(piece))
            } else {
                chunks += piece.split(whereSeparator: \.isWhitespace).map(String.init)
            }
        }
        return chunks
    }

    /// A character FTS5's default tokenizer (`unicode61`) keeps in a word: a letter, a digit or a mark.
    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            true
        default:
            false
        }
    }

    /// A letter of a script written without spaces between words, or whose words take endings (Korean):
    /// Han ideographs, kana and Hangul (not their punctuation, such as `・`).
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        let ranges: [ClosedRange<UInt32>] = [
            0x1100...0x11FF, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3134F,
        ]
        return isWordCharacter(scalar) && ranges.contains { $0.contains(scalar.value) }
    }
}
