import Foundation

// Postal addresses (token level): US/UK "number street suffix, city ..." and continental
// "street number, postcode city". Every address needs a street line and a locality.
extension DataDetector {
    static let streetSuffixes: Set<String> = [
        "street", "st", "avenue", "ave", "road", "rd", "boulevard", "blvd", "lane", "ln", "drive", "dr",
        "way", "parkway", "pkwy", "court", "ct", "place", "pl", "square", "sq", "terrace", "ter",
        "highway", "hwy", "circle", "cir", "loop", "trail", "row", "close", "crescent", "gardens", "mews",
        "grove", "walk", "alley", "plaza", "expressway", "pike",
    ]
    static let germanStreetEndings = [
        "straße", "strasse", "str", "weg", "platz", "allee", "gasse", "ring", "damm", "ufer", "chaussee",
        "markt", "graben", "steig", "pfad",
    ]
    static let frenchStreetTypes: Set<String> = [
        "rue", "avenue", "boulevard", "bd", "place", "quai", "impasse", "allée", "chemin", "cours", "route",
    ]
    static let streetParticles: Set<String> = [
        "den", "der", "dem", "des", "am", "an", "im", "auf", "von", "vom", "zu", "zum", "zur", "de", "du",
        "la", "le", "les", "di", "del", "della", "delle", "dei", "y", "d", "l",
    ]
    static let leadingStreetParticles: Set<String> = ["Am", "An", "Auf", "Im", "In", "Zum", "Zur", "Unter", "Hinter", "Vor", "Alt"]
    static let southernStreetPrefixes: [String: String] = [
        "Via": "IT", "Viale": "IT", "Piazza": "IT", "Corso": "IT", "Largo": "IT",
        "Calle": "ES", "Avenida": "ES", "Plaza": "ES", "Paseo": "ES", "Carrer": "ES",
    ]
    static let usStates: Set<String> = [
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS",
        "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY",
        "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV",
        "WI", "WY", "DC", "PR", "VI", "GU", "AS", "MP",
    ]
    static let unitWords: Set<String> = ["suite", "ste", "apt", "apartment", "unit", "floor", "fl", "room", "rm", "bldg", "building"]
    static let directionals: Set<String> = ["N", "S", "E", "W", "NE", "NW", "SE", "SW"]
    static let cityParticles: Set<String> = ["am", "an", "der", "im", "upon", "on", "sur", "en", "de", "la", "le", "del", "di"]
    static let cityPrefixWords: Set<String> = ["Bad", "Sankt", "St", "Saint", "San", "Santa", "Le", "La", "Los", "Las", "Bergisch", "Schwäbisch"]
    static let postcodeCountryPrefixes: Set<String> = ["D", "DE", "A", "AT", "CH", "F", "FR", "I", "IT"]

    static func scanAddresses(_ t: Input) -> [Candidate] {
        t.candidates { t.isNumber($0) ? numberFirstAddress(t, $0) ?? streetFirstAddress(t, $0) : nil }
    }

    /// Single line, parts joined with ", ", white space collapsed.
    static func addressValue(_ s: String) -> String {
        s.split(whereSeparator: { $0 == "," || $0.isNewline })
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            .filter { !$0.isEmpty }
            .joined(separator: ", ")
    }

    static func makeAddress(_ t: Input, _ first: Int, _ end: Int, _ country: String?) -> Candidate {
        let text = t.string(t.tokens[first].start, t.tokens[end - 1].end)
        return t.candidate(.address, first, end, addressValue(text), country.map { ["country": $0] } ?? [:])
    }

    /// ", " or a line break (or just a space) between the parts of an address.
    static func addressSeparator(_ t: Input, _ k0: Int) -> Int? {
        var k = k0
        var ok = false
        if t.isSpace(k) {
            k += 1
            ok = true
        }
        if t.isPunct(k, ",") {
            k += 1
            ok = true
            if t.isSpace(k) { k += 1 }
        }
        if t.isNewline(k) {
            k += 1
            ok = true
            if t.isSpace(k) { k += 1 }
        }
        return ok ? k : nil
    }

