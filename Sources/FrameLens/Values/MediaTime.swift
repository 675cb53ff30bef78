import Foundation

/// Parses and prints the times users type: seconds (`12.5`, or with ffmpeg's units `15s`, `1500ms`,
/// `250000us`), `MM:SS(.mmm)` or `HH:MM:SS(.mmm)`, the last also with SRT's comma (`00:00:15,000`).
package enum MediaTime {
    /// The largest time accepted: about 31 years, far past any video, and far inside every integer clock
    /// FFmpeg and FrameLens convert it to.
    static let largest = 1_000_000_000.0

    /// Parses a time given as seconds (a unit `s`, `ms` or `us` may follow, as in ffmpeg's durations),
    /// `MM:SS(.mmm)` or `HH:MM:SS(.mmm)` (SRT's `HH:MM:SS,mmm` too).
    ///
    /// - Returns: the time, rounded to the microsecond.
    /// - Throws: `TimeError`: `.malformed` for anything else, `.negative`, `.tooLarge` past `largest`.
    package static func parse(_ text: String) throws(TimeError) -> Timestamp {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("-") {
            // -0 (or -0.000, -0ms) is 0; any other signed time is negative.
            let unsigned = String(trimmed.dropFirst())
            guard !unsigned.hasPrefix("-"), (try? parse(unsigned)) == .zero else {
                throw TimeError.negative(text)
            }
            return .zero
        }
        let (number, scale) = unitless(trimmed)
        let parts = number.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), scale == nil || parts.count == 1 else { throw TimeError.malformed(text) }
        var seconds = 0.0
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isNumber || (isLast && $0 == ".")) }),
                  let value = Double(part), value.isFinite
            else { throw TimeError.malformed(text) }
            if index > 0 && value >= 60 { throw TimeError.malformed(text) }
            seconds = seconds * 60 + value
        }
        seconds /= scale ?? 1
        guard seconds <= largest else {
            throw TimeError.tooLarge(text)
        }
        return Timestamp(seconds: seconds)
    }

    /// The number in a time and what its unit divides it by to make seconds (`1500ms` is 1500 / 1000; nil
    /// without a unit). SRT's `HH:MM:SS,mmm` has its comma made a point.
    private static func unitless(_ text: String) -> (number: String, scale: Double?) {
        for (unit, scale) in [("ms", 1000.0), ("us", 1_000_000.0), ("s", 1.0)] where text.hasSuffix(unit) {
            return (String(text.dropLast(unit.count)), scale)
        }
        let isSRT = text.filter { $0 == ":" }.count == 2 && text.filter { $0 == "," }.count == 1
            && text.split(separator: ",").last?.count == 3 && !text.contains(".")
        return (isSRT ? text.replacingOccurrences(of: ",", with: ".") : text, nil)
    }

    /// Formats seconds as `HH:MM:SS.mmm`, with the separator subtitle formats want before the milliseconds.
    ///
    /// - Parameters:
    ///   - rounding: `.up` for a frame's presentation time, so that the printed time, typed back as
    ///     `--at`, shows that same frame (a 30 fps frame at 48.0333... s prints as 48.034).
    package static func clock(
        _ seconds: Double, millisecondSeparator: Character = ".", rounding: FloatingPointRoundingRule = .toNearestOrEven
    ) -> String {
        let milliseconds = min(max(0, seconds.isNaN ? 0 : seconds), largest) * 1000
        let totalMilliseconds = Int(rounding == .up ? (milliseconds - 1e-6).rounded(.up) : milliseconds.rounded(rounding))
        let hours = totalMilliseconds / 3_600_000
        let minutes = totalMilliseconds / 60_000 % 60
        let secs = totalMilliseconds / 1000 % 60
        let millis = totalMilliseconds % 1000
        return pad(hours, 2) + ":" + pad(minutes, 2) + ":" + pad(secs, 2) + String(millisecondSeparator) + pad(millis, 3)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
