import Foundation

extension DataDetector {
    /// A run of characters of one class. Words and numbers are maximal runs, spaces are maximal
    /// runs of horizontal white space, newlines and punctuation are single characters.
    struct Token: Sendable {
        enum Kind: Sendable { case word, number, space, newline, punct }
        let kind: Kind
        let start: Int
        let end: Int
        let text: String
    }

    /// A detected item in character offsets, before overlap resolution.
    struct Candidate: Sendable {
        let kind: DataKind
        let start: Int
        let end: Int
        let value: String
        var attributes: [String: String] = [:]

        var length: Int { end - start }
        var rank: Int { DataKind.allCases.firstIndex(of: kind) ?? 0 }
        func overlaps(_ o: Candidate) -> Bool { start < o.end && o.start < end }
    }

    /// The text as characters (with their `String.Index`) and tokens.
    struct Input {
        let chars: [Character]
        let indices: [String.Index]  // chars.count + 1 entries
        let tokens: [Token]
        let tokenAt: [Int]           // character offset -> token index

        init(_ text: String) {
            var chars: [Character] = []
            var indices: [String.Index] = []
            var i = text.startIndex
            while i < text.endIndex {
                chars.append(text[i])
                indices.append(i)
                i = text.index(after: i)
            }
            indices.append(text.endIndex)
            var tokens: [Token] = []
            var tokenAt = [Int](repeating: 0, count: chars.count)
            var p = 0
            while p < chars.count {
                let kind = Input.classify(chars[p])
                var q = p + 1
                if kind == .word || kind == .number || kind == .space {
                    while q < chars.count && Input.classify(chars[q]) == kind { q += 1 }
                }
                for k in p..<q { tokenAt[k] = tokens.count }
                tokens.append(Token(kind: kind, start: p, end: q, text: String(chars[p..<q])))
                p = q
            }
            self.chars = chars
            self.indices = indices
            self.tokens = tokens
            self.tokenAt = tokenAt
        }

        /// The candidates `match` finds at token indices, left to right, each search resuming after the last
        /// token of the candidate before it.
        func candidates(_ match: (Int) -> Candidate?) -> [Candidate] {
            var found: [Candidate] = []
            var i = 0
            while i < count {
                if let candidate = match(i) {
                    found.append(candidate)
                    i = tokenAt[candidate.end - 1] + 1
                } else {
                    i += 1
                }
            }
            return found
        }

        static func classify(_ c: Character) -> Token.Kind {
            if let a = c.asciiValue {
                if a >= 48 && a <= 57 { return .number }
                if (a >= 65 && a <= 90) || (a >= 97 && a <= 122) { return .word }
            }
            if c.isLetter { return .word }
            if c.isNewline { return .newline }
            if c.isWhitespace { return .space }
            return .punct
        }

        var count: Int { tokens.count }

        func kind(_ i: Int) -> Token.Kind? { i >= 0 && i < tokens.count ? tokens[i].kind : nil }
        func text(_ i: Int) -> String { i >= 0 && i < tokens.count ? tokens[i].text : "" }
        func isWord(_ i: Int) -> Bool { kind(i) == .word }
        func isNumber(_ i: Int) -> Bool { kind(i) == .number }
        func isSpace(_ i: Int) -> Bool { kind(i) == .space }
        func isNewline(_ i: Int) -> Bool { kind(i) == .newline }
        /// Number of digits of number token `i` (0 if it is not a number).
        func digits(_ i: Int) -> Int { isNumber(i) ? tokens[i].end - tokens[i].start : 0 }
        /// A single space character (not a wider gap).
        func isSingleSpace(_ i: Int) -> Bool { isSpace(i) && tokens[i].end - tokens[i].start == 1 }
        /// Whether token `i` is a punctuation character contained in `set`.
        func isPunct(_ i: Int, _ set: String) -> Bool {
            guard kind(i) == .punct, let c = tokens[i].text.first else { return false }
            return set.contains(c)
        }
        func lower(_ i: Int) -> String { text(i).lowercased() }

        func string(_ from: Int, _ to: Int) -> String { String(chars[from..<to]) }

        func candidate(_ kind: DataKind, _ first: Int, _ end: Int, _ value: String,
                       _ attributes: [String: String] = [:]) -> Candidate {
            Candidate(kind: kind, start: tokens[first].start, end: tokens[end - 1].end,
                      value: value, attributes: attributes)
        }

        /// Lower-cased letter runs in the `window` characters before character offset `offset`.
        func words(before offset: Int, within window: Int) -> [String] {
            var out: [String] = []
            var current = ""
            for c in chars[max(0, offset - window)..<offset] {
                if c.isLetter {
                    current.append(c)
                } else if !current.isEmpty {
                    out.append(current.lowercased())
                    current = ""
                }
            }
            if !current.isEmpty { out.append(current.lowercased()) }
            return out
        }

        /// Whether token `i` is directly preceded by a label such as "Tel.:" or "Phone number".
        func hasLabel(before i: Int, _ labels: Set<String>) -> Bool {
            var j = i - 1
            var steps = 0
            while j >= 0 && steps < 8 {
                let tok = tokens[j]
                switch tok.kind {
                case .space:
                    break
                case .punct:
                    if !":.#-(".contains(tok.text.first!) { return false }
                case .word:
                    let w = tok.text.lowercased()
                    if labels.contains(w) { return true }
                    if !DataDetector.labelFillers.contains(w) { return false }
                case .number, .newline:
                    return false
                }
                j -= 1
                steps += 1
            }
            return false
        }
    }

    static let labelFillers: Set<String> = ["no", "nr", "number", "num", "nummer"]

    static func isCapitalized(_ s: String) -> Bool { s.first?.isUppercase ?? false }

    static func isDigitASCII(_ c: Character) -> Bool {
        guard let a = c.asciiValue else { return false }
        return a >= 48 && a <= 57
    }

    static func isAlnumASCII(_ c: Character) -> Bool {
        guard let a = c.asciiValue else { return false }
        return (a >= 48 && a <= 57) || (a >= 65 && a <= 90) || (a >= 97 && a <= 122)
    }

    static func isUpperAlnumASCII(_ c: Character) -> Bool {
        guard let a = c.asciiValue else { return false }
        return (a >= 48 && a <= 57) || (a >= 65 && a <= 90)
    }

    static func isUpperASCII(_ c: Character) -> Bool {
        guard let a = c.asciiValue else { return false }
        return a >= 65 && a <= 90
    }

    /// Letter or digit in any script.
    static func isWordChar(_ c: Character) -> Bool { c.isLetter || c.isNumber }
}
