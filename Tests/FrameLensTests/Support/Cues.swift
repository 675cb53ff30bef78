import Foundation

/// Subtitle cues as ffmpeg reads them back: start and end in seconds.
enum SubtitleOracle {
    struct Cue: Equatable {
        let start: Double
        let end: Double
    }

    /// The cues of an SRT or WebVTT file, decoded by ffmpeg (which fails on a malformed file).
    static func cues(of path: String) throws -> [Cue] {
        let result = try Command.run("ffprobe", [
            "-v", "error", "-show_entries", "packet=pts_time,duration_time", "-of", "csv=p=0", path,
        ])
        guard result.status == 0, result.errorText.isEmpty else {
            throw CommandFailure(command: "ffprobe", output: result.errorText)
        }
        return result.text.split(separator: "\n").map { line in
            let fields = line.split(separator: ",").compactMap { Double($0) }
            return Cue(start: fields[0], end: fields[0] + fields[1])
        }
    }
}

extension SampleTruth.Slide {
    /// A cue time in milliseconds as FrameLens writes it: the frame's time rounded up.
    static func milliseconds(frame: Int) -> Double {
        (Double(frame) / 30 * 1000 - 1e-6).rounded(.up) / 1000
    }
}
