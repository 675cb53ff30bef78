import ArgumentParser
import FrameLens

/// The video to open and which of its streams to play.
struct VideoOptions: ParsableArguments {
    @Argument(help: "The video: a file path or any URL FFmpeg reads.")
    var video: String

    @Option(name: .customLong("stream"), help: "The index of the video stream to use (default: the first playable, unprotected one).")
    var stream: Int?
}

/// A time in the video, as the user typed it; parsed in `run()` so that a bad time gets FrameLens's own
/// message and exit code.
struct TimeOption: ParsableArguments {
    @Option(name: .customLong("at"), parsing: .unconditional,
            help: "The time: seconds (12.5), MM:SS(.mmm) or HH:MM:SS(.mmm).")
    var text: String

    /// The time in seconds.
    func seconds() throws(MediaError) -> Double { try MediaTime.parse(text) }
}
