import Testing
@testable import FrameLensDataDetection

/// One positive case: `input` must yield exactly one match, of `kind`, with `value`
/// (and `text` / `attributes` when given).
struct DetectionCase: Sendable, CustomTestStringConvertible {
    let input: String
    let kind: DataKind
    let value: String
    let text: String?
    let attributes: [String: String]?

    init(_ input: String, _ kind: DataKind, _ value: String, text: String? = nil,
         attributes: [String: String]? = nil) {
        self.input = input
        self.kind = kind
        self.value = value
        self.text = text
        self.attributes = attributes
    }

    var testDescription: String { "\(kind.rawValue): \(input.debugDescription)" }
}

func expectSingleDetection(_ c: DetectionCase, sourceLocation: SourceLocation = #_sourceLocation) {
    let found = DataDetector().matches(in: c.input)
    #expect(found.count == 1, "\(found.map { "\($0.kind.rawValue)=\($0.value)" })", sourceLocation: sourceLocation)
    guard found.count == 1, let m = found.first else { return }
    #expect(m.kind == c.kind, sourceLocation: sourceLocation)
    #expect(m.value == c.value, sourceLocation: sourceLocation)
    #expect(m.text == String(c.input[m.range]), sourceLocation: sourceLocation)
    if let text = c.text { #expect(m.text == text, sourceLocation: sourceLocation) }
    if let attributes = c.attributes { #expect(m.attributes == attributes, sourceLocation: sourceLocation) }
}

/// (kind, value) pairs, in order, for compact assertions.
func detectionSummary(_ text: String, kinds: Set<DataKind> = Set(DataKind.allCases)) -> [String] {
    DataDetector(kinds: kinds).matches(in: text).map { "\($0.kind.rawValue): \($0.value)" }
}
