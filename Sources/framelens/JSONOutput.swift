import FrameLens

/// JSON as FrameLens prints it, without the document's final newline (`print` adds it).
enum JSONOutput {
    static func string<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try JSONDocument.encode(value).dropLast(), as: UTF8.self)
    }
}
