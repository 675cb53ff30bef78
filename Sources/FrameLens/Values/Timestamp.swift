/// An exact point on a media timeline, as `CMTime`: `value / timescale` seconds.
///
/// A frame's time is its presentation timestamp in its stream's time base, so it is kept as that fraction
/// rather than rounded to a `Double`: a 30000/1001 fps frame at 1001/30000 s is exactly that. Two times
/// are equal when they are the same fraction, whatever their timescales (1/2 == 500/1000). An unknown time
/// (a stream with no duration) is `nil`, never 0.
///
/// Literals are seconds, to the microsecond: `player.seek(to: 12.5)`.
public struct Timestamp: Sendable, CustomStringConvertible {
    /// The time in units of `1 / timescale` seconds.
    public let value: Int64
    /// The units per second; positive.
    public let timescale: Int64

    /// The time `value / timescale` seconds.
    ///
    /// - Precondition: `timescale > 0`.
    public init(value: Int64, timescale: Int64) {
        precondition(timescale > 0, "a timescale is a positive number of units per second")
        self.value = value
        self.timescale = timescale
    }

    /// The time nearest to `seconds` that is a whole number of `1 / preferredTimescale` units, as
    /// `CMTime(seconds:preferredTimescale:)`. A time too large for the timescale (beyond about 292,000 years
    /// in microseconds) is clamped to the largest it holds, which no video reaches.
    ///
    /// - Parameters:
    ///   - seconds: the time in seconds; not NaN.
    ///   - preferredTimescale: units per second; the default counts microseconds, as the CLI's times do.
    public init(seconds: Double, preferredTimescale: Int64 = 1_000_000) {
        precondition(!seconds.isNaN, "a time is a number of seconds, not NaN")
        let units = (seconds * Double(preferredTimescale)).rounded()
        let value = units >= 0x1p63 ? Int64.max : units < -0x1p63 ? Int64.min : Int64(units)
        self.init(value: value, timescale: preferredTimescale)
    }

    /// The time `seconds` holds exactly: a `Double` is a binary fraction, so this keeps every bit of a time
    /// computed in floating point (nil when it is not finite or needs more than 64 bits).
    init?(exactly seconds: Double) {
        guard seconds.isFinite, !seconds.isSubnormal else { return nil }
        if seconds.rounded() == seconds {
            guard let whole = Int64(exactly: seconds) else { return nil }
            self.init(value: whole, timescale: 1)
            return
        }
        // seconds = significand * 2^exponent, with the significand's trailing zero bits moved into the exponent.
        let significand = Int64(seconds.significandBitPattern | (1 << UInt64(Double.significandBitCount)))
        let zeros = significand.trailingZeroBitCount
        let halvings = Double.significandBitCount - Int(seconds.exponent) - zeros
        guard halvings < 63 else { return nil }
        let odd = significand >> Int64(zeros)
        self.init(value: seconds < 0 ? -odd : odd, timescale: 1 << Int64(halvings))
    }

    /// The time `seconds` holds, kept exactly where it fits (`init?(exactly:)`), else to the nanosecond (a
    /// time below a millisecond with more bits than 63 binary places hold): for times measured in floating
    /// point, which JSON then writes as the same number.
    ///
    /// - Precondition: `seconds` is not NaN.
    package init(keeping seconds: Double) {
        self = Timestamp(exactly: seconds) ?? Timestamp(seconds: seconds, preferredTimescale: 1_000_000_000)
    }

    /// The start of the timeline.
    public static let zero = Timestamp(value: 0, timescale: 1)

    /// The time in seconds, as the nearest `Double`.
    public var seconds: Double { Double(value) / Double(timescale) }

    /// `value/timescale`, e.g. `1001/30000`.
    public var description: String { "\(value)/\(timescale)" }
}

// MARK: - Comparing and arithmetic

