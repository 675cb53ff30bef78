import Foundation

/// JSON as FrameLens writes it (`grab --json`, `index --format json`, `serve`'s API): pretty-printed, keys
/// sorted, slashes unescaped, ending in a newline.
package enum JSONDocument {
    /// The value as such a document.
    package static func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value)) + [0x0A]
    }
}
