/// An error from the frame analyzer: a missing Tesseract language, a frame that cannot be analysed, a
/// player that is not paused, or an analysis overtaken by a change of the displayed frame.
public struct AnalysisError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Equatable {
        case languageNotInstalled
        case engineFailed
        case notPaused
        case stale
        case invalidRegion
    }

    /// What went wrong.
    public let code: Code
    /// A one-line, human-readable explanation naming the problem.
    public let message: String
    /// The C function that failed, if any.
    public let operation: String?

    /// An error with its code, its one-line message and the C function that failed, if any.
    public init(_ code: Code, _ message: String, operation: String? = nil) {
        self.code = code
        self.message = message
        self.operation = operation
    }

    public var description: String { message }
}
