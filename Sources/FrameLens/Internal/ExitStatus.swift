/// FrameLens's exit codes, shared by `framelens` and `framelens-serve`; the README's table lists them.
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

    /// The exit code for a media error; a code newer than this table exits 1, as any other failure.
    package init(_ code: MediaError.Code) {
        self =
            switch code {
            case .fileNotFound, .notAFile, .unreadable: .fileNotFound
            case .emptyFile, .notMedia: .notMedia
            case .noVideoStream, .noSuchStream: .noVideoStream
            case .protectedContent: .protectedContent
            case .timeOutOfRange, .invalidTime: .timeOutOfRange
            case .decodeFailed, .unsupported: .decodeFailed
            case .writeFailed: .writeFailed
            case .cannotMerge: .cannotMerge
            default: .failure
            }
    }
}
