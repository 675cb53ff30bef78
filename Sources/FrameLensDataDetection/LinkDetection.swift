import Foundation

// URLs and e-mail addresses (character level).
extension DataDetector {
    /// Generic TLDs accepted for bare domains ("python.org").
    static let genericTLDs: Set<String> = ["com", "org", "net", "edu", "gov", "io", "ai", "co", "biz", "xyz"]

    /// TLDs that are also common words, identifiers or file extensions ("user.name", "user.id",
    /// "README.md", "self.app"): a bare domain with one of these needs "www." or a path.
    static let wordLikeTLDs: Set<String> = [
        "md", "py", "rs", "sh", "pl", "cc", "ml", "so", "ps", "pm", "mk", "am", "sc", "as", "ms", "id", "is",
        "it", "in", "to", "at", "me", "no", "do", "be", "by", "my", "us", "ly", "tv", "re", "st",
        "app", "dev", "info", "name", "pro", "page", "link", "email", "media", "news", "store", "space",
        "zone", "tools", "team", "events", "site", "systems", "network", "art", "design", "academy",
        "university", "school", "science", "digital", "global", "live", "studio", "agency", "today", "world",
        "club", "cloud", "blog", "shop", "tech", "online", "website", "foundation", "institute", "museum",
    ]

    /// IANA two-letter country-code TLDs.
    static let countryTLDs: Set<String> = Set("""
        ac ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo br bs bt \
        bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg er \
        es et eu fi fj fk fm fo fr ga gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht \
        hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr \
        ls lt lu lv ly ma mc md me mg mh mk ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng \
        ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd \
        se sg sh si sk sl sm sn so sr ss st su sv sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw \
        tz ua ug uk us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw
        """.split(separator: " ").map(String.init))

    static let urlSchemes = ["https://", "http://", "ftp://"]

    static func scanLinks(_ t: Input) -> [Candidate] {
        var out = scanEmails(t)
        let ch = t.chars
        var i = 0
        while i < ch.count {
            if isAlnumASCII(ch[i]), let c = url(at: i, ch) {
                out.append(c)
                i = c.end
            } else {
                i += 1
            }
        }
        return out
    }

    static func hasPrefixCaseInsensitive(_ ch: [Character], _ p: Int, _ s: String) -> Bool {
        var k = p
        for c in s {
            guard k < ch.count, ch[k].lowercased() == String(c) else { return false }
            k += 1
        }
        return true
    }

    static func url(at i: Int, _ ch: [Character]) -> Candidate? {
        let n = ch.count
        if i > 0 {
            let prev = ch[i - 1]
            if isWordChar(prev) || "._-@/%+~#=&\\".contains(prev) { return nil }
        }
        var scheme: String?
        var p = i
        for s in urlSchemes where hasPrefixCaseInsensitive(ch, p, s) {
            scheme = String(s.dropLast(3))
            p += s.count
            break
        }
        let hostStart = p
        var q = p
        while q < n && (isAlnumASCII(ch[q]) || ch[q] == "-" || ch[q] == ".") { q += 1 }
        while q > hostStart && (ch[q - 1] == "." || ch[q - 1] == "-") { q -= 1 }
        guard q > hostStart else { return nil }
        if q < n && (ch[q] == "@" || ch[q].isLetter) { return nil }  // e-mail, or a non-ASCII word
        let host = String(ch[hostStart..<q])
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.allSatisfy({ !$0.isEmpty && $0.count <= 63 && $0.first != "-" && $0.last != "-" }) else {
            return nil
        }
        if scheme == nil {
            guard labels.count >= 2, let tld = labels.last, tld.allSatisfy({ $0.isLetter }) else { return nil }
            let lowerTLD = tld.lowercased()
            // "Dr.No", "Sorting.It": mixed-case TLDs are prose, not domains.
            guard tld == lowerTLD || host == host.uppercased() else { return nil }
            let www = host.lowercased().hasPrefix("www.")
            let path = q < n && ch[q] == "/"
            if wordLikeTLDs.contains(lowerTLD) {
                guard www || path else { return nil }
            } else {
                guard genericTLDs.contains(lowerTLD) || countryTLDs.contains(lowerTLD) else { return nil }
            }
        }
        var end = q
        if end + 1 < n && ch[end] == ":" && isDigitASCII(ch[end + 1]) {
            var r = end + 1
            while r < n && isDigitASCII(ch[r]) { r += 1 }
            if r - end - 1 <= 5 && (r == n || !isWordChar(ch[r])) { end = r }
        }
        if end < n && "/?#".contains(ch[end]) {
            var r = end
            while r < n && !ch[r].isWhitespace && !"<>\"{}|\\^`".contains(ch[r]) { r += 1 }
            end = trimURL(ch, from: i, to: r, minimum: end)
        }
        let resolvedScheme = scheme ?? "https"
        let value = resolvedScheme + "://" + host.lowercased() + String(ch[q..<end])
        return Candidate(kind: .url, start: i, end: end, value: value, attributes: ["scheme": resolvedScheme])
    }

    /// Drops trailing sentence punctuation, quotes and unbalanced closing brackets.
    static func trimURL(_ ch: [Character], from start: Int, to end: Int, minimum: Int) -> Int {
        let pairs: [Character: Character] = [")": "(", "]": "["]
        var e = end
        while e > minimum {
            let c = ch[e - 1]
            if ".,;:!?'\"’”".contains(c) {
                e -= 1
                continue
            }
            if let open = pairs[c] {
                let slice = ch[start..<e]
                if slice.filter({ $0 == c }).count > slice.filter({ $0 == open }).count {
                    e -= 1
                    continue
                }
            }
            break
        }
        return e
    }

    static func isEmailLocalChar(_ c: Character) -> Bool { isAlnumASCII(c) || "._%+-".contains(c) }

    static func scanEmails(_ t: Input) -> [Candidate] {
        let ch = t.chars
        let n = ch.count
        var out: [Candidate] = []
        for at in 0..<n where ch[at] == "@" {
            var s = at
            while s > 0 && isEmailLocalChar(ch[s - 1]) { s -= 1 }
            while s < at && ".+-".contains(ch[s]) { s += 1 }
            guard s < at, ch[at - 1] != "." else { continue }
            if s > 0 && (isWordChar(ch[s - 1]) || ch[s - 1] == "@") { continue }
            var q = at + 1
            while q < n && (isAlnumASCII(ch[q]) || ch[q] == "-" || ch[q] == ".") { q += 1 }
            while q > at + 1 && (ch[q - 1] == "." || ch[q - 1] == "-") { q -= 1 }
            guard q > at + 1 else { continue }
            if q < n && (ch[q] == "@" || ch[q].isLetter) { continue }
            let domain = String(ch[(at + 1)..<q])
            let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
            guard labels.count >= 2,
                  labels.allSatisfy({ !$0.isEmpty && $0.first != "-" && $0.last != "-" }),
                  let tld = labels.last, tld.count >= 2, tld.allSatisfy({ $0.isLetter }) else { continue }
            let local = String(ch[s..<at])
            guard !local.contains("..") else { continue }
            out.append(Candidate(kind: .email, start: s, end: q, value: local + "@" + domain.lowercased()))
        }
        return out
    }
}
