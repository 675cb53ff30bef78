import Foundation

// Flight numbers (character level).
extension DataDetector {
    /// Common IATA airline designators accepted without a "flight" keyword (upper case, 2-4 digit number).
    static let airlineCodes: Set<String> = [
        "AA", "BA", "LH", "AF", "KL", "UA", "DL", "EK", "QR", "LX", "IB", "AZ", "SQ", "CX", "QF", "AC",
        "NH", "JL", "TK", "U2", "FR", "WN", "B6", "AS", "EY", "SK", "AY", "OS", "SN", "TP", "EI", "VS",
        "LO", "KE", "OZ", "CA", "MU", "CZ", "AI", "NZ", "ET", "SU", "AV", "VY", "W6", "DY", "HA", "NK",
        "EW", "LY", "MH", "TG", "VN", "6E", "JQ", "WS", "G3", "SV", "GF", "KQ", "3U", "ZH", "HU",
    ]
    /// Listed designators that are also everyday abbreviations ("AI 101", "OS 12"): they need a keyword.
    static let keywordOnlyAirlines: Set<String> = ["AI", "AS", "OS"]
    static let measurementUnits: Set<String> = [
        "V", "kV", "mV", "W", "kW", "MW", "A", "mA", "Hz", "kHz", "MHz", "GHz", "mm", "cm", "m", "km", "kg",
        "g", "mg", "t", "l", "ml", "s", "ms", "px", "pt", "dpi", "KB", "MB", "GB", "TB", "bit", "bits",
    ]
    static let flightKeywords: Set<String> = ["flight", "flights", "flug", "vol", "flt", "flugnummer"]

    static func scanFlights(_ t: Input) -> [Candidate] {
        var out: [Candidate] = []
        var i = 0
        while i + 2 < t.chars.count {
            if let c = flight(at: i, t) {
                out.append(c)
                i = c.end
            } else {
                i += 1
            }
        }
        return out
    }

    static func flight(at i: Int, _ t: Input) -> Candidate? {
        let ch = t.chars
        let n = ch.count
        guard i + 2 < n, isUpperAlnumASCII(ch[i]), isUpperAlnumASCII(ch[i + 1]),
              !(isDigitASCII(ch[i]) && isDigitASCII(ch[i + 1])) else { return nil }
        if i > 0 && (isWordChar(ch[i - 1]) || "-/.#@_".contains(ch[i - 1])) { return nil }
        let spaced = ch[i + 2] == " "
        let p = spaced ? i + 3 : i + 2
        var q = p
        while q < n && isDigitASCII(ch[q]) { q += 1 }
        let length = q - p
        guard (1...4).contains(length) else { return nil }
        if q < n && (isWordChar(ch[q]) || (q + 1 < n && ".,:/-".contains(ch[q]) && isDigitASCII(ch[q + 1]))) {
            return nil
        }
        if q + 1 < n && ch[q] == " " {
            // "AC 220 V", "RTX 4090 GB": a unit after the number means it is a measurement.
            var r = q + 1
            while r < n && ch[r].isLetter { r += 1 }
            if r > q + 1 && (r == n || !isWordChar(ch[r])) && measurementUnits.contains(String(ch[(q + 1)..<r])) {
                return nil
            }
        }
        let designator = String(ch[i..<(i + 2)])
        let listed = airlineCodes.contains(designator)
        if !spaced && designator.contains(where: isDigitASCII) && !listed { return nil }
        let keyword = t.words(before: i, within: 20).contains(where: flightKeywords.contains)
        guard keyword || (listed && length >= 2 && !keywordOnlyAirlines.contains(designator)) else { return nil }
        guard let n = Int(String(ch[p..<q])), n > 0 else { return nil }
        let number = String(n)
        return Candidate(kind: .flight, start: i, end: q, value: designator + number,
                         attributes: ["airline": designator, "number": number])
    }
}
