import Foundation

// Money amounts (token level).
extension DataDetector {
    static let currencySymbols: [Character: String] = [
        "$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₩": "KRW", "₽": "RUB", "₺": "TRY",
        "₪": "ILS", "₫": "VND", "₱": "PHP", "฿": "THB",
    ]
    /// Letters written directly before "$": "US$", "A$", "CA$", ...
    static let dollarPrefixes: [String: String] = [
        "US": "USD", "A": "AUD", "AU": "AUD", "C": "CAD", "CA": "CAD", "NZ": "NZD", "HK": "HKD",
        "S": "SGD", "SG": "SGD", "R": "BRL", "NT": "TWD", "MX": "MXN",
    ]
    static let currencyCodes: Set<String> = [
        "USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "NZD", "CNY", "HKD", "SGD", "INR", "KRW", "SEK",
        "NOK", "DKK", "PLN", "CZK", "HUF", "RON", "BGN", "RUB", "UAH", "BRL", "MXN", "ARS", "CLP", "COP",
        "ZAR", "TRY", "AED", "SAR", "QAR", "ILS", "EGP", "THB", "TWD", "IDR", "MYR", "PHP", "VND", "ISK",
    ]
    static let amountMultipliers: [String: Int16] = ["k": 3, "K": 3, "m": 6, "M": 6, "bn": 9]

    static func scanMoney(_ t: Input) -> [Candidate] {
        t.candidates { money(at: $0, t) }
    }

    static func currency(at j: Int, _ t: Input, allowPrefix: Bool) -> (code: String, end: Int)? {
        if t.kind(j) == .punct, let c = t.text(j).first, let code = currencySymbols[c] { return (code, j + 1) }
        guard t.isWord(j) else { return nil }
        let w = t.text(j)
        if allowPrefix, let code = dollarPrefixes[w], t.isPunct(j + 1, "$") { return (code, j + 2) }
        if currencyCodes.contains(w) { return (w, j + 1) }
        return nil
    }

    static func money(at i: Int, _ t: Input) -> Candidate? {
        // Currency first: "$1,250.00", "USD 12.50", "€ 49,90", "US$5".
        if !t.isNumber(i - 1), !t.isPunct(i - 1, "/"), let cur = currency(at: i, t, allowPrefix: true),
           !(t.kind(i) == .punct && t.isWord(i - 1)) {
            var p = cur.end
            if t.isSpace(p) && t.text(p).count <= 2 { p += 1 }
            if let amount = amount(at: p, t), !t.isWord(amount.end), !t.isPunct(amount.end, "%"),
               !(t.isPunct(amount.end, ".,") && t.isNumber(amount.end + 1)) {
                return t.candidate(.money, i, amount.end, cur.code + " " + amount.value,
                                   ["currency": cur.code, "amount": amount.value])
            }
        }
        // Amount first: "12.50 USD", "49,90 €", "1.5k USD".
        guard t.isNumber(i), !t.isWord(i - 1), !(t.isPunct(i - 1, ".,") && t.isNumber(i - 2)),
              let amount = amount(at: i, t) else { return nil }
        var p = amount.end
        if t.isSpace(p) && t.text(p).count <= 2 { p += 1 }
        guard let cur = currency(at: p, t, allowPrefix: false) else { return nil }
        if t.kind(p) == .punct && t.isNumber(cur.end) { return nil }  // "5 €10": the symbol belongs to 10
        return t.candidate(.money, i, cur.end, cur.code + " " + amount.value,
                           ["currency": cur.code, "amount": amount.value])
    }

    /// A number with grouping/decimal separators and an optional k/M multiplier, normalised to
    /// "1250.00" (no grouping, '.' decimal point).
    static func amount(at j: Int, _ t: Input) -> (value: String, end: Int)? {
        guard t.isNumber(j) else { return nil }
        var parts = [t.text(j)]
        var seps: [Character] = []
        var p = j + 1
        while true {
            if t.isPunct(p, ".,") && t.isNumber(p + 1) {
                seps.append(t.text(p).first!)
            } else if t.isSingleSpace(p) && t.digits(p + 1) == 3 && seps.allSatisfy({ $0 == " " }) {
                seps.append(" ")  // "1 234,56 €" (also with no-break or thin space)
            } else {
                break
            }
            parts.append(t.text(p + 1))
            p += 2
        }
        guard var value = normalizeAmount(parts, seps) else { return nil }
        if t.isWord(p), let exponent = amountMultipliers[t.text(p)], var d = Decimal(string: value) {
            d *= Decimal(sign: .plus, exponent: Int(exponent), significand: 1)
            value = "\(d)"
            p += 1
        }
        return (value, p)
    }

    static func normalizeAmount(_ parts: [String], _ seps: [Character]) -> String? {
        guard let first = parts.first else { return nil }
        var decimal: Character?
        if Set(seps).count == 2 {
            decimal = seps.last
            guard decimal != " ", seps.dropLast().allSatisfy({ $0 != decimal }) else { return nil }
        } else if seps.count == 1 {
            // "1,250" groups thousands; "49,90" / "12.5" / "0.125" have a decimal part.
            decimal = parts[1].count == 3 && first != "0" ? nil : seps[0]
        }
        let integer = decimal == nil ? parts[...] : parts.dropLast()
        if integer.count > 1 {
            guard (1...3).contains(first.count), integer.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        }
        var value = String(integer.joined().drop(while: { $0 == "0" }))
        if value.isEmpty { value = "0" }
        if decimal != nil, let fraction = parts.last {
            guard fraction.count <= 3 else { return nil }
            value += "." + fraction
        }
        return value
    }
}
