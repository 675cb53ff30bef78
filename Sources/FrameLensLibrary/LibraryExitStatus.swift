import FrameLens

extension LibraryErrorCode: ExitStatusCode {
    package var exitStatus: ExitStatus {
        switch self {
        case .noLibrary, .notInLibrary: .fileNotFound
        case .notALibrary: .notALibrary
        case .badQuery: .badQuery
        case .writeFailed: .writeFailed
        default: .failure
        }
    }
}
