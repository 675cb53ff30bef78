import ArgumentParser

/// The `framelens` command: reads the text and codes on the frame a paused video shows.
@main
struct FrameLensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "framelens",
        abstract: "Reads the text and the codes on the frame a paused video shows.",
        version: "0.1.0",
        subcommands: [
            GrabCommand.self, IndexCommand.self, FrameCommand.self, ProbeCommand.self, LangsCommand.self,
            MergeCommand.self, ServeCommand.self,
        ]
    )

}
