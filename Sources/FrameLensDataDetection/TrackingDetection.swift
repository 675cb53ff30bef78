import Foundation

// Shipment tracking numbers, validated by their carrier's check digit.
extension DataDetector {
    static func scanTracking(_ t: Input) -> [Candidate] {
        var out: [Candidate] = []
        let ch = t.chars
        var i = 0
        while i < ch.count {
            if let c = upsTracking(at: i, ch) ?? s10Tracking(at: i, ch) {
                out.append(c)
                i = c.end
            } else {
                i += 1
            }
        }
        return out + numericTracking(t)
    }

    // MARK: Check digits

    /// UPS "1Z": check digit over the 15 characters after "1Z" (letters map to (ASCII - 63) mod 10,
    /// characters at even 1-based positions count twice).
    static func upsCheckDigit(_ body: String) -> Int? {
        var sum = 0
        for (k, c) in body.enumerated() {
            guard let a = c.asciiValue else { return nil }
            let v: Int
            switch a {
            case 48...57: v = Int(a) - 48
            case 65...90: v = (Int(a) - 63) % 10
            default: return nil
            }
            sum += k % 2 == 1 ? 2 * v : v
        }
        return (10 - sum % 10) % 10
    }

    /// FedEx Express (12 digits): weights 1,3,7 from the right over the first 11 digits, sum mod 11
    /// (10 becomes 0).
    static func fedExExpressCheckDigit(_ digits: [Int]) -> Int {
        let weights = [1, 3, 7]
        var sum = 0
        for (k, d) in digits.reversed().enumerated() { sum += d * weights[k % 3] }
        return sum % 11 % 10
    }

    /// GS1 mod 10 (FedEx Ground 15 digits, USPS IMpb): weights 3,1 from the right.
    static func mod10CheckDigit(_ digits: [Int]) -> Int {
        var sum = 0
        for (k, d) in digits.reversed().enumerated() { sum += d * (k % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10
    }

    /// UPU S10 ("EE123456785US"): weights 8,6,4,2,3,5,9,7 over 8 digits, 11 - sum mod 11 (10 -> 0, 11 -> 5).
    static func s10CheckDigit(_ digits: [Int]) -> Int {
        let weights = [8, 6, 4, 2, 3, 5, 9, 7]
        var sum = 0
        for (d, w) in zip(digits, weights) { sum += d * w }
        let r = 11 - sum % 11
        return r == 10 ? 0 : (r == 11 ? 5 : r)
    }

    /// DHL Express (10 digits): the first 9 digits as a number, mod 7.
    static func dhlCheckDigit(_ digits: [Int]) -> Int {
        digits.reduce(0) { ($0 * 10 + $1) % 7 }
    }

    // MARK: Scanners

    static func upsTracking(at i: Int, _ ch: [Character]) -> Candidate? {
        let n = ch.count
        guard i + 1 < n, ch[i] == "1", ch[i + 1] == "Z" || ch[i + 1] == "z" else { return nil }
        if i > 0 && isWordChar(ch[i - 1]) { return nil }
        var body = ""
        var p = i + 2
        var end = p
        while p < n && body.count < 16 {
            if isAlnumASCII(ch[p]) {
                body += ch[p].uppercased()
                p += 1
                end = p
            } else if ch[p] == " " && p + 1 < n && isAlnumASCII(ch[p + 1]) {
                p += 1
            } else {
                break
            }
        }
        guard body.count == 16, end == n || !isWordChar(ch[end]),
              let check = upsCheckDigit(String(body.prefix(15))), String(check) == String(body.suffix(1)) else {
            return nil
        }
        return Candidate(kind: .tracking, start: i, end: end, value: "1Z" + body, attributes: ["carrier": "UPS"])
    }

    static func s10Tracking(at i: Int, _ ch: [Character]) -> Candidate? {
        let n = ch.count
        func upper(_ k: Int) -> Bool { k < n && isUpperASCII(ch[k]) }
        guard upper(i), upper(i + 1) else { return nil }
        if i > 0 && isWordChar(ch[i - 1]) { return nil }
        var p = i + 2
        if p < n && ch[p] == " " { p += 1 }
        var digits: [Int] = []
        while p < n && digits.count < 9 {
            if isDigitASCII(ch[p]) {
                digits.append(ch[p].wholeNumberValue!)
                p += 1
            } else if ch[p] == " " && !digits.isEmpty && p + 1 < n && isDigitASCII(ch[p + 1]) {
                p += 1
            } else {
                break
            }
        }
        guard digits.count == 9 else { return nil }
        if p < n && ch[p] == " " { p += 1 }
        guard upper(p), upper(p + 1) else { return nil }
        let end = p + 2
        if end < n && isWordChar(ch[end]) { return nil }
        guard s10CheckDigit(Array(digits.prefix(8))) == digits[8] else { return nil }
        let value = String(ch[i..<end].filter { $0 != " " })
        return Candidate(kind: .tracking, start: i, end: end, value: value, attributes: ["carrier": "S10"])
    }

    static func numericCarrier(_ digits: [Int], dhl: Bool) -> String? {
        switch digits.count {
        case 10: return dhl && dhlCheckDigit(Array(digits.prefix(9))) == digits[9] ? "DHL" : nil
        case 12: return fedExExpressCheckDigit(Array(digits.prefix(11))) == digits[11] ? "FedEx" : nil
        case 15: return mod10CheckDigit(Array(digits.prefix(14))) == digits[14] ? "FedEx" : nil
        case 20...22: return mod10CheckDigit(Array(digits.dropLast())) == digits.last! ? "USPS" : nil
        default: return nil
        }
    }

    /// Digit runs, optionally grouped by single spaces ("9400 1000 ..."): FedEx, USPS, DHL.
    static func numericTracking(_ t: Input) -> [Candidate] {
        var out: [Candidate] = []
        var i = 0
        while i < t.count {
            guard t.isNumber(i) else {
                i += 1
                continue
            }
            var groups = [i]
            var j = i + 1
            while t.isSingleSpace(j) && t.isNumber(j + 1) && groups.count < 8 {
                groups.append(j + 1)
                j += 2
            }
            let before = !(t.isWord(i - 1) || t.isPunct(i - 1, "+$€£¥.,-/"))
            let after = !(t.isWord(j) || (t.isPunct(j, ".,-/:") && t.isNumber(j + 1)))
            if before && after && !t.hasLabel(before: i, phoneLabels) {
                let dhl = t.words(before: t.tokens[i].start, within: 24).contains("dhl")
                var windows = [0..<groups.count]
                if groups.count > 1 { windows += groups.indices.map { $0..<($0 + 1) } }
                for w in windows {
                    let run = groups[w]
                    // Grouped numbers use groups of at least 3 digits (the last may be shorter).
                    if run.count > 1 && run.dropLast().contains(where: { t.digits($0) < 3 }) { continue }
                    let text = run.map { t.text($0) }.joined()
                    if let carrier = numericCarrier(text.compactMap(\.wholeNumberValue), dhl: dhl) {
                        out.append(t.candidate(.tracking, run.first!, run.last! + 1, text, ["carrier": carrier]))
                        if w.count == groups.count { break }
                    }
                }
            }
            i = j
        }
        return out
    }
}
