import ArgumentParser
@_spi(Diagnostics) @_spi(Process) import FrameLens

/// The `framelens` command: reads the text and codes on the frame a paused video shows.
@main
struct FrameLensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "framelens",
        abstract: "Reads the text and the codes on the frame a paused video shows.",
        version: "0.1.0",
        subcommands: [
            GrabCommand.self, IndexCommand.self, FrameCommand.self, ProbeCommand.self, LangsCommand.self,
            MergeCommand.self, ServeCommand.self, LibraryCommand.self, SearchCommand.self,
        ]
    )

    /// Runs the command line as ArgumentParser does, except that a usage error is one line, as every other
    /// error (`framelens: missing expected argument '--output <output>' (see 'framelens index --help')`), and a
    /// misspelt command gets a suggestion.
    static func main() async {
        HeapArenas.cap()
        CostLedger.reportAtExit()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let problem = UsageErrors.unknownCommand(arguments, known: commandNames) {
            printError(problem)
            Self.exit(withError: ExitCode(ExitStatus.usage.rawValue))
        }
        do {
            var command = try await asyncParseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // FrameLens's own usage errors are printed already and come as an exit code, without a message.
            let text = message(for: error)
            guard exitCode(for: error) == .validationFailure, !text.isEmpty else { Self.exit(withError: error) }
            let command = arguments.first.flatMap { commandNames.contains($0) ? $0 : nil }
            printError(UsageErrors.line(text, help: command))
            Self.exit(withError: ExitCode(ExitStatus.usage.rawValue))
        }
    }

    /// The subcommands' names, and `help`.
    private static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    }
}