    // MARK: Number first (US, UK, FR)

    static func numberFirstAddress(_ t: Input, _ i: Int) -> Candidate? {
        guard (1...6).contains(t.digits(i)) else { return nil }
        if t.isWord(i - 1) || t.isPunct(i - 1, ".-/$€£#+") { return nil }
        var k = i + 1
        if t.isWord(k), t.text(k).count == 1, isCapitalized(t.text(k)) {
            k += 1  // 221B
        } else if t.isPunct(k, "-"), t.isNumber(k + 1) {
            k += 2  // 10-12
        }
        guard t.isSingleSpace(k) else { return nil }
        k += 1
        if frenchStreetTypes.contains(t.lower(k)), let c = frenchAddress(t, i, k) { return c }
        var suffixEnds: [Int] = []
        var units = 0
        var p = k
        while units < 6 {
            var e: Int
            if t.isWord(p), isCapitalized(t.text(p)) {
                e = p + 1
                while t.isPunct(e, "-"), t.isWord(e + 1) { e += 2 }
            } else if t.isNumber(p), ordinalSuffixes.contains(t.lower(p + 1)) {
                e = p + 2  // 5th
            } else {
                break
            }
            units += 1
            let word = t.text(e - 1)
            if units >= 2, isCapitalized(word), streetSuffixes.contains(word.lowercased()) {
                if t.isPunct(e, ".") { e += 1 }
                suffixEnds.append(e)
            } else if t.isPunct(e, "."), word.count <= 2 {
                e += 1  // "N. Main"
            }
            guard t.isSingleSpace(e) else { break }
            p = e + 1
        }
        for end in suffixEnds.reversed() {
            if let tail = addressTail(t, end) { return makeAddress(t, i, tail.end, tail.country) }
        }
        return nil
    }

    /// Optional directional and unit, a separator, then a US, UK or continental locality.
    static func addressTail(_ t: Input, _ k: Int) -> (end: Int, country: String?)? {
        var starts = [k]
        if t.isSpace(k), directionals.contains(t.text(k + 1)), !t.isNumber(k + 2) { starts.insert(k + 2, at: 0) }
        for s in starts {
            var heads = [s]
            if let u = unitDesignator(t, s) { heads.insert(u, at: 0) }
            for h in heads {
                guard let sep = addressSeparator(t, h) else { continue }
                if let e = usLocality(t, sep) { return (e, "US") }
                if let e = ukLocality(t, sep) { return (e, "GB") }
                if let loc = euLocality(t, sep) { return (loc.end, nil) }
            }
        }
        return nil
    }

    /// ", Suite 100", " Apt 4B", " #200".
    static func unitDesignator(_ t: Input, _ k: Int) -> Int? {
        var p = k
        if t.isPunct(p, ",") { p += 1 }
        guard t.isSpace(p) else { return nil }
        p += 1
        if t.isPunct(p, "#"), t.isNumber(p + 1) {
            p += 2
            if t.isWord(p), t.text(p).count == 1 { p += 1 }
            return p
        }
        guard t.isWord(p), isCapitalized(t.text(p)), unitWords.contains(t.lower(p)) else { return nil }
        p += 1
        if t.isPunct(p, ".") { p += 1 }
        guard t.isSpace(p) else { return nil }
        p += 1
        if t.isNumber(p) {
            p += 1
            if t.isWord(p), t.text(p).count <= 2 { p += 1 }
            return p
        }
        if t.isWord(p), t.text(p).count <= 2, t.text(p) == t.text(p).uppercased() { return p + 1 }
        return nil
    }

    /// "Mountain View, CA 94043", "New York, NY 10118-0110".
    static func usLocality(_ t: Input, _ s: Int) -> Int? {
        var p = s
        for _ in 0..<4 {
            guard t.isWord(p), isCapitalized(t.text(p)) else { return nil }
            var e = p + 1
            while t.isPunct(e, "-"), t.isWord(e + 1) { e += 2 }
            if t.isPunct(e, "."), t.isSpace(e + 1) { e += 1 }  // St. Louis
            if let z = usStateZip(t, e) { return z }
            guard t.isSingleSpace(e) else { return nil }
            p = e + 1
        }
        return nil
    }