extension Timestamp: Comparable, Hashable {
    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        Int128(lhs.value) * Int128(rhs.timescale) < Int128(rhs.value) * Int128(lhs.timescale)
    }

    /// Whether the two are the same time, whatever their timescales.
    public static func == (lhs: Timestamp, rhs: Timestamp) -> Bool {
        Int128(lhs.value) * Int128(rhs.timescale) == Int128(rhs.value) * Int128(lhs.timescale)
    }

    /// Equal times hash alike: the fraction in lowest terms is hashed.
    public func hash(into hasher: inout Hasher) {
        let divisor = Self.gcd(value.magnitude, UInt64(timescale))
        hasher.combine(value / Int64(divisor))
        hasher.combine(timescale / Int64(divisor))
    }

    /// The sum, exact in the two timescales' least common multiple, or to the nanosecond when that does not
    /// fit in 64 bits.
    public static func + (lhs: Timestamp, rhs: Timestamp) -> Timestamp {
        combine(lhs, rhs, +)
    }

    /// The difference, exact as `+` is.
    public static func - (lhs: Timestamp, rhs: Timestamp) -> Timestamp {
        combine(lhs, rhs, -)
    }

    private static func combine(_ lhs: Timestamp, _ rhs: Timestamp, _ operation: (Int128, Int128) -> Int128) -> Timestamp {
        let common = Int128(lhs.timescale / Int64(gcd(UInt64(lhs.timescale), UInt64(rhs.timescale)))) * Int128(rhs.timescale)
        let sum = operation(
            Int128(lhs.value) * (common / Int128(lhs.timescale)), Int128(rhs.value) * (common / Int128(rhs.timescale)))
        if let value = Int64(exactly: sum), let timescale = Int64(exactly: common) {
            return Timestamp(value: value, timescale: timescale)
        }
        return Timestamp(value: nanoseconds(sum, per: common), timescale: 1_000_000_000)
    }

    /// `units / timescale` seconds as whole nanoseconds, rounded half away from zero, held at `Int64.max` or
    /// `.min` beyond them. Whole seconds and the fraction are scaled apart, so that no product overflows
    /// `Int128` (`units` reaches 2^127 and `timescale` 2^126).
    private static func nanoseconds(_ units: Int128, per timescale: Int128) -> Int64 {
        let (seconds, remainder) = units.quotientAndRemainder(dividingBy: timescale)
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow, let wholeNanoseconds = Int64(exactly: whole) else { return seconds < 0 ? .min : .max }
        // The fraction is below one second: exact when its product fits, else to a double's 53 bits, far
        // finer than a nanosecond.
        let fraction: Int128
        if case (let scaled, false) = remainder.multipliedReportingOverflow(by: 1_000_000_000) {
            fraction = (scaled + (scaled < 0 ? -timescale : timescale) / 2) / timescale
        } else {
            fraction = Int128((Double(remainder) / Double(timescale) * 1e9).rounded())
        }
        return wholeNanoseconds.saturatingAdding(Int64(fraction))
    }

    private static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return max(a, 1)
    }
}

// MARK: - Literals and coding

extension Timestamp: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// Whole seconds.
    public init(integerLiteral seconds: Int64) {
        self.init(value: seconds, timescale: 1)
    }

    /// Seconds, to the microsecond.
    public init(floatLiteral seconds: Double) {
        self.init(seconds: seconds)
    }
}

extension Timestamp: Codable {
    /// Reads a number of seconds, keeping every bit of it (to the nanosecond below a millisecond).
    ///
    /// - Throws: `DecodingError.dataCorrupted` for a number that is not a finite time of at most 2^63 seconds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let seconds = try container.decode(Double.self)
        guard seconds.isFinite, seconds.magnitude < 0x1p63 else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(seconds) is not a time in seconds")
        }
        self.init(keeping: seconds)
    }

    /// Writes the time as a number of seconds, as indexes have always held it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(seconds)
    }
}
