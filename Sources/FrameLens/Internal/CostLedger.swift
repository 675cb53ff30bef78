import Foundation
import Synchronization

/// Where a process's time goes: for each stage of the data path (decoding, the index's scan of each frame, each
/// engine's calls, the data detectors, the index's output), how many calls, how many pixels they were given and the seconds spent in them.
///
/// Counted only when the environment sets `FRAMELENS_COSTS` (to anything): then `framelens` prints
/// `report` on standard error as it exits, and `make bench` puts it beside its ratios. Off, a measured
/// call costs one branch. Seconds are wall-clock time inside the calls, summed over the threads that made
/// them (two threads reading at once count twice), beside the process's own CPU and wall time.
@_spi(Diagnostics) public enum CostLedger {
    /// A stage that is measured, in the data path's order.
    public enum Stage: Int, CaseIterable, Sendable {
        /// Reading packets and decoding them into frames (`VideoDecoder.nextFrame`).
        case decode
        /// The index's look at each decoded frame for changes and captions (`ScanState.decoded`); the readings it
        /// asks for are counted in their engines' stages.
        case scan
        /// Tesseract's layout analysis of a picture, without recognition.
        case tesseractLayout
        /// Tesseract's recognition of a picture (a page, a block or a word).
        case tesseractRecognition
        /// PP-OCR's text detector on a picture.
        case ppocrDetection
        /// PP-OCR's recogniser on a batch of line pictures.
        case ppocrRecognition
        /// ZBar on the rectangles of a picture.
        case codes
        /// The data detectors on a frame's text.
        case detectors
        /// An index encoded as a file of one of its text formats (`IndexFormat.encode`), or a frame converted
        /// and encoded as a picture (`framelens frame`, `FramePicture`).
        case output

        /// The stage's name in `report`.
        public var name: String {
            switch self {
            case .decode: "decode"
            case .scan: "scan"
            case .tesseractLayout: "tesseract layout"
            case .tesseractRecognition: "tesseract recognition"
            case .ppocrDetection: "ppocr detection"
            case .ppocrRecognition: "ppocr recognition"
            case .codes: "zbar"
            case .detectors: "data detectors"
            case .output: "output"
            }
        }
    }

    /// Whether costs are counted: `FRAMELENS_COSTS` is set.
    public static let isCounting = ProcessInfo.processInfo.environment["FRAMELENS_COSTS"] != nil

    /// One stage's totals, as atomics: stages are measured on any thread.
    private final class Totals: Sendable {
        let calls = Atomic<Int>(0)
        let pixels = Atomic<Int>(0)
        let nanoseconds = Atomic<Int>(0)
    }

    private static let totals = Stage.allCases.map { _ in Totals() }
    private static let started = ContinuousClock.now

    /// Runs `body`, counting it as one call of `stage` on `pixels` pixels when costs are counted.
    @inline(__always)
    static func measure<T, E: Error>(_ stage: Stage, pixels: Int = 0, _ body: () throws(E) -> T) throws(E) -> T {
        guard isCounting else { return try body() }
        let start = ContinuousClock.now
        defer {
            let elapsed = ContinuousClock.now - start
            let entry = totals[stage.rawValue]
            entry.calls.add(1, ordering: .relaxed)
            entry.pixels.add(pixels, ordering: .relaxed)
            entry.nanoseconds.add(
                Int(elapsed.components.seconds) * 1_000_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000),
                ordering: .relaxed)
        }
        return try body()
    }

    /// The counts so far, one line per stage that was called, then the process's CPU and wall time:
    ///
    ///     costs: stage, calls, megapixels, seconds
    ///     costs: decode 903 0.0 2.573
    ///     costs: tesseract recognition 40 12.5 4.464
    ///     costs: process-cpu 7.345
    ///     costs: process-wall 4.158
    ///
    /// Decoding is counted in frames; its megapixels are not counted (0.0).
    public static var report: String {
        var lines = ["costs: stage, calls, megapixels, seconds"]
        for stage in Stage.allCases {
            let entry = totals[stage.rawValue]
            let calls = entry.calls.load(ordering: .relaxed)
            guard calls > 0 else { continue }
            let megapixels = Double(entry.pixels.load(ordering: .relaxed)) / 1_000_000
            let seconds = Double(entry.nanoseconds.load(ordering: .relaxed)) / 1_000_000_000
            lines.append("costs: \(stage.name) \(calls) \(String(format: "%.1f", megapixels)) \(String(format: "%.3f", seconds))")
        }
        let cpu = Double(clock()) / Double(CLOCKS_PER_SEC)
        let wall = ContinuousClock.now - started
        lines.append("costs: process-cpu \(String(format: "%.3f", cpu))")
        lines.append("costs: process-wall \(String(format: "%.3f", Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Prints `report` on standard error when the process exits, if costs are counted.
    public static func reportAtExit() {
        guard isCounting else { return }
        _ = started
        atexit { FileHandle.standardError.write(Data(CostLedger.report.utf8)) }
    }
}
