import ArgumentParser
import FrameLens
import FrameLensLibrary

/// FrameLens's exit codes; the README's table lists them.
enum ExitStatus: Int32 {
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
    init(_ code: MediaError.Code) {
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

    /// The exit code for a library error.
    init(_ code: LibraryError.Code) {
        self =
            switch code {
            case .noLibrary, .notInLibrary: .fileNotFound
            case .notALibrary: .notALibrary
            case .badQuery: .badQuery
            case .writeFailed: .writeFailed
            default: .failure
            }
    }
}

/// Runs a command's work, turning FrameLens errors into one line on stderr and a distinct exit code.
func reportingErrors(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as MediaError {
        printError(error.message)
        throw ExitCode(ExitStatus(error.code).rawValue)
    } catch let error as AnalysisError {
        printError(error.message)
        throw ExitCode(ExitStatus.analyzerUnavailable.rawValue)
    } catch let error as LibraryError {
        printError(error.message)
        throw ExitCode(ExitStatus(error.code).rawValue)
    }
}

/// A usage error worded by FrameLens: prints it as one line, `framelens: message`, like every other error,
/// and returns the exit code to throw (64, as ArgumentParser's own usage errors, which add the usage text).
func usageError(_ message: String) -> ExitCode {
    printError(message)
    return ExitCode(ExitStatus.usage.rawValue)
}

/// Prints `framelens: message` on standard error (naming standard input as the user did).
func printError(_ message: String) {
    var standardError = StandardError()
    print("framelens: \(StandardInput.shown(message))", to: &standardError)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandleOutput.standardError(string)
    }
}
