/// An error from a time itself, before any video is asked about it: text that is not a time, or a time no
/// clock holds (negative, or past `1,000,000,000` seconds).
///
/// A time outside a particular video is a ``MediaError`` (`.timeOutOfRange`) instead.
public typealias TimeError = FrameLensError<TimeErrorCode>

/// What is wrong with a time; new codes may be added.
public struct TimeErrorCode: FrameLensErrorCode {
    /// The code's name.
    public let rawValue: String

    /// A code with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The text is not a time: not seconds (`12.5`, `15s`, `1500ms`), `MM:SS(.mmm)` or `HH:MM:SS(.mmm)`.
    public static let malformed = TimeErrorCode(rawValue: "malformed")
    /// The time is before 0, or an interval is not positive.
    public static let negative = TimeErrorCode(rawValue: "negative")
    /// The time is past the largest one FrameLens takes, 1,000,000,000 seconds (about 31 years).
    public static let tooLarge = TimeErrorCode(rawValue: "tooLarge")
    /// A list of times holds none: a file of times with only blank lines and comments.
    public static let noTimes = TimeErrorCode(rawValue: "noTimes")
}

// MARK: - Messages

extension TimeError {
    /// `time 'TEXT' is not seconds (...)`: `.malformed`.
    static func malformed(_ text: String) -> TimeError {
        TimeError(.malformed, "time '\(text)' is not seconds (12.5, 15s, 1500ms), MM:SS(.mmm) or HH:MM:SS(.mmm)")
    }

    /// `time TEXT is negative; times start at 0`: `.negative`.
    static func negative(_ text: String) -> TimeError {
        TimeError(.negative, "time \(text) is negative; times start at 0")
    }

    /// `time 'TEXT' is too large (at most ... seconds)`: `.tooLarge`.
    static func tooLarge(_ text: String) -> TimeError {
        TimeError(.tooLarge, "time '\(text)' is too large (at most \(Int(MediaTime.largest)) seconds)")
    }

    /// `the NAME SECONDS is not a time (0 to ... seconds)`: `.negative` or `.tooLarge`, as `seconds` is.
    ///
    /// - Parameter name: what the time is, such as `start time`.
    static func unheld(_ name: String, _ seconds: Double) -> TimeError {
        TimeError(
            seconds < 0 ? .negative : .tooLarge,
            "the \(name) \(seconds) is not a time (0 to \(Int(MediaTime.largest)) seconds)")
    }

    /// `the interval SECONDS is not a positive time (at most ... seconds)`: `.negative` or `.tooLarge`.
    static func interval(_ seconds: Double) -> TimeError {
        TimeError(
            seconds > 0 ? .tooLarge : .negative,
            "the interval \(seconds) is not a positive time (at most \(Int(MediaTime.largest)) seconds)")
    }

    /// `the times file PATH lists no time`: `.noTimes`.
    package static func noTimes(inFile path: String) -> TimeError {
        TimeError(.noTimes, "the times file \(path) lists no time")
    }
}
