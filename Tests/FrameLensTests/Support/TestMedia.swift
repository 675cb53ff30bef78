import Foundation
import FrameLens

/// Test videos: the bundled sample, the committed fixtures, and videos made by ffmpeg on first use.
enum TestMedia {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `Samples/lecture.mp4`.
    static let sample = repositoryRoot.appendingPathComponent("Samples/lecture.mp4").path

    /// A committed fixture, by its path under `Tests/FrameLensTests/Fixtures`.
    static func fixture(_ name: String) -> String {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures/\(name)").path
    }

    /// A directory for this test process's files.
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("framelens-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// A fresh path in the test directory.
    static func path(_ name: String) -> String {
        directory.appendingPathComponent("\(UUID().uuidString.prefix(8))-\(name)").path
    }

    /// A video that ffmpeg makes from `arguments` (inputs, filters, codec), once and kept while its recipe holds
    /// (`FixtureCache`).
    static func make(_ name: String, _ arguments: [String]) throws -> String {
        try FixtureCache.fixture(name, recipe: arguments) { try ffmpeg(arguments + [$0]) }
    }

    /// Runs ffmpeg quietly, overwriting outputs; throws with its stderr when it fails.
    static func ffmpeg(_ arguments: [String]) throws {
        let result = try FixtureClock.timed("video", arguments.last ?? "") {
            try Command.run("ffmpeg", ["-nostdin", "-v", "error", "-y"] + arguments)
        }
        guard result.status == 0 else { throw CommandFailure(command: "ffmpeg", output: result.errorText) }
    }

    /// ffmpeg's own RGB24 frame: the first frame at or after `seconds`.
    static func ffmpegFrame(_ video: String, at seconds: Double, extra: [String] = []) throws -> [UInt8] {
        let result = try FixtureClock.timed("oracle", video) {
            try Command.run(
                "ffmpeg",
                ["-nostdin", "-v", "error", "-ss", String(format: "%.6f", seconds), "-i", video] + extra
                    + ["-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        }
        guard result.status == 0 else { throw CommandFailure(command: "ffmpeg", output: result.errorText) }
        return result.output
    }

    /// ffmpeg's RGB24 frame with this index in display order, decoding from the start.
    static func ffmpegFrame(_ video: String, number: Int) throws -> [UInt8] {
        let result = try FixtureClock.timed("oracle", video) {
            try Command.run(
                "ffmpeg",
                ["-nostdin", "-v", "error", "-i", video, "-vf", "select=eq(n\\,\(number))", "-frames:v", "1",
                 "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        }
        guard result.status == 0 else { throw CommandFailure(command: "ffmpeg", output: result.errorText) }
        return result.output
    }

    /// ffmpeg's RGB24 frames with these indexes in display order, decoding from the start.
    static func ffmpegFrames(_ video: String, numbers: ClosedRange<Int>, width: Int, height: Int) throws -> [[UInt8]] {
        let result = try FixtureClock.timed("oracle", video) {
            try Command.run(
                "ffmpeg",
                ["-nostdin", "-v", "error", "-i", video, "-vf", "select=between(n\\,\(numbers.lowerBound)\\,\(numbers.upperBound))",
                 "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        }
        guard result.status == 0 else { throw CommandFailure(command: "ffmpeg", output: result.errorText) }
        let size = width * height * 3
        return stride(from: 0, to: result.output.count, by: size).map { Array(result.output[$0..<min($0 + size, result.output.count)]) }
    }

    /// The installed Tesseract languages as the tesseract CLI lists them (the oracle), sorted and
    /// comma-separated, `osd` left out.
    static func installedLanguages() throws -> String {
        let result = try Command.run("tesseract", ["--list-langs"])
        let names = String(decoding: result.output, as: UTF8.self).split(separator: "\n").dropFirst()
        return names.map(String.init).filter { $0 != "osd" }.sorted().joined(separator: ", ")
    }

    // MARK: - Videos made by ffmpeg

    /// 320x240 H.264 with B-frames, 25 fps, 4 s, GOP 50, a picture that changes every frame.
    static func counter() throws -> String {
        try make("counter.mp4", [
            "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=4", "-c:v", "libx264", "-bf", "3", "-g", "50",
            "-sc_threshold", "0", "-pix_fmt", "yuv420p",
        ])
    }

    /// The same picture in other codecs, containers and pixel formats.
    static func variant(_ name: String) throws -> String {
        let source = ["-f", "lavfi", "-i", "testsrc2=s=322x242:r=30:d=3"]
        switch name {
        case "vp9.webm": return try make(name, source + ["-c:v", "libvpx-vp9", "-b:v", "300k", "-g", "40"])
        case "mpeg2.ts": return try make(name, source + ["-c:v", "mpeg2video", "-q:v", "4", "-g", "15", "-bf", "2"])
        case "yuv444.mkv": return try make(name, source + ["-c:v", "libx264", "-pix_fmt", "yuv444p", "-g", "30"])
        case "10bit.mkv": return try make(name, source + ["-c:v", "libx264", "-pix_fmt", "yuv420p10le", "-g", "30"])
        case "mjpeg.avi": return try make(name, source + ["-c:v", "mjpeg", "-q:v", "3"])
        case "bt709.mp4":
            return try make(name, source + [
                "-c:v", "libx264", "-pix_fmt", "yuv420p", "-colorspace", "bt709", "-color_primaries", "bt709",
                "-color_trc", "bt709", "-g", "30",
            ])
        default: fatalError("unknown variant \(name)")
        }
    }

    /// `counter()` with a display matrix asking for a clockwise rotation.
    static func rotated(_ degrees: Int) throws -> String {
        let counter = try counter()
        return try FixtureCache.fixture("rotated\(degrees).mp4", recipe: [counter, "clockwise \(degrees)"]) { path in
            var bytes = try Data(contentsOf: URL(fileURLWithPath: counter))
            try DisplayMatrix.write(clockwise: degrees, into: &bytes)
            try bytes.write(to: URL(fileURLWithPath: path))
        }
    }

    /// Audio only: two seconds of a sine tone.
    static func audioOnly() throws -> String {
        try make("audio.m4a", ["-f", "lavfi", "-i", "sine=d=2", "-c:a", "aac"])
    }

    /// An MP3 whose only picture is its cover art (an attached picture, not a video).
    static func coverArtOnly() throws -> String {
        let cover = try make("cover.png", ["-f", "lavfi", "-i", "color=red:s=64x64", "-frames:v", "1"])
        return try make("cover.mp3", [
            "-f", "lavfi", "-i", "sine=d=2", "-i", cover, "-map", "0", "-map", "1", "-c:a", "libmp3lame",
            "-c:v", "png", "-disposition:v", "attached_pic",
        ])
    }
}

/// A failed external command.
struct CommandFailure: Error, CustomStringConvertible {
    let command: String
    let output: String
    var description: String { "\(command) failed: \(output)" }
}

/// How many bytes of two images differ (and a size mismatch counts as all of them), so that a failed
/// pixel comparison reports a number, not two megabytes of bytes.
func differingBytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
    guard a.count == b.count else { return max(a.count, b.count) }
    return zip(a, b).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
}
