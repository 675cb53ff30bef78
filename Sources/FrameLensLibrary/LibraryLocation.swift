import Foundation

extension VideoLibrary {
    /// The library file used when none is named: `FRAMELENS_LIBRARY`, else
    /// `$XDG_DATA_HOME/framelens/library.sqlite`, else `~/.local/share/framelens/library.sqlite`.
    ///
    /// - Parameter environment: the process's environment variables.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let path = environment["FRAMELENS_LIBRARY"], !path.isEmpty { return path }
        // The XDG Base Directory specification: a relative XDG_DATA_HOME is invalid and ignored.
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".local/share")
        return (data as NSString).appendingPathComponent("framelens/library.sqlite")
    }
}
