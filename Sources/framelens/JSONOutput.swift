import Foundation

/// JSON as FrameLens prints it: pretty, keys sorted, slashes unescaped.
enum JSONOutput {
    static func string<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
