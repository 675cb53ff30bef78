import FrameLens

extension ExitStatus {
    /// The exit code for a library error.
    package init(_ code: LibraryError.Code) {
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
