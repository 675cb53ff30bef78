import ArgumentParser
import FrameLens
import Foundation

/// `framelens index`: a whole video's on-screen text as subtitle-like cues.
struct IndexCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Indexes a video's on-screen text: one cue per distinct slide or caption, as SRT, WebVTT or JSON."
    )

    @Argument(help: "The video (a file path or any URL FFmpeg reads), or a folder of videos.")
    var video: String

    @Option(name: .shortAndLong, help: "The output file, - for standard output, or a folder when indexing a folder.")
    var output: String

    @Option(help: "\(IndexFormat.names). Default: from the output's extension, else srt.")
    var format: String?

    @Option(help: "The index of the video stream to use (default: the first playable, unprotected one).")
    var stream: Int?

    @Option(help: "Seconds between the frames compared for changes.")
    var interval: Double = 0.5

    @Option(parsing: .unconditional, help: "Index from this time on (seconds, MM:SS(.mmm) or HH:MM:SS(.mmm)).")
    var from: String?

    @Option(parsing: .unconditional, help: "Index up to this time.")
    var to: String?

    @OptionGroup var analysis: AnalysisOptionGroup

    @Flag(help: "Print machine-readable progress lines on standard error.")
    var progress = false

    func validate() throws {
        guard interval > 0, interval.isFinite else { throw ValidationError("--interval must be a positive number of seconds") }
        _ = try outputFormat()
    }

    func run() async throws {
        let analysisOptions = try analysis.analysisOptions()
        let format = try outputFormat()
        Interruption.install()
        try await reportingErrors {
            let options = VideoIndexer.Options(
                analysis: analysisOptions, interval: interval, from: try from.map(MediaTime.parse),
                to: try to.map(MediaTime.parse), streamIndex: stream)
            if isFolder {
                try await indexFolder(options, format: format)
            } else {
                try await indexVideo(video, options: options, to: output, format: format)
            }
        }
    }

    private var isFolder: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: video, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// `--format`, else `-o`'s extension (not a folder's), else SRT.
    private func outputFormat() throws -> IndexFormat {
        try .choose(named: format, output: isFolder ? "-" : output, fallback: .srt)
    }

    /// Indexes one video and writes its index atomically; an interruption still writes what was indexed.
    private func indexVideo(_ path: String, options: VideoIndexer.Options, to output: String, format: IndexFormat) async throws {
        let indexer = try VideoIndexer(url: path, options: options)
        let reporter = ProgressReporter(machineReadable: progress)
        let index = try await indexer.run(progress: reporter.report, isCancelled: Interruption.isRequested)
        reporter.finish(index)
        index.warnings.forEach { printError("warning: \($0)") }
        try AtomicFile.write(try format.encode(index), to: output)
        if let signal = Interruption.receivedSignal {
            printError("interrupted at \(MediaTime.clock(index.to)); wrote \(index.cues.count) cues to \(output)")
            throw ExitCode(128 + signal)
        }
    }

    /// Indexes every video in a folder into OUTPUT/NAME.FORMAT; other files are skipped, and a video that
    /// fails does not stop the others (the exit code is the first failure's).
    private func indexFolder(_ options: VideoIndexer.Options, format chosen: IndexFormat) async throws {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: video).filter { !$0.hasPrefix(".") }.sorted()
        var firstFailure: Int32?
        for name in names {
            let path = (video as NSString).appendingPathComponent(name)
            let target = (output as NSString).appendingPathComponent(
                ((name as NSString).deletingPathExtension as NSString).appendingPathExtension(chosen.fileExtension)!)
            do {
                try await indexVideo(path, options: options, to: target, format: chosen)
                print("\(path) -> \(target)")
            } catch let error as MediaError where error.code == .notMedia || error.code == .emptyFile {
                printError("skipping \(path): not a video")
            } catch let error as MediaError {
                printError("skipping \(path): \(error.message)")
                firstFailure = firstFailure ?? ExitStatus(error.code).rawValue
            }
            if Interruption.receivedSignal != nil { break }
        }
        if let firstFailure { throw ExitCode(firstFailure) }
    }
}
