import ArgumentParser
import FrameLensLibrary

/// `--library FILE`: the library the `library` commands and `search` use.
struct LibraryOption: ParsableArguments {
    @Option(
        help: """
            The library file (default: $FRAMELENS_LIBRARY, else $XDG_DATA_HOME/framelens/library.sqlite, \
            else ~/.local/share/framelens/library.sqlite).
            """,
        completion: .file())
    var library: String?

    /// The library file named, else the default one.
    var path: String { library ?? VideoLibrary.defaultPath() }
}
