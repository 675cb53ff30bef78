import ArgumentParser
import FrameLens

/// The video to open and which of its streams to play.
struct VideoOptions: ParsableArguments {
    @Argument(help: "The video: a file path or any URL FFmpeg reads.")
    var video: String

    @Option(name: .customLong("stream"), help: "The index of the video stream to use (default: the first playable, unprotected one).")
    var stream: Int?
}

/// A time in the video, as the user typed it.
struct TimeArgument: ExpressibleByArgument {
    let seconds: Double

    init?(argument: String) {
        guard let seconds = try? MediaTime.parse(argument) else { return nil }
        self.seconds = seconds
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
