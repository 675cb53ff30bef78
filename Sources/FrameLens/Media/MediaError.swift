/// An error from opening, demuxing, decoding or writing media.
///
/// `code` says what went wrong in terms a user can act on; `message` is the underlying library's own
/// text where there is one, and `operation` the C function that failed.
public struct MediaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Equatable {
        case fileNotFound
        case emptyFile
        case notAFile
        case unreadable
        case notMedia
        case noVideoStream
        case noSuchStream
        case protectedContent
        case timeOutOfRange
        case invalidTime
        case decodeFailed
        case writeFailed
        case unsupported
        /// Indexes that do not belong together: of different videos, overlapping, or none.
        case cannotMerge
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
