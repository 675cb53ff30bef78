import ArgumentParser
import FrameLens
import Foundation

/// `framelens probe`: what a video file holds.
struct ProbeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Prints a video's container, duration and streams, marking protected streams."
    )

    @Argument(help: "The video: a file path, - for standard input, or any URL FFmpeg reads.", completion: .file())
    var video: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() async throws {
        try await reportingErrors {
            let info = try MediaInfo.probe(try StandardInput.openable(video))
            print(StandardInput.shown(json ? try JSONOutput.string(info) : Self.describe(info)))
        }
    }

    static func describe(_ info: MediaInfo) -> String {
        var lines = [
            "\(info.url): \(info.containerLongName) (\(info.container))"
                + ", duration " + (info.duration.map { MediaTime.clock($0.seconds) } ?? "unknown")
                + (info.bitRate.map { ", \($0 / 1000) kb/s" } ?? "")
        ]
        for stream in info.streams {
            var parts = ["  #\(stream.index)", stream.kind.rawValue, stream.codec]
            if let tag = stream.codecTag { parts.append("(\(tag))") }
            if let width = stream.width, let height = stream.height { parts.append("\(width)x\(height)") }
            if let sar = stream.sampleAspectRatio { parts.append("SAR \(sar.numerator):\(sar.denominator)") }
            if let rate = stream.frameRate { parts.append("\(Self.frameRate(rate)) fps") }
            if stream.rotation != 0 { parts.append("rotated \(stream.rotation)°") }
            if stream.isAttachedPicture { parts.append("attached picture") }
            if stream.isProtected { parts.append("PROTECTED (\(stream.protection ?? "encrypted"))") }
            lines.append(parts.joined(separator: " "))
        }
        return lines.joined(separator: "\n")
    }

    /// A frame rate as ffmpeg prints it: to the hundredth unless whole (`29.97`, `30`, `12.50`).
    static func frameRate(_ rate: Double) -> String {
        let hundredths = Int((rate * 100).rounded())
        return hundredths % 100 != 0 ? String(format: "%.2f", rate) : String(hundredths / 100)
    }
}
