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

    /// The URL that starts at `i`, as a person would copy it: OCR's spacing inside the scheme (`https: //`,
    /// `https:/ /`) and after `www.` is left out, and a URL that a slide's layout broke over two lines
    /// (its first line ending where no URL ends: `/`, `-`, `_`, `.`, `=`, `&`, `?`) goes on on the next.
    static func url(at i: Int, _ ch: [Character]) -> Candidate? {
        let n = ch.count
        if i > 0 {
            let prev = ch[i - 1]
            if isWordChar(prev) || "._-@/%+~#=&\\".contains(prev) { return nil }
        }
        let scheme = schemePrefix(at: i, ch)
        let hostStart = scheme?.end ?? i
        var hostChars: [Character] = []
        var q = hostStart
        while q < n {
            if isAlnumASCII(ch[q]) || ch[q] == "-" || ch[q] == "." {
                hostChars.append(ch[q])
                q += 1
            } else if let next = gapAfterWWW(hostChars, at: q, ch) {
                q = next
            } else if scheme != nil, let dot = commaForDot(at: q, ch) {
                if dot { hostChars.append(".") }
                q += 1
            } else {
                break
            }
        }
        while let last = hostChars.last, last == "." || last == "-" {
            hostChars.removeLast()
            q -= 1
        }
        guard !hostChars.isEmpty else { return nil }
        if q < n && (ch[q] == "@" || ch[q].isLetter) { return nil }  // e-mail, or a non-ASCII word
        let host = String(hostChars)
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
        let port = String(ch[q..<end])
        var rest: [Character] = []
        if end < n && "/?#".contains(ch[end]) {
            let pathStart = end
            var r = end
            while r < n && isURLChar(ch[r]) { r += 1 }
            rest = Array(ch[end..<r])
            end = r
            while let last = rest.last, "/-_.=&?".contains(last), let next = continuation(after: end, brokenAt: last, ch) {
                rest += ch[next.start..<next.end]
                end = next.end
            }
            let trimmed = trimURL(ch, from: i, to: end, minimum: pathStart)
            rest.removeLast(end - trimmed)
            end = trimmed
        }
        let resolvedScheme = scheme?.name ?? "https"
        let value = resolvedScheme + "://" + host.lowercased() + port + String(rest)
        return Candidate(kind: .url, start: i, end: end, value: value, attributes: ["scheme": resolvedScheme])
    }

    /// A scheme at `p` as OCR reads it: `https://`, or with spaces around its colon and slashes
    /// (`https: //`, `http : / /`); the scheme's name and where the host begins.
    static func schemePrefix(at p: Int, _ ch: [Character]) -> (name: String, end: Int)? {
        for scheme in urlSchemes {
            let name = String(scheme.prefix { $0 != ":" })
            guard hasPrefixCaseInsensitive(ch, p, name) else { continue }
            var k = p + name.count
            func skipSpaces(upTo limit: Int) {
                var skipped = 0
                while k < ch.count, skipped < limit, ch[k] == " " {
                    k += 1
                    skipped += 1
                }
            }
            skipSpaces(upTo: 1)
            guard k < ch.count, ch[k] == ":" else { continue }
            k += 1
            skipSpaces(upTo: 1)
            guard k + 1 < ch.count, ch[k] == "/" else { continue }
            k += 1
            skipSpaces(upTo: 1)
            guard k < ch.count, ch[k] == "/" else { continue }
            k += 1
            skipSpaces(upTo: 1)
            guard k < ch.count, isAlnumASCII(ch[k]) else { continue }
            return (name, k)
        }
        return nil
    }

    /// A comma OCR read in a host: for its dot between two letters or digits (`https://wiki,debian.org`:
    /// true), or beside the dot (`wiki,.debian.org`: false, the comma is dropped); nil for a real comma.
    private static func commaForDot(at q: Int, _ ch: [Character]) -> Bool? {
        guard ch[q] == ",", q > 0, q + 1 < ch.count else { return nil }
        let (before, after) = (ch[q - 1], ch[q + 1])
        if isAlnumASCII(before) && isAlnumASCII(after) { return true }
        if (isAlnumASCII(before) && after == ".") || (before == "." && isAlnumASCII(after)) { return false }
        return nil
    }

    /// Where a host goes on after OCR's space behind `www.` (`www. debian.org`), or nil.
    private static func gapAfterWWW(_ host: [Character], at q: Int, _ ch: [Character]) -> Int? {
        guard String(host).lowercased() == "www.", q < ch.count, ch[q] == " " else { return nil }
        let next = q + 1
        return next < ch.count && isAlnumASCII(ch[next]) ? next : nil
    }

    /// The next line's start when it goes on with a URL's path (no space in it, a letter, digit or
    /// `/` first): the characters up to the next white space; or, after OCR's space behind a path's `-`
    /// or `/` (`debian- reference`), the rest of the line when it is one piece. A piece without a URL's punctuation
    /// (`manual`) goes on a URL only when it is the whole line and the URL broke where a sentence cannot
    /// end (not at a full stop).
    private static func continuation(after end: Int, brokenAt last: Character, _ ch: [Character]) -> (start: Int, end: Int)? {
        var k = end
        while k < ch.count, ch[k] == " " || ch[k] == "\t" { k += 1 }
        let sameLine = k == end + 1 && "-/".contains(last)
        guard k < ch.count, ch[k] == "\n" || sameLine else { return nil }
        if ch[k] == "\n" { k += 1 }
        while k < ch.count, ch[k] == " " || ch[k] == "\t" { k += 1 }
        // A next line that is a link of its own (a list of URLs, the first ending in `/`) stays apart.
        guard k < ch.count, isAlnumASCII(ch[k]) || ch[k] == "/", ch[k] == "/" || url(at: k, ch) == nil else { return nil }
        var r = k
        while r < ch.count, isURLChar(ch[r]) { r += 1 }
        let piece = ch[k..<r]
        let wholeLine = r == ch.count || ch[r] == "\n"
        guard wholeLine || !sameLine else { return nil }
        guard piece.contains(where: { "/.=&?#_-".contains($0) }) || (wholeLine && last != ".") else { return nil }
        return (k, r)
    }

    private static func isURLChar(_ c: Character) -> Bool {
        !c.isWhitespace && !"<>\"{}|\\^`".contains(c)
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