    static func usStateZip(_ t: Input, _ k: Int) -> Int? {
        var p = k
        if t.isPunct(p, ",") { p += 1 }
        guard t.isSpace(p), usStates.contains(t.text(p + 1)), t.isSpace(p + 2), t.digits(p + 3) == 5 else { return nil }
        p += 4
        if t.isPunct(p, "-"), t.digits(p + 1) == 4 { p += 2 }
        return t.isWord(p) ? nil : p
    }

    /// "London SW1A 2AA", "SW1A 2AA".
    static func ukLocality(_ t: Input, _ s: Int) -> Int? {
        if let e = ukPostcode(t, s) { return e }
        var p = s
        for _ in 0..<3 {
            guard t.isWord(p), isCapitalized(t.text(p)) else { return nil }
            var e = p + 1
            while t.isPunct(e, "-"), t.isWord(e + 1) { e += 2 }
            var q = e
            if t.isPunct(q, ",") { q += 1 }
            if t.isSpace(q), let z = ukPostcode(t, q + 1) { return z }
            guard t.isSingleSpace(e) else { return nil }
            p = e + 1
        }
        return nil
    }

    static func ukPostcode(_ t: Input, _ k: Int) -> Int? {
        guard t.isWord(k), let e = ukPostcodeEnd(t.chars, t.tokens[k].start) else { return nil }
        return t.tokenAt[e - 1] + 1
    }

    /// UK postcode: A9 9AA, A99 9AA, AA9 9AA, AA99 9AA, A9A 9AA, AA9A 9AA (space optional).
    static func ukPostcodeEnd(_ ch: [Character], _ s: Int) -> Int? {
        let n = ch.count
        func up(_ i: Int) -> Bool { i < n && isUpperASCII(ch[i]) }
        func dg(_ i: Int) -> Bool { i < n && isDigitASCII(ch[i]) }
        var p = s
        guard up(p) else { return nil }
        p += 1
        if up(p) { p += 1 }
        guard dg(p) else { return nil }
        p += 1
        for extra in [true, false] {
            var q = p
            if extra {
                guard up(q) || dg(q) else { continue }
                q += 1
            }
            if q < n && ch[q] == " " { q += 1 }
            guard dg(q), up(q + 1), up(q + 2) else { continue }
            let e = q + 3
            if e < n && isWordChar(ch[e]) { continue }
            return e
        }
        return nil
    }

    /// "10117 Berlin", "D-80331 München", "60311 Frankfurt am Main", "8001 Zürich".
    static func euLocality(_ t: Input, _ s: Int) -> (end: Int, digits: Int)? {
        var p = s
        if t.isWord(p), postcodeCountryPrefixes.contains(t.text(p)), t.isPunct(p + 1, "-"), t.isNumber(p + 2) { p += 2 }
        guard (4...5).contains(t.digits(p)), t.isSingleSpace(p + 1), let e = euCity(t, p + 2) else { return nil }
        return (e, t.digits(p))
    }

    static func euCity(_ t: Input, _ p: Int) -> Int? {
        guard t.isWord(p), isCapitalized(t.text(p)) else { return nil }
        var e = p + 1
        while t.isPunct(e, "-"), t.isWord(e + 1) { e += 2 }
        if cityPrefixWords.contains(t.text(p)) {
            let q = t.isPunct(e, ".") ? e + 1 : e
            if t.isSingleSpace(q), t.isWord(q + 1), isCapitalized(t.text(q + 1)) {
                e = q + 2
                while t.isPunct(e, "-"), t.isWord(e + 1) { e += 2 }
            }
        }
        var q = e
        var particle = false
        while t.isSingleSpace(q), cityParticles.contains(t.text(q + 1)) {
            q += 2
            particle = true
        }
        if particle, t.isSingleSpace(q), t.isWord(q + 1), isCapitalized(t.text(q + 1)) { e = q + 2 }
        return e
    }

