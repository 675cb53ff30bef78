import Foundation

/// JSON as FrameLens writes it (`grab --json`, `index --format json`, `probe --json`, `serve`'s API):
/// pretty-printed, keys sorted, slashes unescaped, ending in a newline; in files and on the command line,
/// times in seconds rounded up to the millisecond and confidences rounded to a tenth.
package enum JSONDocument {
    /// How numbers are written.
    package enum Precision: Sendable {
        /// As they are: `serve`'s API, whose page compares frame times with the player's clock.
        case exact
        /// Times rounded up to the millisecond and confidences to a tenth: for people and files.
        case rounded
    }

    /// The members holding a time in seconds. A frame's time is rounded *up*, as FrameLens prints times, so
    /// that seeking a paused player to the written time shows that frame (48.0333... is written 48.034).
    static let timeKeys: Set = ["time", "start", "end", "readTime", "from", "to", "duration", "startTime"]
    /// The members holding a recognition confidence (a percentage).
    static let confidenceKeys: Set = ["confidence"]

    /// The value as such a document.
    package static func encode<Value: Encodable>(_ value: Value, precision: Precision = .exact) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard precision == .rounded else { return Array(try encoder.encode(value)) + [0x0A] }
        let tree = try JSONDecoder().decode(JSONValue.self, from: try encoder.encode(value))
        return Array(try encoder.encode(tree.rounded(member: nil))) + [0x0A]
    }
}

/// A JSON document as a tree, to round its numbers by the member that holds them.
private enum JSONValue: Codable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case integer(Int64)
    case number(Double)
    case bool(Bool)
    case null

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .object(let members): try container.encode(members)
        case .array(let items): try container.encode(items)
        case .string(let text): try container.encode(text)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }

    /// The tree with the numbers of time members rounded up to the millisecond, and of confidence members to
    /// a tenth; `member` is the name of the member holding this value (an array's items share it).
    func rounded(member: String?) -> JSONValue {
        switch self {
        case .object(let members):
            .object(Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value.rounded(member: $0.key)) }))
        case .array(let items):
            .array(items.map { $0.rounded(member: member) })
        case .number(let value) where member.map(JSONDocument.timeKeys.contains) == true:
            // `+ 0` turns the -0 that rounding a time of 0 up gives into 0.
            .number((value * 1000 - 1e-6).rounded(.up) / 1000 + 0)
        case .number(let value) where member.map(JSONDocument.confidenceKeys.contains) == true:
            .number((value * 10).rounded() / 10)
        default:
            self
        }
    }
}
