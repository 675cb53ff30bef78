/// FrameLens's exit codes, shared by `framelens` and `framelens-serve`; docs/exit-codes.md lists them.
package enum ExitStatus: Int32 {
    case failure = 1
    /// `search`: the query is not FTS5 syntax.
    case badQuery = 2
    case fileNotFound = 3
    case notMedia = 4
    case noVideoStream = 5
    case protectedContent = 6
    case timeOutOfRange = 7
    case decodeFailed = 8
    case writeFailed = 9
    case analyzerUnavailable = 10
    case cannotMerge = 11
    /// `index`: the video broke off (truncated or damaged); the index up to there is written, incomplete.
    case incomplete = 12
    /// The library file is not a FrameLens library (not a database, damaged, another program's, newer).
    case notALibrary = 13
    case usage = 64
    case interrupted = 130
}

/// An error code that stands for one of FrameLens's exit codes.
package protocol ExitStatusCode: FrameLensErrorCode {
    /// The exit code a command fails with on an error of this code; a code newer than the table exits 1.
    var exitStatus: ExitStatus { get }
}

/// An error as `framelens` and `framelens-serve` report it: its one-line message, and the exit code its code
/// stands for.
package protocol ReportedError: Error {
    /// The one line printed after `framelens: `.
    var message: String { get }
    /// The exit code.
    var exitStatus: ExitStatus { get }
}

extension FrameLensError: ReportedError where DomainCode: ExitStatusCode {
    package var exitStatus: ExitStatus { code.exitStatus }
}

extension MediaErrorCode: ExitStatusCode {
    package var exitStatus: ExitStatus {
        switch self {
        case .fileNotFound, .notAFile, .unreadable: .fileNotFound
        case .emptyFile, .notMedia: .notMedia
        case .noVideoStream, .noSuchStream: .noVideoStream
        case .protectedContent: .protectedContent
        case .timeOutOfRange: .timeOutOfRange
        case .decodeFailed, .unsupported: .decodeFailed
        default: .failure
        }
    }
}

extension TimeErrorCode: ExitStatusCode {
    /// Every time error: a time that is not a time, negative or too large, as one past the video's end.
    package var exitStatus: ExitStatus { .timeOutOfRange }
}

extension OutputErrorCode: ExitStatusCode {
    package var exitStatus: ExitStatus {
        switch self {
        case .writeFailed, .encodeFailed: .writeFailed
        case .unsupported: .decodeFailed
        case .incompleteIndex: .notMedia
        default: .failure
        }
    }
}

extension MergeErrorCode: ExitStatusCode {
    /// Every merge error: the indexes do not belong together.
    package var exitStatus: ExitStatus { .cannotMerge }
}

extension AnalysisErrorCode: ExitStatusCode {
    /// Every analysis error: OCR is unavailable (a missing language or engine, an engine that fails).
    package var exitStatus: ExitStatus { .analyzerUnavailable }
}
