import ArgumentParser
import FrameLens
import Foundation

/// `framelens index`: a whole video's on-screen text as subtitle-like cues.
struct IndexCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: """
            Indexes a video's on-screen text: one cue per distinct slide or caption, as SRT, WebVTT, ASS, JSON, a \
            transcript, Markdown or a searchable PDF of the slides.
            """,
        discussion: "VIDEO may also be a folder: each video in it is indexed into the folder -o names."
    )

    @OptionGroup var source: VideoOptions

    @Option(
        name: .shortAndLong, help: "The output file, - for standard output, or a folder when indexing a folder.",
        completion: .file())
    var output: String

    @Option(help: """
        \(IndexOutput.names) (a searchable PDF, a page per cue). Default: from the output's extension, else srt.
        """)
    var format: String?

    @Option(
        help: "A folder to write each cue's picture into, as the frame it was read from (0001-00_01_23.456.png).",
        completion: .directory)
    var slides: String?

    @Option(help: "The format of the --slides pictures: \(SlideImageFormat.names).")
    var imageFormat: String?

    @Option(help: "The time between the frames compared for changes (seconds, or 250ms).")
    var interval: String = "0.5"

    @Option(parsing: .unconditional, help: "Index from this time on (as --at takes: 90, 1500ms, 1:30, 00:01:30,000).")
    var from: String?

    @Option(parsing: .unconditional, help: "Index up to this time.")
    var to: String?

    @Option(help: """
        What finds captions over moving pictures: rules (text strokes that appear in one frame and hold while \
        the picture moves) or detector (PP-OCR's learned text detector on every sample, its lines followed over \
        time: it also finds captions that fade in or build up word by word; slower, and needs PP-OCR installed).
        """)
    var captionFinder: CaptionFinder = .rules

    @OptionGroup var cuePosition: CuePositionOption

    @OptionGroup var analysis: AnalysisOptionGroup

    @Flag(help: "Print machine-readable progress lines on standard error.")
    var progress = false

    @OptionGroup var quietness: QuietOption

    func validate() throws {
        _ = try intervalTime()
        _ = try outputFormat()
        _ = try slideImageFormat()
        if slides == "-" { throw usageError("--slides names a folder to write the pictures into, not standard output") }
        if isFolder { try checkFolderOutput() }
        if progress && quietness.quiet { throw usageError("--progress prints progress, --quiet silences it: give one") }
    }

    /// A folder's indexes go into a folder: `-o -` or `-o all.srt` would make a folder of that name.
    private func checkFolderOutput() throws {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory)
        if output == "-" || (exists && !isDirectory.boolValue)
            || (!exists && IndexOutput(pathExtension: (output as NSString).pathExtension) != nil)
        {
            throw usageError(
                "\(video) is a folder: -o names a folder to write one index per video into (-o indexes/), not \(output == "-" ? "standard output" : "the file \(output)")")
        }
    }

    func run() async throws {
        let analysisOptions = analysis.analysisOptions
        let format = try outputFormat()
        let imageFormat = try slideImageFormat()
        Interruption.install()
        try await reportingErrors {
            try analysisOptions.engine.prepare()
            let options = VideoIndexer.Options(
                analysis: analysisOptions, interval: try intervalTime(), from: try from.map(Self.time),
                to: try to.map(Self.time), streamIndex: source.stream, captionFinder: captionFinder)
            let outputs = Outputs(
                format: format, position: try cuePosition.position(), slides: slides, imageFormat: imageFormat)
            if isFolder {
                try await indexFolder(options, outputs)
            } else {
                let index = try await indexVideo(try source.openableVideo(), options: options, to: output, outputs)
                if !index.complete { throw ExitCode(ExitStatus.incomplete.rawValue) }
            }
        }
    }

    /// What to write beside the index: its format, and where the cues' pictures go, in which format.
    private struct Outputs {
        let format: IndexOutput
        let position: IndexFormat.CuePosition
        let slides: String?
        let imageFormat: SlideImageFormat
    }

    private func intervalTime() throws -> Timestamp {
        guard let time = try? MediaTime.parse(interval), time > .zero else {
            throw usageError("--interval must be a positive time (0.5, 250ms)")
        }
        return time
    }

    /// A time as `--from` and `--to` take it, to the microsecond.
    private static func time(_ text: String) throws(TimeError) -> Timestamp {
        try MediaTime.parse(text)
    }

    /// The video or folder named.
    private var video: String { source.video }

    private var isFolder: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: video, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// `--format`, else `-o`'s extension (not a folder's), else SRT.
    private func outputFormat() throws -> IndexOutput {
        try .choose(named: format, output: isFolder ? "-" : output, fallback: .index(.srt))
    }

    private func slideImageFormat() throws -> SlideImageFormat {
        if imageFormat != nil && slides == nil {
            throw usageError("--image-format is the format of --slides pictures; give --slides DIR too")
        }
        return try .choose(named: imageFormat, option: "--image-format", output: "-", fallback: .png)
    }

    /// Indexes one video and writes its index atomically (and its cues' pictures); an interruption still
    /// writes what was indexed.
    ///
    /// - Returns: the index written; incomplete (without a signal) when the video breaks off.
    @discardableResult
    private func indexVideo(
        _ path: String, options: VideoIndexer.Options, to output: String, _ outputs: Outputs
    ) async throws -> VideoIndex {
        let indexer = try rangeChecked { try VideoIndexer(url: path, options: options) }
        // Made before decoding: an output that cannot be written fails now, not after the whole video.
        let file = try AtomicFile(output)
        if let slides = outputs.slides { try AtomicFile.createFolder(slides) }
        let reporter = ProgressReporter(lines: progress, quiet: quietness.quiet)
        let index = try await indexer.run(progress: reporter.report, isCancelled: Interruption.isRequested)
        reporter.finish(index)
        index.warnings.forEach { printError("warning: \($0)") }
        if case .index(let format) = outputs.format {
            try file.write(try format.encode(Self.shown(index), position: outputs.position))
            try file.commit()
        }
        if outputs.format == .pdf || outputs.slides != nil {
            let export = try SlideExport(index, streamIndex: options.streamIndex)
            if outputs.format == .pdf { try await export.writePDF(to: file, languages: options.analysis.languages) }
            if let slides = outputs.slides {
                try await export.writeImages(to: slides, as: outputs.imageFormat.encoderFormat)
            }
        }
        if let signal = Interruption.receivedSignal {
            printError("interrupted at \(MediaTime.clock(index.to.seconds)); wrote \(index.cues.count) cues to \(output)")
            throw ExitCode(128 + signal)
        }
        reporter.summarize(index, writtenTo: output)
        return index
    }

    /// The library's range errors name the start and end times; this adds the options as typed
    /// (`--from 20 --to 10: the end time 00:00:10.000 is not after the start time 00:00:20.000`).
    private func rangeChecked<Value>(_ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let error as MediaError where error.code == .timeOutOfRange {
            let typed = [from.map { "--from \($0)" }, to.map { "--to \($0)" }].compactMap { $0 }.joined(separator: " ")
            throw MediaError(error.code, typed.isEmpty ? error.message : "\(typed): \(error.message)")
        }
    }

    /// The index as the user named its video: standard input by its name (`pipe:0`), not its saved copy's.
    private static func shown(_ index: VideoIndex) -> VideoIndex {
        var shown = index
        shown.video = StandardInput.shown(index.video)
        // Standard input's saved copy is a file of this run only: no identity a library could find again.
        if shown.video != index.video { shown.identity = nil }
        shown.warnings = index.warnings.map(StandardInput.shown)
        return shown
    }

    /// Indexes every video in a folder into OUTPUT/NAME.FORMAT (and its pictures into SLIDES/NAME/), NAME as
    /// `FolderOutputNames` gives it; other files are skipped, and a video that fails (or breaks off) does not
    /// stop the others (the exit code is the first failure's).
    private func indexFolder(_ options: VideoIndexer.Options, _ outputs: Outputs) async throws {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: video).filter { !$0.hasPrefix(".") }.sorted()
        let path = { (name: String) in (self.video as NSString).appendingPathComponent(name) }
        var unopened: [String: MediaError] = [:]
        for name in names {
            do { _ = try MediaInfo.probe(path(name)) } catch { unopened[name] = error }
        }
        let naming = FolderOutputNames(
            videos: names.filter { unopened[$0] == nil }, inputFolder: video, outputFolder: output,
            fileExtension: outputs.format.fileExtension)
        var firstFailure: Int32?
        for name in names {
            do {
                if let error = unopened[name] { throw error }
                let target = try naming.target(of: name)
                let slides = outputs.slides.map { ($0 as NSString).appendingPathComponent(naming.baseName(of: name)) }
                let index = try await indexVideo(
                    path(name), options: options, to: target,
                    Outputs(format: outputs.format, position: outputs.position, slides: slides, imageFormat: outputs.imageFormat))
                if !quietness.quiet { print("\(path(name)) -> \(target)") }
                if !index.complete { firstFailure = firstFailure ?? ExitStatus.incomplete.rawValue }
            } catch let error as MediaError where error.code == .notMedia || error.code == .emptyFile {
                if !quietness.quiet { printError("skipping \(path(name)): not a video") }
            } catch let error as any ReportedError where !(error is AnalysisError) {
                // A missing language or engine would fail every video: that one stops the run.
                printError("skipping \(path(name)): \(error.message)")
                firstFailure = firstFailure ?? error.exitStatus.rawValue
            }
            if Interruption.receivedSignal != nil { break }
        }
        if let firstFailure { throw ExitCode(firstFailure) }
    }
}
