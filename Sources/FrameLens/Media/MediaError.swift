/// An error from opening, demuxing, decoding or writing media.
///
/// `code` says what went wrong in terms a user can act on; `message` is the underlying library's own
/// text where there is one, and `operation` the C function that failed.
public struct MediaError: FrameLensError {
    /// What went wrong with a piece of media; new codes may be added.
    public struct Code: FrameLensErrorCode {
        /// The code's name.
        public let rawValue: String

        /// A code with the given name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// No file exists at the path.
        public static let fileNotFound = Code(rawValue: "fileNotFound")
        /// The file has no bytes.
        public static let emptyFile = Code(rawValue: "emptyFile")
        /// The path names a directory, not a video.
        public static let notAFile = Code(rawValue: "notAFile")
        /// The file exists but cannot be read, or reading it stalled.
        public static let unreadable = Code(rawValue: "unreadable")
        /// The file is not a container FFmpeg recognises.
        public static let notMedia = Code(rawValue: "notMedia")
        /// The file has no video stream.
        public static let noVideoStream = Code(rawValue: "noVideoStream")
        /// The requested stream does not exist or is not a video.
        public static let noSuchStream = Code(rawValue: "noSuchStream")
        /// The video is encrypted or otherwise protected.
        public static let protectedContent = Code(rawValue: "protectedContent")
        /// A time lies outside the video.
        public static let timeOutOfRange = Code(rawValue: "timeOutOfRange")
        /// A time is negative, too large or badly written.
        public static let invalidTime = Code(rawValue: "invalidTime")
        /// A frame could not be decoded.
        public static let decodeFailed = Code(rawValue: "decodeFailed")
        /// An output could not be written.
        public static let writeFailed = Code(rawValue: "writeFailed")
        /// Something FrameLens does not handle: a codec without a decoder, an oversized picture, a pipe to index.
        public static let unsupported = Code(rawValue: "unsupported")
        /// Indexes that do not belong together: of different videos, overlapping, or none.
        public static let cannotMerge = Code(rawValue: "cannotMerge")
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
}
