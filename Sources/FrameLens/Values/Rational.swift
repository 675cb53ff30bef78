/// An exact fraction, as FFmpeg's `AVRational`: time bases, frame rates and aspect ratios.
public struct Rational: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The numerator.
    public let numerator: Int
    /// The denominator; 0 when FFmpeg does not know the value.
    public let denominator: Int

    /// The fraction `numerator / denominator`.
    public init(_ numerator: Int, _ denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The value as a floating-point number, or 0 when the denominator is 0 (FFmpeg's "unknown").
    public var doubleValue: Double { denominator == 0 ? 0 : Double(numerator) / Double(denominator) }

    /// Whether the fraction is known (FFmpeg writes 0/1 or 0/0 for "unknown").
    public var isKnown: Bool { numerator != 0 && denominator != 0 }

    public var description: String { "\(numerator)/\(denominator)" }
}
