import FrameLens

/// An error from a video library: a missing or unusable database file, or a search query SQLite's FTS5
/// cannot read.
public struct LibraryError: FrameLensError {
    /// What went wrong with a library; new codes may be added.
    public struct Code: FrameLensErrorCode {
        /// The code's name.
        public let rawValue: String

        /// A code with the given name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// No library exists at the path (only adding to a library makes one).
        public static let noLibrary = Code(rawValue: "noLibrary")
        /// The file is not a FrameLens library: not an SQLite database, damaged, another program's database,
        /// or made by a newer FrameLens. It is left as it is.
        public static let notALibrary = Code(rawValue: "notALibrary")
        /// A search query is not FTS5 syntax (an unbalanced quote, a lone operator).
        public static let badQuery = Code(rawValue: "badQuery")
        /// A video to remove is not in the library.
        public static let notInLibrary = Code(rawValue: "notInLibrary")
        /// The library cannot be written (a read-only file, a full disk, another writer holding it too long).
        public static let writeFailed = Code(rawValue: "writeFailed")
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
