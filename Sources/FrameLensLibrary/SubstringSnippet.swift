/// The text around the first place a cue holds what was searched for, every occurrence marked: the snippet of a
/// search for a part of a Chinese, Japanese or Korean word, which FTS5's word snippets cannot mark.
enum SubstringSnippet {
    /// Characters kept on each side of the first match.
    static let context = 16

    /// - Parameters:
    ///   - text: the cue's text.
    ///   - terms: what was searched for, as typed.
    ///   - mark: put before and after each occurrence.
    /// - Returns: the text from `context` characters before the first occurrence to `context` after it (an
    ///   ellipsis where it is cut), each occurrence of a term inside marked; the text as it is when none occurs.
    static func make(_ text: String, marking terms: [String], with mark: String) -> String {
        let characters = Array(text)
        let matches = occurrences(of: terms.map(Array.init).filter { !$0.isEmpty }, in: characters)
        guard let first = matches.first else { return text }
        let from = max(0, first.lowerBound - context)
        let to = min(characters.count, first.upperBound + context)
        var snippet = from > 0 ? "…" : ""
        var position = from
        for match in matches where match.upperBound <= to {
            snippet += String(characters[position..<match.lowerBound]) + mark + String(characters[match]) + mark
            position = match.upperBound
        }
        snippet += String(characters[position..<to]) + (to < characters.count ? "…" : "")
        return snippet
    }

    /// Where the terms occur, in order, none overlapping another (at one place the longest term wins).
    private static func occurrences(of terms: [[Character]], in text: [Character]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var position = 0
        while position < text.count {
            let longest = terms.filter { term in
                position + term.count <= text.count && text[position..<position + term.count].elementsEqual(term)
            }.map(\.count).max()
            if let longest {
                found.append(position..<position + longest)
                position += longest
            } else {
                position += 1
            }
        }
        return found
    }
}
