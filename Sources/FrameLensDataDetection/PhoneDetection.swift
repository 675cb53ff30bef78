import Foundation

// Phone numbers (token level).
extension DataDetector {
    static let phoneLabels: Set<String> = [
        "tel", "phone", "telephone", "telefon", "fax", "mobile", "mobil", "mob", "cell", "call",
        "hotline", "ph", "handy", "whatsapp", "tél", "téléphone", "telefono", "teléfono",
    ]

    /// ITU calling codes with two digits (all others except 1 and 7 have three).
    static let twoDigitCallingCodes: Set<String> = [
        "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46", "47",
        "48", "49", "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63", "64", "65",
        "66", "81", "82", "84", "86", "90", "91", "92", "93", "94", "95", "98",
    ]

    struct PhoneGroup {
        let digits: String
        let paren: Bool
        let end: Int  // token index after the group
    }

    struct PhoneSeparator {
        let char: Character?  // "-", ".", "/" or nil for white space only
        let spaced: Bool
    }

    static func scanPhones(_ t: Input) -> [Candidate] {
        t.candidates { phone(at: $0, t) }
    }

    static func phoneGroup(_ t: Input, _ j: Int) -> PhoneGroup? {
        if t.isNumber(j) { return PhoneGroup(digits: t.text(j), paren: false, end: j + 1) }
        if t.isPunct(j, "("), t.isNumber(j + 1), t.isPunct(j + 2, ")") {
            return PhoneGroup(digits: t.text(j + 1), paren: true, end: j + 3)
        }
        return nil
    }

    static func phone(at i: Int, _ t: Input) -> Candidate? {
        let plus = t.isPunct(i, "+")
        guard let first = phoneGroup(t, plus ? i + 1 : i) else { return nil }
        if let k = t.kind(i - 1) {
            if k == .word || k == .number { return nil }
            if t.isPunct(i - 1, ".,-/$€£¥+#%_=&*^'") { return nil }
            if t.isPunct(i - 1, ":") && t.isNumber(i - 2) { return nil }
        }
        let labelled = !plus && t.hasLabel(before: i, phoneLabels)
        var groups = [first]
        var seps: [PhoneSeparator] = []
        var j = first.end
        while groups.count < 8 {
            var k = j
            var spaced = false
            var sep: Character?
            if t.isSpace(k) && t.text(k).count <= 2 {
                spaced = true
                k += 1
            }
            if t.isPunct(k, "-.–/") {
                sep = t.text(k).first
                k += 1
                if t.isSpace(k) && t.text(k).count <= 2 {
                    spaced = true
                    k += 1
                }
            }
            if !spaced && sep == nil && !t.isPunct(k, "(") && !groups[groups.count - 1].paren { break }
            if sep == "/" && !labelled { break }
            guard let g = phoneGroup(t, k) else { break }
            groups.append(g)
            seps.append(PhoneSeparator(char: sep == "–" ? "-" : sep, spaced: spaced))
            j = g.end
        }
        for count in stride(from: groups.count, to: 0, by: -1) {
            if count < groups.count && !seps[count - 1].spaced { continue }
            guard let (value, country) = phoneValue(Array(groups[0..<count]), Array(seps[0..<(count - 1)]),
                                                    plus: plus, labelled: labelled) else { continue }
            let e = groups[count - 1].end
            if t.isWord(e) || t.isPunct(e, "%") { continue }
            if t.isPunct(e, ":.,-/") && t.isNumber(e + 1) { continue }
            return t.candidate(.phone, i, e, value, country.map { ["country": $0] } ?? [:])
        }
        return nil
    }

    static func isNANP(_ ten: Substring) -> Bool {
        guard ten.count == 10 else { return false }
        let area = ten.first!, exchange = ten[ten.index(ten.startIndex, offsetBy: 3)]
        return area >= "2" && area <= "9" && exchange >= "2" && exchange <= "9"
    }

    static func callingCode(_ digits: String) -> String {
        if digits.hasPrefix("1") || digits.hasPrefix("7") { return String(digits.prefix(1)) }
        let two = String(digits.prefix(2))
        return twoDigitCallingCodes.contains(two) ? two : String(digits.prefix(3))
    }

    /// E.164-like value and calling code, or nil when the groups do not form a phone number.
    static func phoneValue(_ groups: [PhoneGroup], _ seps: [PhoneSeparator], plus: Bool,
                           labelled: Bool) -> (String, String?)? {
        var gs = groups
        if plus, gs.count > 2, gs[1].paren, gs[1].digits == "0" { gs.remove(at: 1) }  // +44 (0)20 ...
        let digits = gs.map(\.digits).joined()
        guard (7...15).contains(digits.count) else { return nil }
        if plus {
            guard !gs[0].paren else { return nil }
            if digits.hasPrefix("1") {
                guard digits.count == 11, isNANP(digits.dropFirst()) else { return nil }
            }
            return ("+" + digits, callingCode(digits))
        }
        let lengths = gs.map { $0.digits.count }
        let parens = gs.map(\.paren)
        let chars = seps.map(\.char)
        func consistent(_ s: ArraySlice<Character?>) -> Bool {
            let set = Set(s.map { $0 ?? " " })
            return set.count <= 1 || set == [" ", "-"]
        }
        var nanp: Substring?
        if !parens.contains(true) {
            // "256 512 1024" is more often a list of numbers: space-only grouping needs a label.
            if lengths == [3, 3, 4] && consistent(chars[...]) && chars.contains(where: { $0 != nil }) {
                nanp = digits[...]
            } else if lengths == [1, 3, 3, 4] && gs[0].digits == "1" && consistent(chars[...])
                        && chars.contains(where: { $0 != nil }) {
                nanp = digits.dropFirst()
            }
        } else if parens == [true, false, false] && lengths == [3, 3, 4] && consistent(chars.dropFirst()) {
            nanp = digits[...]
        } else if parens == [false, true, false, false] && lengths == [1, 3, 3, 4] && gs[0].digits == "1" {
            nanp = digits.dropFirst()
        } else if parens == [true, false] && lengths == [3, 7] {
            nanp = digits[...]
        }
        if let n = nanp, isNANP(n), !chars.contains("/") { return ("+1" + n, "1") }
        guard labelled else { return nil }
        // Labelled numbers may use any grouping, but never the shape of a date.
        if let c = chars.first, let sep = c, "-./".contains(sep), chars.allSatisfy({ $0 == sep }), lengths.count == 3,
           (lengths[0] == 4 && lengths[1] <= 2 && lengths[2] <= 2) || (lengths[0] <= 2 && lengths[1] <= 2 && lengths[2] == 4) {
            return nil
        }
        if digits.count == 10 && isNANP(digits[...]) { return ("+1" + digits, "1") }
        if digits.hasPrefix("00") && digits.count >= 9 {
            let international = String(digits.dropFirst(2))
            return ("+" + international, callingCode(international))
        }
        return (digits, nil)
    }
}
