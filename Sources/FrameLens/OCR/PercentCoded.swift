/// A confidence, a fraction from 0 to 1 in the API, coded as the percent (0-100) FrameLens's JSON has always
/// held: the conversion happens here, at the encoding, and nowhere else.
struct PercentCoded: Sendable, Hashable, Codable {
    let fraction: Double

    init(_ fraction: Double) {
        self.fraction = fraction
    }

    init(from decoder: any Decoder) throws {
        fraction = try decoder.singleValueContainer().decode(Double.self) / 100
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(fraction * 100)
    }
}
