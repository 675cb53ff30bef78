import ArgumentParser
import FrameLens

/// `framelens grab`: pause at a time and read everything on the frame.
struct GrabCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grab",
        abstract: "Reads the text, codes and data (URLs, e-mail, phone numbers, dates, ...) on the frame shown at a time."
    )

    @OptionGroup var source: VideoOptions

    @OptionGroup var time: TimeOption

    @OptionGroup var analysis: AnalysisOptionGroup

    @Flag(help: "Print the whole analysis as JSON.")
    var json = false

    func run() async throws {
        let options = try analysis.analysisOptions()
        try await reportingErrors {
            // Tesseract's model loads on the other core while the video opens and seeks.
            async let modelLoaded: Void = options.features.contains(.text)
                ? FrameAnalyzer.shared.prepare(languages: options.languages) : ()
            let player = try VideoPlayer(url: source.video, streamIndex: source.stream)
            try await player.seek(to: try time.seconds())
            try await modelLoaded
            let result = try await player.analyzeCurrentFrame(options: options)
            print(json ? try JSONOutput.string(result) : GrabReport(result).text)
        }
    }
}
