import Foundation

/// The kinds of data FrameLens detects in text.
public enum DataKind: String, CaseIterable, Sendable, Codable {
    case url, email, phone, date, money, flight, tracking, address, isbn
}

/// One piece of data found in a text.
public struct DataMatch: Sendable, Hashable {
    /// What kind of data it is.
    public let kind: DataKind
    /// Range into the text passed to `DataDetector.matches(in:)`.
    public let range: Range<String.Index>
    /// The matched substring as it appears in the text.
    public let text: String
    /// Normalised value (absolute URL, E.164 phone, ISO 8601 date, "USD 12.50", ...).
    public let value: String
    /// Extra facts, e.g. `["currency": "USD", "amount": "12.50"]`.
    public let attributes: [String: String]

    /// A match of `text` at `range`, with its normalised `value`.
    public init(kind: DataKind, range: Range<String.Index>, text: String, value: String,
                attributes: [String: String] = [:]) {
        self.kind = kind
        self.range = range
        self.text = text
        self.value = value
        self.attributes = attributes
    }
}

/// Finds URLs, e-mail addresses, phone numbers, dates/times/durations, money amounts, flight numbers,
/// shipment tracking numbers, postal addresses and ISBNs in text (typically OCR output, one or several lines).
///
/// Pure Swift (no NSDataDetector): the text is split once into tokens and every kind has a small
/// hand-written scanner. Precision is preferred over recall.
public struct DataDetector: Sendable {
    let kinds: Set<DataKind>

    /// A detector of these kinds.
    public init(kinds: Set<DataKind> = Set(DataKind.allCases)) {
        self.kinds = kinds
    }

    /// All matches in `text`, sorted by position and never overlapping.
    public func matches(in text: String) -> [DataMatch] {
        guard !kinds.isEmpty, !text.isEmpty else { return [] }
        let input = Input(text)
        // Every scanner runs even for kinds that were not requested, so that e.g. an e-mail still
        // suppresses the URL inside it when only `.url` is requested.
        var found: [Candidate] = []
        found += Self.scanLinks(input)
        found += Self.scanPhones(input)
        found += Self.scanDates(input)
        found += Self.scanMoney(input)
        found += Self.scanFlights(input)
        found += Self.scanTracking(input)
        found += Self.scanAddresses(input)
        found += Self.scanISBNs(input)
        return Self.resolve(found).compactMap { c in
            guard kinds.contains(c.kind) else { return nil }
            let range = input.indices[c.start]..<input.indices[c.end]
            return DataMatch(kind: c.kind, range: range, text: String(text[range]),
                             value: c.value, attributes: c.attributes)
        }
    }

    /// Kinds that win against another kind whenever they overlap, regardless of length.
    static func beats(_ a: DataKind, _ b: DataKind) -> Bool {
        switch (a, b) {
        case (.tracking, .phone), (.email, .url), (.date, .phone), (.isbn, .phone), (.isbn, .tracking), (.isbn, .date):
            return true
        default: return false
        }
    }

    /// Removes overlaps: explicit precedence first, then the longer match, then the earlier one.
    static func resolve(_ found: [Candidate]) -> [Candidate] {
        let pool = found.filter { c in
            !found.contains { d in d.overlaps(c) && beats(d.kind, c.kind) }
        }
        let ordered = pool.sorted { a, b in
            if a.length != b.length { return a.length > b.length }
            if a.start != b.start { return a.start < b.start }
            return a.rank < b.rank
        }
        var chosen: [Candidate] = []
        for c in ordered where !chosen.contains(where: { $0.overlaps(c) }) {
            chosen.append(c)
        }
        return chosen.sorted { $0.start < $1.start }
    }
}
