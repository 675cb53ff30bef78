/// An error from opening, demuxing or decoding media.
///
/// `code` says what went wrong in terms a user can act on; `message` is the underlying library's own
/// text where there is one, and `operation` the C function that failed.
public typealias MediaError = FrameLensError<MediaErrorCode>

/// What went wrong with a piece of media; new codes may be added.
public struct MediaErrorCode: FrameLensErrorCode {
    /// The code's name.
    public let rawValue: String

    /// A code with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// No file exists at the path.
    public static let fileNotFound = MediaErrorCode(rawValue: "fileNotFound")
    /// The file has no bytes.
    public static let emptyFile = MediaErrorCode(rawValue: "emptyFile")
    /// The path names a directory, not a video.
    public static let notAFile = MediaErrorCode(rawValue: "notAFile")
    /// The file exists but cannot be read, or reading it stalled.
    public static let unreadable = MediaErrorCode(rawValue: "unreadable")
    /// The file is not a container FFmpeg recognises.
    public static let notMedia = MediaErrorCode(rawValue: "notMedia")
    /// The file has no video stream.
    public static let noVideoStream = MediaErrorCode(rawValue: "noVideoStream")
    /// The requested stream does not exist or is not a video.
    public static let noSuchStream = MediaErrorCode(rawValue: "noSuchStream")
    /// The video is encrypted or otherwise protected.
    public static let protectedContent = MediaErrorCode(rawValue: "protectedContent")
    /// A time lies outside the video.
    public static let timeOutOfRange = MediaErrorCode(rawValue: "timeOutOfRange")
    /// A frame could not be decoded.
    public static let decodeFailed = MediaErrorCode(rawValue: "decodeFailed")
    /// Something FrameLens does not handle: a codec without a decoder, an oversized picture, a pipe to index.
    public static let unsupported = MediaErrorCode(rawValue: "unsupported")
}
