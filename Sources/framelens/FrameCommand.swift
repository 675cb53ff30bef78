import ArgumentParser
import FrameLens
import Foundation

/// `framelens frame`: writes the exact frame a paused player shows at a time.
struct FrameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Writes the frame a player paused at a time shows, rotated for display as ffmpeg does."
    )

    @OptionGroup var source: VideoOptions

    @OptionGroup var time: TimeOption

    @Option(name: .shortAndLong, help: "The output file, or - for standard output.")
    var output: String

    @Option(help: """
        The file format: \(ImageEncoder.FileFormat.names) (RGB24 bytes). Default: from the output's extension, \
        else png.
        """)
    var format: String?

    func validate() throws {
        _ = try resolvedFormat()
    }

    func run() async throws {
        let format = try resolvedFormat()
        try await reportingErrors {
            let player = try VideoPlayer(url: source.video, streamIndex: source.stream)
            try await player.seek(to: try time.seconds())
            guard let frame = await player.currentlyDisplayedFrame else { return }
            let image = try FrameRenderer.render(frame, as: .rgb24)
            try AtomicFile.write(try ImageEncoder.encode(image, as: format), to: output)
            if output != "-" {
                print("\(output): frame \(frame.frameNumber) at \(MediaTime.clock(frame.time, rounding: .up)), \(image.width)x\(image.height)")
            }
        }
    }

    private func resolvedFormat() throws -> ImageEncoder.FileFormat {
        try .choose(named: format, output: output, fallback: .png)
    }
}
