import ArgumentParser
import FrameLens
import Foundation

/// `framelens frame`: writes the exact frame a paused player shows at a time, or at several.
struct FrameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Writes the frame a player paused at a time shows, rotated for display as ffmpeg does."
    )

    @OptionGroup var source: VideoOptions

    @OptionGroup var times: TimesOption

    @Option(name: .shortAndLong, help: """
        The output file, or - for standard output. For several times: a pattern numbered as ffmpeg's \
        (frame-%03d.png: 1, 2, ... in time order) or a folder (frames/ gets frames/00_01_23.456.png).
        """, completion: .file())
    var output: String

    @Option(help: """
        The file format: \(ImageEncoder.FileFormat.names) (RGB24 bytes). Default: from the output's extension, \
        else png.
        """)
    var format: String?

    @OptionGroup var quietness: QuietOption

    func validate() throws {
        _ = try destination()
        _ = try resolvedFormat()
    }

    func run() async throws {
        let destination = try destination()
        let format = try resolvedFormat()
        try await reportingErrors {
            let requested = try times.parsed()
            let player = try VideoPlayer(url: try source.openableVideo(), streamIndex: source.stream)
            for time in requested { try player.checkInRange(time) }
            if case .folder(let folder) = destination { try AtomicFile.createFolder(folder) }
            for (number, time) in requested.enumerated() {
                let picture = try await player.picture(at: time, as: format)
                let path = destination.path(number: number + 1, seconds: time.seconds, format: format)
                try AtomicFile.write(picture.bytes, to: path)
                if path != "-" && !quietness.quiet {
                    print("\(path): frame \(picture.frameNumber) at \(MediaTime.clock(picture.time.seconds, rounding: .up)), \(picture.width)x\(picture.height)")
                }
            }
        }
    }

    private func destination() throws -> FrameDestination {
        try FrameDestination(output, severalFrames: times.asksForSeveral)
    }

    private func resolvedFormat() throws -> ImageEncoder.FileFormat {
        try .choose(named: format, output: try destination().nameForFormat, fallback: .png)
    }
}
