import Testing
@testable import FrameLensDataDetection

@Suite("Data detector: precision, overlaps and API")
struct DataDetectorBehaviourTests {
    /// Ordinary slide text (and near misses) that must yield no match at all.
    static let negatives: [String] = [
        "Lecture 3: Sorting", "Version 2.0", "O(n log n)", "3.14159", "Page 12 of 40", "CS101", "Room 4.12",
        "1920x1080", "2026", "e.g. quicksort", "i.e. the pivot", "see file.txt", "README.md", "setup.py",
        "Node.js and Vue.js", "index.html", "Chapter 2.3.1", "192.168.0.1", "Figure 3-2", "2x + 3y = 12",
        "Top 10 tips", "1/2 cup", "50% faster", "Speed: 10 m/s", "n = 1000000", "See slide 23", "COVID-19",
        "ISO 9001", "v1.2.3", "HTTP/2", "Python 3.12", "ResNet-50", "GPT-4", "x86_64", "Table 2: Results",
        "May the force be with you", "Aspect ratio 16:9", "Score 3-1", "1,000 users",
        "2026-2027", "February 30, 2026", "13/13/2026", "25:00", "10:75", "Dr.No",
        "Sorting.It works", "Monday", "Q4 2026 roadmap", "Connecting via EK 7", "AI 101", "OS 12",
        "1Z999AA10123456785", "986578788856", "EE123456784US", "1234567891", "Call for papers",
        "Lecture 3, 12345 Berlin", "5 s", "30m", "Mon-Fri", "TCP/IP stack", "A4 paper, 80 g/m2", "@username",
        "user@localhost", "price.per.unit", "Fig. 3", "1080p at 60 fps", "2 h",
        "Batch size 256 512 1024", "AC 220 V", "user.name = 'x'", "print(user.id)", "self.app.run()", "1h30",
        "EUR/USD 1.08", "Zoom ID: 845 1234 5678", "St. Louis, MO 63101", "5 Main Street", "Intro to AI 101",
        "mar 14 2026", "You may 5 times try", "Accuracy 98.5% on 10,000 images", "IPv4 10.0.0.1", "MIT 6.006",
        "Flight dynamics lecture, Q4 2026", "GPU: RTX 4090, 24 GB", "Coordinates 48.1351, 11.5820",
    ]

    @Test(arguments: negatives) func noMatch(_ text: String) {
        #expect(detectionSummary(text) == [])
    }

