import Foundation
import FrameLensLibrary

/// `--library [FILE]`: the option takes its file only when one follows it; alone (last, or before another
/// option) it names the default library, as `framelens library` finds it. ArgumentParser has no option whose
/// value may be left out, so the command line is completed before it parses it.
enum LibraryArgument {
    /// The arguments with a bare `--library` followed by the default library's path.
    ///
    /// - Parameter environment: the environment the default path is found in (`FRAMELENS_LIBRARY`,
    ///   `XDG_DATA_HOME`, `HOME`).
    static func completed(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String] {
        var completed: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            completed.append(argument)
            if argument == "--" {
                completed += rest  // videos only from here on
                break
            }
            if argument == "--library", rest.first.map({ $0.hasPrefix("-") }) ?? true {
                completed.append(VideoLibrary.defaultPath(environment: environment))
            }
        }
        return completed
    }
}
