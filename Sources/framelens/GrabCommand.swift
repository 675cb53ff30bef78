import ArgumentParser
import FrameLens

/// `framelens grab`: pause at a time, or at several, and read everything on the frame.
struct GrabCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grab",
        abstract: "Reads the text, codes and data (URLs, e-mail, phone numbers, dates, ...) on the frame shown at a time."
    )

    @OptionGroup var source: VideoOptions

    @OptionGroup var times: TimesOption

    @OptionGroup var analysis: AnalysisOptionGroup

    @Flag(help: "Print the whole analysis as JSON (for several times, an array of them in time order).")
    var json = false

    @Option(
        name: .shortAndLong, help: "Write the report (or the JSON) to this file instead of standard output.",
        completion: .file())
    var output = "-"

    func run() async throws {
        let options = analysis.analysisOptions
        try await reportingErrors {
            let requested = try times.parsed()
            try options.engine.prepare()
            // Tesseract's model loads on the other core while the video opens and seeks.
            async let modelLoaded: Void = options.features.contains(.text)
                ? FrameAnalyzer.shared.prepare(languages: options.languages) : ()
            let player = try VideoPlayer(url: try source.openableVideo(), streamIndex: source.stream)
            try await player.seek(to: requested[0])
            try await modelLoaded
            let analyses = try await player.analyzeFrames(at: requested, options: options)
            let text: String =
                if times.asksForSeveral {
                    json ? try JSONOutput.string(analyses) : GrabReport.text(of: analyses)
                } else {
                    json ? try JSONOutput.string(analyses[0]) : GrabReport(analyses[0]).text
                }
            try AtomicFile.write(Array((text + "\n").utf8), to: output)
        }
    }
}
