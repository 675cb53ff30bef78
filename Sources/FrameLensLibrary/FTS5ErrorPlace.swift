/// Where in a query FTS5 met what it could not read, as a user would count: the character's number from 1,
/// or the query's end.
///
/// FTS5 names the token it stopped at (`syntax error near ")"`), not its place, and the same token may occur
/// earlier where it was fine: `(a) b)` stops at the second `)`. The place is found by asking FTS5 itself: the
/// query is cut after each of its tokens in turn, and the first cut that FTS5 rejects with the same message
/// ends at the token it stopped at (every shorter cut is a start FTS5 could still have completed).
enum FTS5ErrorPlace: Equatable {
    /// The 1-based number of the character where the token FTS5 stopped at starts.
    case character(Int)
    /// The query ended where FTS5 needed more (`syntax error near ""`).
    case end

    /// The place of FTS5's `message` in `query`, or nil when no cut reproduces it.
    ///
    /// - Parameter rejection: FTS5's message for a query, nil when it takes the query.
    static func find(_ message: String, in query: String, rejection: (String) -> String?) -> FTS5ErrorPlace? {
        if message.hasSuffix("near \"\"") { return .end }
        let tokens = Self.tokens(of: query)
        for (number, token) in tokens.enumerated() where rejection(String(query[..<token.upperBound])) == message {
            // A column filter is refused once its `:` is read; the place is the column's name before it.
            let named = query[token] == ":" && number > 0 && message.hasPrefix("no such column") ? tokens[number - 1] : token
            return .character(query.distance(from: query.startIndex, to: named.lowerBound) + 1)
        }
        return nil
    }

    /// The query's tokens as FTS5's query parser splits it: a quoted string (with `""` inside for a quote,
    /// unterminated to the end), a bareword (letters, digits, `_`, any non-ASCII character), or any other
    /// single character; white space between them.
    static func tokens(of query: String) -> [Range<String.Index>] {
        var tokens: [Range<String.Index>] = []
        var index = query.startIndex
        func isBareword(_ character: Character) -> Bool {
            !character.isASCII || character.isLetter || character.isNumber || character == "_" || character == "\u{1A}"
        }
        while index < query.endIndex {
            let character = query[index]
            if character.isASCII && character.isWhitespace {
                index = query.index(after: index)
                continue
            }
            var end = query.index(after: index)
            if character == "\"" {
                while end < query.endIndex {
                    let next = query.index(after: end)
                    if query[end] == "\"" {
                        if next < query.endIndex && query[next] == "\"" {
                            end = query.index(after: next)
                            continue
                        }
                        end = next
                        break
                    }
                    end = next
                }
            } else if isBareword(character) {
                while end < query.endIndex && isBareword(query[end]) { end = query.index(after: end) }
            }
            tokens.append(index..<end)
            index = end
        }
        return tokens
    }
}