    @Test func multiLineSlide() {
        let text = """
            Guest lecture — Friday, April 3, 2026 at 10:30
            Venue: 350 Fifth Avenue
            New York, NY 10118
            Contact: jane.doe@Example.EDU or (415) 555-0123
            Slides: https://example.edu/talks/ds?id=7.
            Ticket: $1,250.00 · Flight BA 283 · 1Z999AA10123456784
            """
        #expect(detectionSummary(text) == [
            "date: 2026-04-03T10:30",
            "address: 350 Fifth Avenue, New York, NY 10118",
            "email: jane.doe@example.edu",
            "phone: +14155550123",
            "url: https://example.edu/talks/ds?id=7",
            "money: USD 1250.00",
            "flight: BA283",
            "tracking: 1Z999AA10123456784",
        ])
    }

    @Test func multiLineEuropeanSlide() {
        let text = """
            Workshop 14.03.2026, 9:00–12:30 (3 hours)
            Ort: Unter den Linden 6, 10117 Berlin
            Tel: +49 30 1234567 · info@example.de · www.example.de/anmeldung
            Gebühr: 49,90 € — Anreise mit LH400, DHL 1234567891
            """
        #expect(detectionSummary(text) == [
            "date: 2026-03-14T09:00",
            "date: 12:30",
            "date: PT3H",
            "address: Unter den Linden 6, 10117 Berlin",
            "phone: +49301234567",
            "email: info@example.de",
            "url: https://www.example.de/anmeldung",
            "money: EUR 49.90",
            "flight: LH400",
            "tracking: 1234567891",
        ])
    }

    @Test func overlapsPreferEmailTrackingAndDate() {
        // The domain of an e-mail is never reported as a URL, not even when only URLs are requested.
        #expect(detectionSummary("write to bob@example.com", kinds: [.url]) == [])
        // A FedEx number is not a phone number even with a phone label nearby.
        #expect(detectionSummary("FedEx 1234 5678 9012") == ["tracking: 123456789012"])
        // A labelled date is a date, not a phone number.
        #expect(detectionSummary("Phone: 04/02/2026") == ["date: 2026-04-02"])
        // Longer match wins: the URL contains a date.
        #expect(detectionSummary("example.com/2026-03-14/post") == ["url: https://example.com/2026-03-14/post"])
    }

    @Test func kindsFilterAndRanges() {
        let text = "Due 2026-03-14, fee $5, see x.org"
        #expect(detectionSummary(text, kinds: [.money]) == ["money: USD 5"])
        #expect(detectionSummary(text, kinds: []) == [])
        let found = DataDetector().matches(in: text)
        #expect(found.map(\.kind) == [.date, .money, .url])
        for m in found { #expect(String(text[m.range]) == m.text) }
        #expect(found.map(\.text) == ["2026-03-14", "$5", "x.org"])
        // Ranges stay valid with multi-scalar characters before the match.
        let emoji = "👩‍💻 café — €12"
        let m = DataDetector().matches(in: emoji)
        #expect(m.count == 1)
        #expect(m.first.map { String(emoji[$0.range]) } == "€12")
    }

    @Test func matchesAreSortedAndDisjoint() {
        let text = "BA 283 on 2026-03-14 10:30, call +44 20 7946 0958 or mail a@b.io; $5 / 1Z999AA10123456784"
        let found = DataDetector().matches(in: text)
        #expect(found.count == 6)
        for (a, b) in zip(found, found.dropFirst()) { #expect(a.range.upperBound <= b.range.lowerBound) }
    }

    @Test func dataKindBasics() {
        #expect(DataKind.allCases.count == 9)
        #expect(DataKind(rawValue: "tracking") == .tracking)
        #expect(DataDetector().matches(in: "") == [])
    }

    // MARK: Check digits

    @Test(arguments: ["1Z999AA10123456784", "1Z5R89390357567127", "1Z879E930346834440", "1Z410E7W0392751591",
                      "1Z8V92A70367203024", "1ZXX3150YW44070023"])
    func publishedUPSNumbers(_ number: String) {
        let body = number.dropFirst(2)
        #expect(DataDetector.upsCheckDigit(String(body.prefix(15))) == Int(String(body.last!)))
    }

    @Test func publishedCheckDigits() {
        func digits(_ s: String) -> [Int] { s.compactMap(\.wholeNumberValue) }
        #expect(DataDetector.fedExExpressCheckDigit(digits("12345678901")) == 2)
        #expect(DataDetector.fedExExpressCheckDigit(digits("98657878885")) == 5)
        #expect(DataDetector.mod10CheckDigit(digits("44904430413782")) == 1)
        #expect(DataDetector.mod10CheckDigit(digits("940011120620640626078")) == 7)
        #expect(DataDetector.s10CheckDigit(digits("12345678")) == 5)
        #expect(DataDetector.dhlCheckDigit(digits("123456789")) == 1)
    }

    /// Builds valid numbers from arbitrary bodies with the check-digit functions and checks that the
    /// detector finds them, and that changing the check digit makes them disappear.
    @Test(arguments: ["3141592653", "2718281828", "1618033988", "5772156649"])
    func computedNumericTrackingNumbers(_ seed: String) {
        let d = seed.compactMap(\.wholeNumberValue)
        let express = Array((d + d).prefix(11))
        let ground = Array((d + d).prefix(14))
        let usps = [9, 4, 0, 0] + Array((d + d).prefix(17))
        let numbers: [([Int], Int, String)] = [
            (express, DataDetector.fedExExpressCheckDigit(express), "FedEx"),
            (ground, DataDetector.mod10CheckDigit(ground), "FedEx"),
            (usps, DataDetector.mod10CheckDigit(usps), "USPS"),
        ]
        for (body, check, carrier) in numbers {
            let valid = body.map(String.init).joined() + String(check)
            let found = DataDetector().matches(in: "Tracking: \(valid)")
            #expect(found.map(\.value) == [valid])
            #expect(found.first?.attributes == ["carrier": carrier])
            let invalid = body.map(String.init).joined() + String((check + 1) % 10)
            #expect(DataDetector().matches(in: "Tracking: \(invalid)").filter { $0.kind == .tracking } == [])
        }
        let s10Body = Array(d.prefix(8))
        let s10 = "CP" + s10Body.map(String.init).joined() + String(DataDetector.s10CheckDigit(s10Body)) + "DE"
        #expect(detectionSummary(s10) == ["tracking: \(s10)"])
        let dhlBody = Array(d.prefix(9))
        let dhl = dhlBody.map(String.init).joined() + String(DataDetector.dhlCheckDigit(dhlBody))
        #expect(detectionSummary("DHL \(dhl)") == ["tracking: \(dhl)"])
    }

    @Test(arguments: ["AB12CD34EF56GH7", "999AA1012345678", "0000000000000X0", "ZZZZZZZZZZZZZZZ"])
    func computedUPSNumbers(_ body: String) throws {
        let check = try #require(DataDetector.upsCheckDigit(body))
        let number = "1Z" + body + String(check)
        #expect(detectionSummary("Parcel \(number) shipped") == ["tracking: \(number)"])
        let wrong = "1Z" + body + String((check + 3) % 10)
        #expect(detectionSummary("Parcel \(wrong) shipped") == [])
    }
}
