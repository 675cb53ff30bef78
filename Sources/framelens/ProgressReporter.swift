import Foundation
import FrameLens

/// Shows indexing progress on standard error: a bar fitted to the terminal's width, replaced at the end by
/// one summary line; machine-readable lines ending in the final state with `--progress`; or nothing.
final class ProgressReporter {
    /// How progress is shown.
    enum Mode {
        /// A bar on a terminal, redrawn in place, then a summary line.
        case bar
        /// `progress percent=...` lines, twice a second and once at the end.
        case lines
        /// Nothing (not a terminal, or `--quiet`).
        case silent
    }

    private let mode: Mode
    private let started = ContinuousClock.now
    private var lastShown = ContinuousClock.now - .seconds(1)
    private var lastTotal: Double?
    private var drewBar = false

    /// - Parameters:
    ///   - lines: `--progress`: machine-readable lines, whatever standard error is.
    ///   - quiet: `--quiet`: no bar and no summary.
    init(lines: Bool, quiet: Bool) {
        mode = lines ? .lines : quiet || isatty(STDERR_FILENO) != 1 ? .silent : .bar
    }

    /// Shows how far indexing has come, at most ten times a second (twice with `--progress`).
    func report(_ progress: VideoIndexer.Progress) {
        guard mode != .silent else { return }
        let now = ContinuousClock.now
        guard now - lastShown >= .milliseconds(mode == .lines ? 500 : 100) else { return }
        lastShown = now
        lastTotal = progress.total.seconds
        show(indexed: progress.indexed.seconds, total: progress.total.seconds, cues: progress.segments, at: now)
    }

    /// Ends the progress of an index: `--progress` prints its final line (100 % when complete), the bar is
    /// erased.
    func finish(_ index: VideoIndex) {
        let indexed = index.to.seconds - index.from.seconds
        switch mode {
        case .lines:
            show(indexed: indexed, total: index.complete ? indexed : lastTotal ?? indexed, cues: index.cues.count, at: .now)
        case .bar where drewBar:
            FileHandleOutput.standardError("\r" + String(repeating: " ", count: TerminalWidth.current - 1) + "\r")
            drewBar = false
        case .bar, .silent:
            break
        }
    }

    /// On a terminal, the one line that stays: what was written where, how long it took and how fast
    /// (`wrote 15 cues to talk.srt in 9.6 s (6.3x real time)`), shortened to fit the terminal: the file's
    /// name instead of its path, then without the speed, then without the file.
    func summarize(_ index: VideoIndex, writtenTo path: String) {
        guard mode == .bar else { return }
        let elapsed = (ContinuousClock.now - started) / .seconds(1)
        let speed = String(format: "%.1fx real time", (index.to.seconds - index.from.seconds) / max(elapsed, 0.001))
        let cues = index.cues.count == 1 ? "1 cue" : "\(index.cues.count) cues"
        let target = path == "-" ? "standard output" : path
        let took = String(format: "%.1f s", elapsed)
        let forms = [
            "wrote \(cues) to \(target) in \(took) (\(speed))",
            "wrote \(cues) to \((target as NSString).lastPathComponent) in \(took) (\(speed))",
            "wrote \(cues) to \((target as NSString).lastPathComponent) in \(took)",
            "wrote \(cues) in \(took)",
        ]
        let room = TerminalWidth.current - 1
        let line = forms.first { $0.count <= room } ?? String(forms[forms.count - 1].prefix(room))
        FileHandleOutput.standardError(line + "\n")
    }

    private func show(indexed: Double, total: Double, cues: Int, at now: ContinuousClock.Instant) {
        let elapsed = (now - started) / .seconds(1)
        let fraction = total > 0 ? min(1, indexed / total) : 0
        // A rate, and so an ETA, once some video is indexed and a second has passed (before, it is noise).
        let speed: Double? = indexed > 0 && elapsed >= 1 ? indexed / elapsed : nil
        switch mode {
        case .lines:
            let eta = speed.map { String(format: "%.1f", max(0, total - indexed) / $0) } ?? "unknown"
            FileHandleOutput.standardError(String(
                format: "progress percent=%.1f indexed=%.3f total=%.3f speed=%.1fx eta=%@ cues=%d\n",
                fraction * 100, indexed, total, speed ?? 0, eta, cues))
        case .bar:
            let percent = String(format: " %5.1f%%", fraction * 100)
            var statuses = [percent]
            if let speed {
                let eta = "  ETA " + MediaTime.clock(max(0, total - indexed) / speed).prefix(8)
                statuses = [percent + String(format: "  %.1fx real time", speed) + eta, percent + eta, percent]
            }
            FileHandleOutput.standardError(
                "\r" + Self.barLine(fraction: fraction, statuses: statuses, width: TerminalWidth.current))
            drewBar = true
        case .silent:
            break
        }
    }

    /// One line of `width - 1` characters (a full-width line would wrap on some terminals): a bar of 5 to 40
    /// cells and the longest status that fits beside it (`statuses` go from the longest to the shortest);
    /// on a terminal too narrow for that, the longest status that fits alone, cut as a last resort.
    static func barLine(fraction: Double, statuses: [String], width: Int) -> String {
        let room = max(width - 1, 1)
        let bar = { (cells: Int) in
            let filled = Int(fraction * Double(cells))
            return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: cells - filled) + "]"
        }
        let line =
            if let status = statuses.first(where: { room - $0.count - 2 >= 5 }) {
                bar(min(40, room - status.count - 2)) + status
            } else {
                statuses.map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.count <= room }
                    ?? String(statuses[statuses.count - 1].trimmingCharacters(in: .whitespaces).prefix(room))
            }
        return line.padding(toLength: room, withPad: " ", startingAt: 0)
    }
}
