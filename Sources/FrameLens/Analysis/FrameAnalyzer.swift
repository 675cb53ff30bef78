import Dispatch
import Foundation
import Synchronization

/// Turns a frame into its text, codes and data detections. Share one per process: `FrameAnalyzer.shared`.
///
/// Tesseract models are costly to load, so engines are loaded lazily, once, and pooled per language
/// set (one engine per core). The work runs on Dispatch's threads, off Swift's cooperative pool, so
/// that blocking OCR never starves other tasks; it is safe to call from many tasks at once.
public final class FrameAnalyzer: Sendable {
    /// The process's shared analyzer.
    public static let shared = FrameAnalyzer()

    private let pools = Mutex<[String: EnginePool]>([:])
    /// The number of analyses under way.
    let analysesInProgress = Atomic<Int>(0)
    /// The number of engines per language set.
    public let enginesPerLanguage: Int

    /// An analyzer with its own engines; prefer `shared`.
    ///
    /// - Parameter enginesPerLanguage: engines per language set; default one per core.
    public init(enginesPerLanguage: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.enginesPerLanguage = max(1, enginesPerLanguage)
    }

    /// Analyses a frame.
    ///
    /// - Parameters:
    ///   - frame: the frame; it stays alive, and is read in place, for the duration of the call.
    ///   - options: what to look for and where.
    /// - Returns: the text, codes and detections, with positions on the displayed picture.
    /// - Throws: `AnalysisError` (`.languageNotInstalled`, `.engineFailed`), `MediaError` (`.unsupported`
    ///   pixel format).
    public func analyze(_ frame: VideoFrame, options: AnalysisOptions = AnalysisOptions()) async throws -> FrameAnalysis {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try self.analyzeNow(frame, options: options) })
            }
        }
    }

    /// Loads the engines for `languages` ahead of the first analysis.
    ///
    /// - Throws: `AnalysisError` `.languageNotInstalled` or `.engineFailed`.
    public func prepare(languages: String) throws {
        _ = try TessdataDirectory.validate(languages)
        try pool(for: languages).warmUp()
    }

    /// The analysis, on the calling thread.
    func analyzeNow(_ frame: VideoFrame, options: AnalysisOptions) throws -> FrameAnalysis {
        analysesInProgress.add(1, ordering: .relaxed)
        defer { analysesInProgress.subtract(1, ordering: .relaxed) }
        let features = options.features
        if features.contains(.text) { _ = try TessdataDirectory.validate(options.languages) }
        let image = try LumaImage(frame)
        let rectangles = (options.regions.isEmpty ? [NormalizedRect.whole] : options.regions).map(image.pixelRect)
        let text: RecognizedText? = try features.contains(.text)
            ? pool(for: options.languages).withEngine { engine in
                RecognizedText(
                    blocks: engine.recognize(image, in: rectangles, minimumConfidence: options.minimumConfidence))
            } : nil
        let codes = features.contains(.codes) ? BarcodeScanner.scan(image, in: rectangles) : []
        let detections = features.contains(.detectors)
            ? DetectionCollector(kinds: options.dataKinds).collect(text: text, codes: codes) : []
        return FrameAnalysis(
            time: frame.time, pts: frame.pts, timeBase: frame.timeBase, frameNumber: frame.frameNumber,
            width: image.displayWidth, height: image.displayHeight, languages: options.languages,
            text: text, codes: codes, detections: detections)
    }

    private func pool(for languages: String) -> EnginePool {
        pools.withLock { pools in
            if let pool = pools[languages] { return pool }
            let pool = EnginePool(languages: languages, size: enginesPerLanguage)
            pools[languages] = pool
            return pool
        }
    }
}
