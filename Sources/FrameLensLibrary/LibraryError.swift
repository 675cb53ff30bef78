import FrameLens

/// An error from a video library: a missing or unusable database file, or a search query SQLite's FTS5
/// cannot read.
public typealias LibraryError = FrameLensError<LibraryErrorCode>

/// What went wrong with a library; new codes may be added.
public struct LibraryErrorCode: FrameLensErrorCode {
    /// The code's name.
    public let rawValue: String

    /// A code with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// No library exists at the path (only adding to a library makes one).
    public static let noLibrary = LibraryErrorCode(rawValue: "noLibrary")
    /// The file is not a FrameLens library: not an SQLite database, damaged, another program's database,
    /// or made by a newer FrameLens. It is left as it is.
    public static let notALibrary = LibraryErrorCode(rawValue: "notALibrary")
    /// A search query is not FTS5 syntax (an unbalanced quote, a lone operator).
    public static let badQuery = LibraryErrorCode(rawValue: "badQuery")
    /// A video to remove is not in the library.
    public static let notInLibrary = LibraryErrorCode(rawValue: "notInLibrary")
    /// The library cannot be written (a read-only file, a full disk, another writer holding it too long).
    public static let writeFailed = LibraryErrorCode(rawValue: "writeFailed")
}
