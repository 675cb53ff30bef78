import Foundation

// Dates, times, date-times and durations (token level).
extension DataDetector {
    static let monthNumbers: [String: Int] = [
        "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
        "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
        "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
        "januar": 1, "jänner": 1, "februar": 2, "märz": 3, "mai": 5, "juni": 6, "juli": 7,
        "oktober": 10, "okt": 10, "dezember": 12, "dez": 12,
    ]
    static let monthAbbreviations: Set<String> = [
        "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "okt", "dez",
    ]
    static let weekdays: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "tues",
        "wed", "thu", "thur", "thurs", "fri", "sat", "sun", "montag", "dienstag", "mittwoch", "donnerstag",
        "freitag", "samstag", "sonntag",
    ]
    static let ordinalSuffixes: Set<String> = ["st", "nd", "rd", "th"]
    static let durationUnits: [String: Character] = [
        "day": "D", "days": "D",
        "h": "H", "hr": "H", "hrs": "H", "hour": "H", "hours": "H",
        "m": "M", "min": "M", "mins": "M", "minute": "M", "minutes": "M",
        "s": "S", "sec": "S", "secs": "S", "second": "S", "seconds": "S",
    ]

    struct DateHit {
        var year: Int?
        var month: Int
        var day: Int?
        var end: Int
    }

    struct TimeHit {
        var hour: Int
        var minute: Int
        var second: Int?
        var end: Int
    }

    static func scanDates(_ t: Input) -> [Candidate] {
        t.candidates { dateItem(at: $0, t) }
    }

    static func dateItem(at i: Int, _ t: Input) -> Candidate? {
        guard t.isWord(i) || t.isNumber(i) else { return nil }
        if t.isWord(i - 1) || t.isNumber(i - 1) { return nil }
        if t.isPunct(i - 1, ".:/,") && t.isNumber(i - 2) { return nil }
        if let d = parseDate(t, i) {
            if let tm = attachedTime(t, d.end) {
                return t.candidate(.date, i, tm.end, dateValue(d) + "T" + timeValue(tm), ["type": "datetime"])
            }
            return t.candidate(.date, i, d.end, dateValue(d), ["type": "date"])
        }
        guard t.isNumber(i) else { return nil }
        if let tm = parseTime(t, i) {
            return t.candidate(.date, i, tm.end, timeValue(tm), ["type": "time"])
        }
        if let du = parseDuration(t, i) {
            return t.candidate(.date, i, du.end, du.value, ["type": "duration"])
        }
        return nil
    }

    static func pad(_ n: Int, _ width: Int = 2) -> String {
        let s = String(n)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    static func dateValue(_ d: DateHit) -> String {
        guard let y = d.year else { return "--" + pad(d.month) + "-" + pad(d.day ?? 1) }
        guard let day = d.day else { return pad(y, 4) + "-" + pad(d.month) }
        return pad(y, 4) + "-" + pad(d.month) + "-" + pad(day)
    }

    static func timeValue(_ t: TimeHit) -> String {
        pad(t.hour) + ":" + pad(t.minute) + (t.second.map { ":" + pad($0) } ?? "")
    }

    static func isValidDate(_ y: Int?, _ m: Int, _ d: Int?) -> Bool {
        guard (1...12).contains(m) else { return false }
        guard let d else { return true }
        let days: Int
        switch m {
        case 2:
            if let y { days = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28 } else { days = 29 }
        case 4, 6, 9, 11: days = 30
        default: days = 31
        }
        return (1...days).contains(d)
    }

    /// "May", "MAY" but not "may" (the verb) or "mAY".
    static func isProperCase(_ w: String) -> Bool {
        guard let f = w.first, f.isUppercase else { return false }
        let rest = w.dropFirst()
        return rest.allSatisfy(\.isLowercase) || (w.count > 2 && rest.allSatisfy(\.isUppercase))
    }

    static func parseDate(_ t: Input, _ i: Int) -> DateHit? {
        if t.isWord(i), isProperCase(t.text(i)), weekdays.contains(t.lower(i)) {
            var k = i + 1
            if t.isPunct(k, ",.") { k += 1 }
            guard t.isSpace(k) else { return nil }
            return parseDateCore(t, k + 1)
        }
        return parseDateCore(t, i)
    }

    static func parseDateCore(_ t: Input, _ j: Int) -> DateHit? {
        if t.isWord(j) { return monthFirstDate(t, j) }
        if t.isNumber(j) { return numericDate(t, j) ?? dayFirstDate(t, j) }
        return nil
    }

    static func monthWord(_ t: Input, _ j: Int) -> (month: Int, end: Int)? {
        guard t.isWord(j), isProperCase(t.text(j)), let m = monthNumbers[t.lower(j)] else { return nil }
        var e = j + 1
        if monthAbbreviations.contains(t.lower(j)) && t.isPunct(e, ".") { e += 1 }
        return (m, e)
    }

    static func dayNumber(_ t: Input, _ j: Int, allowDot: Bool) -> (day: Int, end: Int)? {
        guard (1...2).contains(t.digits(j)), let d = Int(t.text(j)), (1...31).contains(d) else { return nil }
        var e = j + 1
        if t.isWord(e) && ordinalSuffixes.contains(t.text(e)) {
            e += 1
        } else if allowDot && t.isPunct(e, ".") && !t.isNumber(e + 1) {
            e += 1
        }
        return (d, e)
    }

    static func yearNumber(_ t: Input, _ j: Int, _ range: ClosedRange<Int> = 1000...2999) -> (year: Int, end: Int)? {
        guard t.digits(j) == 4, let y = Int(t.text(j)), range.contains(y) else { return nil }
        if t.isWord(j + 1) || (t.isPunct(j + 1, ":./") && t.isNumber(j + 2)) { return nil }
        return (y, j + 1)
    }

    /// "March 14, 2026", "Mar 14 2026", "April 3", "March 2026".
    static func monthFirstDate(_ t: Input, _ j: Int) -> DateHit? {
        guard let m = monthWord(t, j), t.isSpace(m.end), t.text(m.end).count <= 2 else { return nil }
        let k = m.end + 1
        if let d = dayNumber(t, k, allowDot: false) {
            if t.isWord(d.end) || (t.isPunct(d.end, ":./") && t.isNumber(d.end + 1)) { return nil }
            var hit = DateHit(year: nil, month: m.month, day: d.day, end: d.end)
            var p = d.end
            if t.isPunct(p, ",") { p += 1 }
            if t.isSpace(p) { p += 1 }
            if p > d.end, let y = yearNumber(t, p) {
                hit.year = y.year
                hit.end = y.end
            }
            return isValidDate(hit.year, hit.month, hit.day) ? hit : nil
        }
        if let y = yearNumber(t, k) { return DateHit(year: y.year, month: m.month, day: nil, end: y.end) }
        return nil
    }

    /// "14 March 2026", "3rd of April", "14. März 2026".
    static func dayFirstDate(_ t: Input, _ j: Int) -> DateHit? {
        guard let d = dayNumber(t, j, allowDot: true), t.isSingleSpace(d.end) else { return nil }
        var p = d.end + 1
        if t.lower(p) == "of" && t.isSpace(p + 1) { p += 2 }
        guard let m = monthWord(t, p) else { return nil }
        var hit = DateHit(year: nil, month: m.month, day: d.day, end: m.end)
        var q = m.end
        if t.isPunct(q, ",") { q += 1 }
        if t.isSpace(q) { q += 1 }
        if q > m.end, let y = yearNumber(t, q) {
            hit.year = y.year
            hit.end = y.end
        }
        return isValidDate(hit.year, hit.month, hit.day) ? hit : nil
    }

    /// "2026-03-14", "2026/03/14", "14.03.2026", "14/03/2026", "03/14/2026" (US order unless day > 12).
    static func numericDate(_ t: Input, _ j: Int) -> DateHit? {
        guard t.isNumber(j), t.isPunct(j + 1, "/.-"), t.isNumber(j + 2), t.text(j + 3) == t.text(j + 1),
              t.isNumber(j + 4) else { return nil }
        let sep = t.text(j + 1)
        let a = t.text(j), b = t.text(j + 2), c = t.text(j + 4)
        let end = j + 5
        if t.isWord(end) && !(t.text(end) == "T" && t.isNumber(end + 1)) { return nil }
        if t.isPunct(end, "/.-:") && t.isNumber(end + 1) { return nil }
        var y: Int, m: Int, d: Int
        if a.count == 4 && (1...2).contains(b.count) && (1...2).contains(c.count) {
            y = Int(a)!
            m = Int(b)!
            d = Int(c)!
        } else if (1...2).contains(a.count) && (1...2).contains(b.count) && c.count == 4 {
            y = Int(c)!
            let x = Int(a)!, z = Int(b)!
            if sep == "." || x > 12 {
                d = x
                m = z
            } else {
                m = x
                d = z
            }
        } else {
            return nil
        }
        guard (1900...2099).contains(y), isValidDate(y, m, d) else { return nil }
        return DateHit(year: y, month: m, day: d, end: end)
    }

    /// A time following a date: "...T10:30", ", 10:30", " at 2:15 PM", " um 10 Uhr".
    static func attachedTime(_ t: Input, _ e: Int) -> TimeHit? {
        if t.text(e) == "T" && t.isNumber(e + 1) { return parseTime(t, e + 1) }
        var p = e
        if t.isPunct(p, ",") { p += 1 }
        guard t.isSpace(p) else { return nil }
        p += 1
        if ["at", "um", "à"].contains(t.lower(p)) && t.isSpace(p + 1) {
            p += 2
        } else if t.isPunct(p, "@-–|·") && t.isSpace(p + 1) {
            p += 2
        }
        return parseTime(t, p)
    }

    static func meridiem(_ t: Input, _ p: Int) -> (pm: Bool, end: Int)? {
        var q = p
        if t.isSingleSpace(q) { q += 1 }
        guard t.isWord(q) else { return nil }
        let w = t.lower(q)
        if w == "am" || w == "pm" { return (w == "pm", q + 1) }
        if (w == "a" || w == "p") && t.isPunct(q + 1, ".") && t.lower(q + 2) == "m" {
            return (w == "p", t.isPunct(q + 3, ".") ? q + 4 : q + 3)
        }
        return nil
    }

    /// "10:30", "10:30:15", "2:15 pm", "2pm", "10 a.m.", "10 Uhr".
    static func parseTime(_ t: Input, _ j: Int) -> TimeHit? {
        guard (1...2).contains(t.digits(j)), let h = Int(t.text(j)) else { return nil }
        var p = j + 1
        var minute = 0
        var second: Int?
        var colon = false
        if t.isPunct(p, ":") && t.digits(p + 1) == 2 {
            minute = Int(t.text(p + 1))!
            p += 2
            colon = true
            if t.isPunct(p, ":") && t.digits(p + 1) == 2 {
                second = Int(t.text(p + 1))!
                p += 2
            }
        }
        var pm: Bool?
        if let mer = meridiem(t, p) {
            pm = mer.pm
            p = mer.end
        } else if t.isSingleSpace(p) && t.text(p + 1) == "Uhr" {
            p += 2
        } else if !colon {
            return nil
        }
        if t.isWord(p) || t.isNumber(p) || (t.isPunct(p, ":.") && t.isNumber(p + 1)) { return nil }
        var hour = h
        if let pm {
            guard (1...12).contains(h) else { return nil }
            hour = pm ? h % 12 + 12 : h % 12
        }
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second ?? 0) else { return nil }
        return TimeHit(hour: hour, minute: minute, second: second, end: p)
    }

    /// "90 minutes", "1h 30m", "1 hour 30 minutes", "2 hrs", "1.5 hours", "3 days".
    static func parseDuration(_ t: Input, _ i: Int) -> (value: String, end: Int)? {
        let order: [Character] = ["D", "H", "M", "S"]
        var parts: [(unit: Character, amount: String)] = []
        var p = i
        var end = i
        while t.isNumber(p) {
            var amount = t.text(p)
            var q = p + 1
            if t.isPunct(q, ".,"), t.isNumber(q + 1), t.text(q) == "." || t.digits(q + 1) <= 2 {
                amount += "." + t.text(q + 1)
                q += 2
            }
            var spaced = false
            if t.isSingleSpace(q) {
                spaced = true
                q += 1
            }
            guard t.isWord(q) else { break }
            let raw = t.text(q), w = raw.lowercased()
            guard raw == w || (w.count > 1 && raw == raw.uppercased()), let unit = durationUnits[w] else { break }
            // Single-letter units only when attached ("2h"), and "m"/"s" only after a larger unit ("1h 30m").
            if w.count == 1 && (spaced || (w != "h" && parts.isEmpty)) { break }
            if let last = parts.last, order.firstIndex(of: unit)! <= order.firstIndex(of: last.unit)! { break }
            if let whole = Int(amount) { amount = String(whole) }
            parts.append((unit, amount))
            end = q + 1
            var r = end
            if t.isPunct(r, ",") { r += 1 }
            if t.isSpace(r) { r += 1 }
            if t.lower(r) == "and" && t.isSpace(r + 1) { r += 2 }
            p = r
        }
        guard !parts.isEmpty else { return nil }
        // "1h30", "2h.5": a number glued to the unit is not a duration we understand.
        if t.isNumber(end) || (t.isPunct(end, ".,:") && t.isNumber(end + 1)) { return nil }
        var value = "P"
        var inTime = false
        for part in parts {
            if part.unit != "D" && !inTime {
                value += "T"
                inTime = true
            }
            value += part.amount + String(part.unit)
        }
        return (value, end)
    }
}
