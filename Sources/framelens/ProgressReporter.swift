import Foundation
import FrameLens

/// Shows indexing progress on standard error: a bar on a terminal, lines with `--progress`, else nothing.
final class ProgressReporter {
    private let machineReadable: Bool
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let started = ContinuousClock.now
    private var lastShown = ContinuousClock.now - .seconds(1)
    private var drewBar = false

    init(machineReadable: Bool) {
        self.machineReadable = machineReadable
    }

    /// Shows how far indexing has come, at most ten times a second (twice with `--progress`).
    func report(_ progress: VideoIndexer.Progress) {
        guard machineReadable || isTerminal else { return }
        let now = ContinuousClock.now
        guard now - lastShown >= .milliseconds(machineReadable ? 500 : 100) else { return }
        lastShown = now
        show(progress, at: now)
    }

    /// Ends the bar on a terminal with the final state (the index ended at `index.to`).
    func finish(_ index: VideoIndex) {
        guard drewBar else { return }
        show(VideoIndexer.Progress(indexed: index.to - index.from, total: index.to - index.from, segments: index.cues.count), at: .now)
        FileHandleOutput.standardError("\n")
    }

    private func show(_ progress: VideoIndexer.Progress, at now: ContinuousClock.Instant) {
        let elapsed = max((now - started) / .seconds(1), 0.001)
        let fraction = progress.total > 0 ? min(1, progress.indexed / progress.total) : 0
        let speed = progress.indexed / elapsed
        let eta = speed > 0 ? (progress.total - progress.indexed) / speed : 0
        if machineReadable {
            FileHandleOutput.standardError(String(
                format: "progress percent=%.1f indexed=%.3f total=%.3f speed=%.1fx eta=%.1f cues=%d\n",
                fraction * 100, progress.indexed, progress.total, speed, eta, progress.segments))
        } else {
            let filled = Int(fraction * 30)
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled)
            FileHandleOutput.standardError(String(
                format: "\r[%@] %5.1f%%  %.1fx real time  ETA %@ ", bar, fraction * 100, speed,
                String(MediaTime.clock(eta).prefix(8))))
            drewBar = true
        }
    }
}
