/// Edit distances between pieces of text, for telling OCR noise from a real change of text.
package enum TextSimilarity {
    /// Collapses runs of whitespace (newlines included) to one space and trims the ends.
    package static func normalizeWhitespace(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The Levenshtein distance between two strings, in characters.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let source = Array(a)
        let target = Array(b)
        if source.isEmpty { return target.count }
        if target.isEmpty { return source.count }
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for i in 1...source.count {
            current[0] = i
            for j in 1...target.count {
                let substitution = previous[j - 1] + (source[i - 1] == target[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[target.count]
    }

    /// The character error rate of `recognized` against `reference`, whitespace-normalised:
    /// edit distance divided by the reference's length.
    package static func characterErrorRate(_ recognized: String, reference: String) -> Double {
        let expected = normalizeWhitespace(reference)
        let actual = normalizeWhitespace(recognized)
        guard !expected.isEmpty else { return actual.isEmpty ? 0 : 1 }
        return Double(editDistance(actual, expected)) / Double(expected.count)
    }

    /// Edit distance divided by the longer text's length, whitespace-normalised: 0 same, 1 nothing alike.
    package static func normalizedDistance(_ a: String, _ b: String) -> Double {
        let left = normalizeWhitespace(a)
        let right = normalizeWhitespace(b)
        let longest = max(left.count, right.count)
        return longest == 0 ? 0 : Double(editDistance(left, right)) / Double(longest)
    }
}
