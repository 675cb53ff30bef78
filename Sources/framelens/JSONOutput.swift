import FrameLens

/// JSON as FrameLens prints it, rounded (see `JSONDocument`), without the document's final newline (`print`
/// adds it).
enum JSONOutput {
    static func string<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try JSONDocument.encode(value, precision: .rounded).dropLast(), as: UTF8.self)
    }
}
