import ArgumentParser
import FrameLens
import Foundation

/// `framelens merge`: joins the JSON indexes of consecutive shards of one video.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Joins the JSON indexes of consecutive time ranges of a video into one index."
    )

    @Argument(
        help: "The shards' JSON indexes (from index --from/--to --format json), in any order.",
        completion: .file(extensions: ["json"]))
    var parts: [String]

    @Option(name: .shortAndLong, help: "The output file, or - for standard output.", completion: .file())
    var output: String

    @Option(help: "\(IndexFormat.names). Default: from the output's extension, else srt.")
    var format: String?

    @OptionGroup var cuePosition: CuePositionOption

    func validate() throws {
        _ = try outputFormat()
    }

    func run() throws {
        let format = try outputFormat()
        do {
            let shards = try parts.map(JSONIndexFile.read)
            let merged = try IndexMerger.merge(shards)
            merged.warnings.forEach { printError("warning: \($0)") }
            try AtomicFile.write(try format.encode(merged, position: try cuePosition.position()), to: output)
        } catch let error as any ReportedError {
            printError(error.message)
            throw ExitCode(error.exitStatus.rawValue)
        }
    }

    private func outputFormat() throws -> IndexFormat {
        try .choose(named: format, output: output, fallback: .srt)
    }
}
