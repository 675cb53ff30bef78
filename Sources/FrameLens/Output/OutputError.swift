/// An error from making or writing an output: an image, a subtitle file, the slides' pictures or PDF.
///
/// A file that cannot be written says so with the system's reason (`cannot write PATH: read-only file
/// system`); `operation` names the FFmpeg function when an encoder fails.
public typealias OutputError = FrameLensError<OutputErrorCode>

/// What went wrong with an output; new codes may be added.
public struct OutputErrorCode: FrameLensErrorCode {
    /// The code's name.
    public let rawValue: String

    /// A code with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A file or folder cannot be written: a missing or read-only folder, a full disk, or a path that would
    /// overwrite an input.
    public static let writeFailed = OutputErrorCode(rawValue: "writeFailed")
    /// An image encoder failed (out of memory, or FFmpeg's encoder refused the picture).
    public static let encodeFailed = OutputErrorCode(rawValue: "encodeFailed")
    /// This FFmpeg cannot make the format asked for: it lacks the encoder, or cannot convert the picture.
    public static let unsupported = OutputErrorCode(rawValue: "unsupported")
    /// The index does not record what the format needs: ASS needs the picture's size, which an index written
    /// before it was kept lacks.
    public static let incompleteIndex = OutputErrorCode(rawValue: "incompleteIndex")
}

// MARK: - Messages

extension OutputError {
    /// `cannot write PATH: REASON`: `.writeFailed`.
    ///
    /// - Parameter reason: what the system said, as a clause (`read-only file system`).
    static func cannotWrite(_ path: String, _ reason: String) -> OutputError {
        OutputError(.writeFailed, "cannot write \(path): \(reason)")
    }

    /// `cannot create the folder PATH: REASON`: `.writeFailed`.
    static func cannotCreateFolder(_ path: String, _ reason: String) -> OutputError {
        OutputError(.writeFailed, "cannot create the folder \(path): \(reason)")
    }
}
