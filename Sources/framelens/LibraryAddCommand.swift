import ArgumentParser
import Foundation
import FrameLens
import FrameLensLibrary

/// `framelens library add`: indexes videos and folders into the library, skipping what it has.
struct LibraryAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Indexes videos, and the videos in folders and their subfolders, into the library.",
        discussion: """
            A video the library has with the same size, modification time and content hash is left as it is; a \
            changed one is indexed again, its old cues replaced; a moved one is found by its hash. Each video is \
            stored in one transaction: Ctrl-C leaves the library as it was after the last whole video.
            """
    )

    @Argument(help: "Videos, and folders to take every video from (by extension: mp4, mkv, webm, ...).", completion: .file())
    var paths: [String]

    @OptionGroup var library: LibraryOption

    @Option(help: "How many videos to index at once (at most the number of cores).")
    var jobs: Int = 1

    @OptionGroup var analysis: AnalysisOptionGroup

    @Flag(help: "Print machine-readable progress lines on standard error.")
    var progress = false

    @OptionGroup var quietness: QuietOption

    func validate() throws {
        if jobs < 1 { throw usageError("--jobs must be 1 or more") }
        if progress && quietness.quiet { throw usageError("--progress prints progress, --quiet silences it: give one") }
    }

    func run() async throws {
        Interruption.install()
        try await reportingErrors {
            var changes = LibraryChanges(library: try VideoLibrary(at: library.path, access: .create), quiet: quietness.quiet)
            var failure: Int32?
            var pending: [VideoIdentity] = []
            for file in VideoFiles.collect(paths) {
                do {
                    let identity = try VideoIdentity(ofFileAt: file)
                    if try changes.settle(identity) { pending.append(identity) }
                } catch let error as MediaError {
                    printError(error.message)
                    failure = failure ?? error.exitStatus.rawValue
                }
            }
            try await index(pending, into: &changes, failure: &failure)
            if let signal = Interruption.receivedSignal {
                printError("interrupted: the library holds every video stored before; the rest were not added")
                throw ExitCode(128 + signal)
            }
            changes.summarize()
            if let failure { throw ExitCode(failure) }
        }
    }

    /// Indexes videos, `--jobs` at a time, storing each one whole as it is done; a video that fails is
    /// reported and does not stop the others (`failure` keeps the first one's exit code).
    private func index(
        _ videos: [VideoIdentity], into changes: inout LibraryChanges, failure: inout Int32?
    ) async throws {
        let reporter = LibraryProgress(total: videos.count, lines: progress, quiet: quietness.quiet)
        let options = VideoIndexer.Options(analysis: analysis.analysisOptions)
        try await withThrowingTaskGroup(of: (VideoIdentity, Result<VideoIndex, any Error>).self) { group in
            var queue = videos[...]
            func startNext() {
                guard let video = queue.popFirst(), !Interruption.isRequested() else { return }
                group.addTask {
                    do {
                        let index = try await VideoIndexer(url: video.path, options: options).run(
                            progress: { reporter.report(video.path, $0) }, isCancelled: Interruption.isRequested)
                        return (video, .success(index))
                    } catch {
                        return (video, .failure(error))
                    }
                }
            }
            for _ in 0..<min(jobs, ProcessInfo.processInfo.activeProcessorCount) { startNext() }
            while let (video, result) = try await group.next() {
                reporter.finish(video.path)
                do {
                    let index = try result.get()
                    // An interrupted index is partial: the library keeps whole videos only.
                    guard index.complete || Interruption.receivedSignal == nil else { continue }
                    index.warnings.forEach { printError("warning: \($0)") }
                    try changes.store(index, of: video)
                    if !index.complete { failure = failure ?? ExitStatus.incomplete.rawValue }
                } catch let error as MediaError {
                    printError("skipping \(video.path): \(error.message)")
                    failure = failure ?? error.exitStatus.rawValue
                }
                startNext()
            }
        }
    }
}
