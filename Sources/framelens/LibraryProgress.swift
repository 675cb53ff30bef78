import Foundation
import FrameLens
import Synchronization

/// Shows `library add`'s progress on standard error, for each video being indexed and for all of them: a bar
/// on a terminal (`[####----]  48.4%  1/3 videos  talk.mp4 45%`), machine-readable lines with `--progress`
/// (`progress videos=1/3 percent=48.4 video-percent=45.3 video=PATH`), or nothing. Indexing tasks report
/// at once, so its state is behind a lock.
final class LibraryProgress: Sendable {
    private struct State {
        var done = 0
        /// The videos being indexed, and how far each has come (0...1).
        var running: [String: Double] = [:]
        var lastShown = ContinuousClock.now - .seconds(1)
        var drewBar = false
    }

    private let mode: ProgressReporter.Mode
    private let total: Int
    private let state = Mutex(State())

    /// - Parameters:
    ///   - total: the number of videos to index.
    ///   - lines: `--progress`: machine-readable lines, whatever standard error is.
    ///   - quiet: `--quiet`: nothing.
    init(total: Int, lines: Bool, quiet: Bool) {
        self.total = total
        mode = lines ? .lines : quiet || isatty(STDERR_FILENO) != 1 ? .silent : .bar
    }

    /// Records how far a video's indexing has come, and shows it at most ten times a second (twice with
    /// `--progress`).
    func report(_ video: String, _ progress: VideoIndexer.Progress) {
        guard mode != .silent else { return }
        state.withLock { state in
            state.running[video] = progress.total > .zero ? min(1, progress.indexed.seconds / progress.total.seconds) : 0
            let now = ContinuousClock.now
            guard now - state.lastShown >= .milliseconds(mode == .lines ? 500 : 100) else { return }
            state.lastShown = now
            show(video, &state)
        }
    }

    /// Ends a video's progress (indexed, failed or interrupted), erasing the bar so that a line printed next
    /// stands alone.
    func finish(_ video: String) {
        state.withLock { state in
            state.running[video] = nil
            state.done += 1
            if mode == .lines { show(video, &state, videoFraction: 1) }
            if state.drewBar {
                FileHandleOutput.standardError("\r" + String(repeating: " ", count: TerminalWidth.current - 1) + "\r")
                state.drewBar = false
            }
        }
    }

    private func show(_ video: String, _ state: inout State, videoFraction: Double? = nil) {
        let fraction = (Double(state.done) + state.running.values.reduce(0, +)) / Double(max(total, 1))
        let own = videoFraction ?? state.running[video] ?? 0
        switch mode {
        case .lines:
            FileHandleOutput.standardError(String(
                format: "progress videos=%d/%d percent=%.1f video-percent=%.1f video=%@\n",
                state.done, total, fraction * 100, own * 100, video))
        case .bar:
            let all = String(format: " %5.1f%%  %d/%d videos", fraction * 100, state.done, total)
            let name = (video as NSString).lastPathComponent
            let statuses = [all + String(format: "  %@ %.0f%%", name, own * 100), all]
            FileHandleOutput.standardError(
                "\r" + ProgressReporter.barLine(fraction: fraction, statuses: statuses, width: TerminalWidth.current))
            state.drewBar = true
        case .silent:
            break
        }
    }
}
