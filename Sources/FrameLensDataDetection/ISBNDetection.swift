import Foundation

// ISBNs (book numbers), validated by their check digit.
extension DataDetector {
    /// Finds ISBN-13s (978/979, mod-10 check digit with weights 1,3) and ISBN-10s (mod-11, `X` for 10),
    /// their digit groups joined by hyphens or spaces. An ISBN-10 needs the word "ISBN" before it (ten
    /// digits alone are too often something else); an ISBN-13 is taken alone when it is hyphenated, as
    /// books print it. The value is the digits without separators; `format` is `isbn13` or `isbn10`.
    static func scanISBNs(_ t: Input) -> [Candidate] {
        let ch = t.chars
        var out: [Candidate] = []
        var i = 0
        while i < ch.count {
            guard isDigitASCII(ch[i]), i == 0 || !isWordChar(ch[i - 1]) && ch[i - 1] != "-" else {
                i += 1
                continue
            }
            var digits: [Character] = []
            var end = i
            var separated = false
            while end < ch.count && digits.count < 13 {
                if isDigitASCII(ch[end]) || (digits.count == 9 && ch[end] == "X") {
                    digits.append(ch[end])
                    end += 1
                } else if (ch[end] == "-" || ch[end] == " "), end + 1 < ch.count, isDigitASCII(ch[end + 1])
                    || (ch[end + 1] == "X" && digits.count == 9), !digits.isEmpty
                {
                    separated = true
                    end += 1
                } else {
                    break
                }
            }
            let keyword = t.words(before: i, within: 12).contains { $0.uppercased().hasPrefix("ISBN") }
            let candidate: Candidate? =
                if digits.count == 13, end == ch.count || !isWordChar(ch[end]), isValidISBN13(digits),
                   keyword || (separated && ch[i..<end].contains("-"))
                {
                    Candidate(kind: .isbn, start: i, end: end, value: String(digits), attributes: ["format": "isbn13"])
                } else if digits.count >= 10, keyword, let ten = isbn10(digits, start: i, ch) {
                    ten
                } else {
                    nil
                }
            if let candidate {
                out.append(candidate)
                i = candidate.end
            } else {
                i = max(end, i + 1)
            }
        }
        return out
    }

    /// The ISBN-10 of the first ten of `digits` read from `start`, when it is one and ends there.
    private static func isbn10(_ digits: [Character], start: Int, _ ch: [Character]) -> Candidate? {
        let ten = Array(digits.prefix(10))
        guard isValidISBN10(ten) else { return nil }
        var end = start
        var counted = 0
        while counted < 10 {
            if ch[end] != "-" && ch[end] != " " { counted += 1 }
            end += 1
        }
        guard end == ch.count || !isWordChar(ch[end]) else { return nil }
        return Candidate(kind: .isbn, start: start, end: end, value: String(ten), attributes: ["format": "isbn10"])
    }

    /// ISBN-13: 978 or 979, then weights 1,3,1,3,... over all 13 digits sum to a multiple of 10.
    static func isValidISBN13(_ digits: [Character]) -> Bool {
        guard digits.count == 13, digits.starts(with: ["9", "7"]), digits[2] == "8" || digits[2] == "9" else {
            return false
        }
        let values = digits.compactMap(\.wholeNumberValue)
        guard values.count == 13 else { return false }
        return values.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) } % 10 == 0
    }

    /// ISBN-10: weights 10 down to 1 (`X` is 10, last only) sum to a multiple of 11.
    static func isValidISBN10(_ digits: [Character]) -> Bool {
        guard digits.count == 10 else { return false }
        var sum = 0
        for (k, c) in digits.enumerated() {
            let value = c == "X" && k == 9 ? 10 : c.wholeNumberValue
            guard let value else { return false }
            sum += value * (10 - k)
        }
        return sum % 11 == 0
    }
}
