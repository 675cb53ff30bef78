import Foundation

/// The colour of text on screen, in 8-bit sRGB; JSON holds it as `"#rrggbb"`.
public struct TextColor: Sendable, Hashable, Codable {
    /// The channels, 0-255.
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    /// A colour of these channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#rrggbb`, lower case.
    public var hex: String {
        String(format: "#%02x%02x%02x", red, green, blue)
    }

    /// The colour `#rrggbb` names (either case), or nil.
    public init?(hex: String) {
        guard hex.count == 7, hex.first == "#", let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let color = TextColor(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not #rrggbb: \(text)"))
        }
        self = color
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}

