import ArgumentParser
import Foundation

/// `framelens serve`: hands over to `framelens-serve`, the web player built beside this binary, so that
/// the CLI itself does not carry an HTTP server (as `git` runs `git-NAME`).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serves a local web player: pause a video to select and copy the text on its frame, search its slides.",
        discussion: "Run `framelens serve --help` for its options."
    )

    @Argument(parsing: .captureForPassthrough, help: "The videos or folders to serve, then serve's options.")
    var arguments: [String] = []

    func run() throws {
        let binary = Self.serverBinary()
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            printError("serve needs \(binary); build it with `make serve` (swift build -c release --product framelens-serve)")
            throw ExitCode.failure
        }
        let argv = [binary] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        execv(binary, &cArguments)
        printError("cannot run \(binary): \(String(cString: strerror(errno)))")
        throw ExitCode.failure
    }

    /// `framelens-serve` in this executable's folder.
    private static func serverBinary() -> String {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return ((me as NSString).deletingLastPathComponent as NSString).appendingPathComponent("framelens-serve")
    }
}
