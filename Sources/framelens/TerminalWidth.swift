import Foundation

/// The width of the terminal standard error shows on, in columns.
enum TerminalWidth {
    /// The terminal's own width (`TIOCGWINSZ`), else `$COLUMNS`, else 80; read anew each time, so that a
    /// resized window is followed.
    static var current: Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 {
            return columns
        }
        return 80
    }
}