    /// "10 rue de Rivoli, 75001 Paris".
    static func frenchAddress(_ t: Input, _ i: Int, _ k: Int) -> Candidate? {
        var e = k + 1
        var names = 0
        while names < 6, t.isSingleSpace(e), t.isWord(e + 1) {
            let w = t.text(e + 1)
            var q = e + 2
            if isCapitalized(w) {
                while t.isPunct(q, "-"), t.isWord(q + 1) { q += 2 }
                names += 1
            } else if !streetParticles.contains(w) {
                break
            }
            if t.isPunct(q, "'’"), t.isWord(q + 1) {
                q += 2  // l'Église
                names += 1
            }
            e = q
        }
        guard names > 0, let sep = addressSeparator(t, e), let loc = euLocality(t, sep), loc.digits == 5 else { return nil }
        return makeAddress(t, i, loc.end, "FR")
    }

    // MARK: Street first (DE, IT, ES)

    enum GermanStreetEnding { case compound, standalone }

    static func germanStreetEnding(_ w: String) -> GermanStreetEnding? {
        let l = w.lowercased()
        for e in germanStreetEndings where l.hasSuffix(e) {
            if l == e { return .standalone }
            if l.count >= e.count + 3 { return .compound }
        }
        return nil
    }

    /// "Unter den Linden 6, 10117 Berlin", "Hauptstraße 5, 80331 München", "Via Roma 1, 00184 Roma".
    /// `num` is the house number token.
    static func streetFirstAddress(_ t: Input, _ num: Int) -> Candidate? {
        guard t.digits(num) <= 4, t.isSingleSpace(num - 1) else { return nil }
        var units: [(start: Int, text: String)] = []
        var j = num - 2
        while units.count < 4, j >= 0 {
            var k = j
            if t.isPunct(k, ".") {
                guard t.isWord(k - 1), t.lower(k - 1).hasSuffix("str") else { break }
                k -= 1  // Bahnhofstr.
            }
            guard t.isWord(k) else { break }
            var s = k
            while t.isPunct(s - 1, "-"), t.isWord(s - 2) { s -= 2 }
            units.append((s, t.string(t.tokens[s].start, t.tokens[k].end)))
            guard t.isSingleSpace(s - 1) else { break }
            j = s - 2
        }
        guard !units.isEmpty else { return nil }
        units.reverse()
        let words = units.map(\.text)
        let last = words.count - 1
        var first: Int?
        var country: String?
        if last >= 1 {
            for k in stride(from: last - 1, through: max(0, last - 3), by: -1) {
                if let c = southernStreetPrefixes[words[k]] {
                    first = k
                    country = c
                    break
                }
            }
        }
        if first == nil, let ending = germanStreetEnding(words[last]) {
            if ending == .compound {
                first = last
                // "Am Kupfergraben", "Mainzer Landstraße"
                if last > 0 && (leadingStreetParticles.contains(words[last - 1])
                                || (isCapitalized(words[last - 1]) && words[last - 1].hasSuffix("er"))) {
                    first = last - 1
                }
            } else if last >= 1, isCapitalized(words[last - 1]) {
                first = last - 1
            }
            country = "DE"
        }
        if first == nil, isCapitalized(words[last]) {
            if last >= 2, streetParticles.contains(words[last - 1]), isCapitalized(words[last - 2]) {
                first = last - 2
                country = "DE"
            } else if last >= 1, leadingStreetParticles.contains(words[last - 1]) {
                first = last - 1
                country = "DE"
            }
        }
        guard let f = first, isCapitalized(words[f]) else { return nil }
        var k = num + 1
        if t.isWord(k), t.text(k).count == 1 {
            k += 1  // 6a
        } else if t.isPunct(k, "-"), t.isNumber(k + 1) {
            k += 2  // 6-8
        }
        guard let sep = addressSeparator(t, k), let loc = euLocality(t, sep) else { return nil }
        if loc.digits == 4 && country == "DE" { country = nil }
        return makeAddress(t, units[f].start, loc.end, country)
    }
}
