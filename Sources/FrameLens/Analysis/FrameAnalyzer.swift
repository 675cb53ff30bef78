import Dispatch
import Foundation
import Synchronization

/// Turns a frame into its text, codes and data detections. Share one per process: `FrameAnalyzer.shared`.
///
/// Tesseract models are costly to load, so engines are loaded lazily, once, and pooled per language
/// set (one engine per core). Waiting for an engine suspends rather than blocks, and the work runs on
/// Dispatch's threads, off Swift's cooperative pool, so that blocking OCR never starves other tasks; it
/// is safe to call from many tasks at once.
public final class FrameAnalyzer: Sendable {
    /// The process's shared analyzer.
    public static let shared = FrameAnalyzer()

    private let pools = Locked<[String: EnginePool]>([:])
    private let recent = Locked(RecentAnalyses())
    /// The number of analyses under way.
    let analysesInProgress = Atomic<Int>(0)
    /// How many pictures were read, by displayed size (`"1280x720"`): every reading passes here, so tests
    /// can prove what never reached the analyzer (a protected stream).
    let picturesRead = Locked<[String: Int]>([:])
    /// The number of engines per language set.
    public let enginesPerLanguage: Int

    /// An analyzer with its own engines; prefer `shared`.
    ///
    /// - Parameter enginesPerLanguage: engines per language set; default one per core.
    public init(enginesPerLanguage: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.enginesPerLanguage = max(1, enginesPerLanguage)
    }

    /// Analyses a frame, as `ImageAnalyzer.analyze(_:orientation:configuration:)` does an image. A frame that
    /// shows the same pixels as one of the last few analysed, with the same options, is answered from memory.
    ///
    /// - Parameters:
    ///   - frame: the frame; it stays alive, and is read in place, for the duration of the call.
    ///   - orientation: how the picture is stored relative to upright; nil for the frame's own display
    ///     rotation (the stream's display matrix).
    ///   - options: what to look for, in which languages, and where.
    /// - Returns: the text, codes and detections, with positions on the displayed (upright) picture, origin
    ///   at its top left.
    /// - Throws: `AnalysisError` (`.languageNotInstalled`, `.engineFailed`), `MediaError` (`.unsupported`
    ///   pixel format); `CancellationError` when the task is cancelled before the analysis begins (one
    ///   under way finishes).
    public func analyze(
        _ frame: VideoFrame, orientation: ImageOrientation? = nil, options: AnalysisOptions = AnalysisOptions()
    ) async throws -> FrameAnalysis {
        let frame = orientation.map(frame.oriented) ?? frame
        analysesInProgress.add(1, ordering: .relaxed)
        defer { analysesInProgress.subtract(1, ordering: .relaxed) }
        let key = try await onWorkerThread { RecentAnalyses.Key(frame, options: options) }
        if let key, let kept = recent.withLock({ $0.analysis(for: key, of: frame) }) { return kept }
        let analysis: FrameAnalysis
        if options.features.contains(.text) {
            _ = try TessdataDirectory.validate(options.languages)
            analysis = try await withEngine(languages: options.languages) { engine in
                try self.analyzeNow(frame, options: options, engine: engine)
            }
        } else {
            analysis = try await onWorkerThread { try self.analyzeNow(frame, options: options, engine: nil) }
        }
        if let key { recent.withLock { $0.remember(analysis, for: key) } }
        return analysis
    }

    /// Reads the text in `region` of an owned gray picture of a displayed frame (a caption's clean picture
    /// made from many frames), with positions on the displayed picture. Tesseract reads it as its layout
    /// lays it out, or, `asOneBlock`, as one uniform block of lines.
    ///
    /// - Throws: `AnalysisError` (`.languageNotInstalled`, `.engineFailed`).
    func readText(
        _ image: PixelImage, displaySize: (width: Int, height: Int), in region: NormalizedRect, options: AnalysisOptions,
        asOneBlock: Bool = false
    ) async throws -> RecognizedText {
        let reading = try options.engine.captionReading(languages: options.languages)
        let luma = LumaImage(owned: image, displayWidth: displaySize.width, displayHeight: displaySize.height)
        let learned = reading == .tesseract ? nil : try PPOCREngine.shared()
        if reading == .ppocr, let learned {
            return try await onWorkerThread {
                self.countPicture(width: displaySize.width, height: displaySize.height)
                let blocks = try learned.read(luma, in: luma.pixelRect(region), minimumConfidence: options.minimumConfidence)
                return RecognizedText(blocks: blocks)
            }
        }
        _ = try TessdataDirectory.validate(options.languages)
        return try await withEngine(languages: options.languages) { engine in
            self.countPicture(width: displaySize.width, height: displaySize.height)
            if let learned {
                let reader = PageReader(engine: engine, image: luma, minimumConfidence: options.minimumConfidence, secondReading: .nowhere)
                return RecognizedText(blocks: reader.read(lines: try learned.lines(in: luma, luma.pixelRect(region)), scale: Self.detectedLineScale))
            }
            // A caption's clean picture is one line or two in a band: the plan reads it whole.
            let reader = PageReader(
                engine: engine, image: luma, minimumConfidence: options.minimumConfidence, secondReading: .nowhere,
                fitsLayoutToType: false)
            let rect = luma.pixelRect(region)
            return RecognizedText(blocks: asOneBlock ? reader.read(lines: [rect], scale: 1) : reader.read([rect], ignoring: []))
        }
    }

    /// Lines PP-OCR's detector finds are read by Tesseract this many times larger (Hangul caption lines at
    /// 480p are about 20 pixels high).
    static let detectedLineScale = 2.0

    /// The lines of text PP-OCR's detector finds on a frame, in `options.regions` (else the whole picture) and
    /// not mostly in its ignored regions, each read by PP-OCR's recogniser where the engine chosen reads
    /// captions with it, else by Tesseract (as it is and as its lightest shade alone, the surer reading kept);
    /// with positions on the displayed picture, top to bottom. `leavingPages`: the lines that stand on a page
    /// (`TextTracks.pageLines` over the detector's boxes, `unreadPageLines` of them) are not read: they come with
    /// their place and no text.
    ///
    /// - Throws: `AnalysisError` (`.engineNotInstalled`, `.languageNotInstalled`, `.engineFailed`),
    ///   `MediaError` (`.unsupported` pixel format).
    func readLines(of frame: VideoFrame, options: AnalysisOptions, leavingPages: Bool = false) async throws -> [RecognizedLine] {
        let learned = try PPOCREngine.shared()
        let read: @Sendable (TesseractEngine?) throws -> [RecognizedLine] = { engine in
            let image = try LumaImage(frame)
            self.countPicture(width: image.displayWidth, height: image.displayHeight)
            let rects = (options.regions.isEmpty ? [.whole] : options.regions).map(image.pixelRect)
            // At the frame's own size at most: an upscaled small frame shows the detector nothing more.
            let side = min(TextDetector.wholeFrameSide, max(image.displayWidth, image.displayHeight))
            var lines: [RecognizedLine] = []
            for rect in rects {
                let boxes = try learned.lines(in: image, rect, maximumSide: side)
                let onAPage = leavingPages
                    ? TextTracks.pageLines(boxes.map { image.bounds($0).normalized }, least: TextTracks.unreadPageLines)
                    : boxes.map { _ in false }
                let toRead = boxes.indices.filter { !onAPage[$0] }.map { boxes[$0] }
                let blocks = if let engine {
                    PageReader(engine: engine, image: image, minimumConfidence: options.minimumConfidence, secondReading: .nowhere)
                        .read(lines: toRead, scale: Self.detectedLineScale, orFill: true)
                } else {
                    try learned.read(image, lines: toRead, minimumConfidence: options.minimumConfidence)
                }
                lines += blocks.flatMap(\.lines)
                lines += boxes.indices.filter { onAPage[$0] }.map {
                    RecognizedLine(text: "", confidence: 0, bounds: image.bounds(boxes[$0]), words: [])
                }
            }
            return lines
                .filter { $0.bounds.fractionCovered(by: options.ignoredRegions) < 0.5 }
                .sorted { $0.bounds.normalized.y < $1.bounds.normalized.y }
        }
        if try options.engine.captionReading(languages: options.languages) == .ppocr {
            return try await onWorkerThread { try read(nil) }
        }
        _ = try TessdataDirectory.validate(options.languages)
        return try await withEngine(languages: options.languages) { try read($0) }
    }

    /// Loads an engine for `locales` (as `AnalysisOptions.locales` names them) ahead of the first analysis.
    ///
    /// - Throws: `AnalysisError` `.languageNotInstalled` or `.engineFailed`.
    public func prepare(locales: [String]) async throws {
        try await prepare(languages: TesseractLanguages.codes(for: locales))
    }

    /// Loads an engine for Tesseract's `+`-joined `languages` ahead of the first analysis.
    ///
    /// - Throws: `AnalysisError` `.languageNotInstalled` or `.engineFailed`.
    package func prepare(languages: String) async throws {
        _ = try TessdataDirectory.validate(languages)
        try await withEngine(languages: languages) { _ in }
    }

    /// Runs `body` on a worker thread with an engine of its own, loading one if the pool has room.
    private func withEngine<Value: Sendable>(
        languages: String, _ body: @escaping @Sendable (TesseractEngine) throws -> Value
    ) async throws -> Value {
        let pool = pool(for: languages)
        let idle = await pool.checkOut()
        return try await onWorkerThread {
            let engine: TesseractEngine
            do { engine = try idle ?? TesseractEngine(languages: languages) } catch {
                pool.loadFailed()
                throw error
            }
            defer { pool.checkIn(engine) }
            return try body(engine)
        } ifSkipped: {
            if let idle { pool.checkIn(idle) } else { pool.loadFailed() }
        }
    }

    /// OCR and scanning are blocking CPU work: they run on Dispatch's threads, not Swift's cooperative pool,
    /// and not at all once their task is cancelled.
    private func onWorkerThread<Value: Sendable>(
        _ work: @escaping @Sendable () throws -> Value, ifSkipped: @escaping @Sendable () -> Void = {}
    ) async throws -> Value {
        try await BlockingWork.run(on: .global(qos: .userInitiated), work, ifSkipped: ifSkipped)
    }

    /// The analysis, on the calling thread, with an engine when text is asked for; the code scan runs
    /// on a second thread meanwhile.
    func analyzeNow(_ frame: VideoFrame, options: AnalysisOptions, engine: TesseractEngine?) throws -> FrameAnalysis {
        let image = try LumaImage(frame)
        countPicture(width: image.displayWidth, height: image.displayHeight)
        let rectified = engine == nil ? nil : rectifiedScreen(of: image, options: options)
        let isolated = engine == nil || rectified != nil ? nil : isolatedScreen(of: image, options: options)
        let rectangles = (options.regions.isEmpty ? [isolated?.box ?? .whole] : options.regions).map(image.pixelRect)
        // The detector needs no room painted over: a screen found less surely is looked at on the frame itself.
        let screen = rectified.map { ($0.image, $0.image.pixelRect(.whole)) }
            ?? isolated.map { (image, image.pixelRect(Self.reach(around: $0.box))) }
        let lineReader = screen == nil ? nil : try engine.flatMap { try slantedLineReader(options: options, engine: $0) }
        let text = Locked<Result<RecognizedText, AnalysisError>?>(nil)
        let codes = Locked<[DetectedCode]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0, let lineReader, let (picture, rect) = screen {
                // A filmed screen's lines, each read along its own slant; put back on the frame.
                let read = Result { () throws(AnalysisError) in
                    let blocks = try lineReader.read(picture, in: rect)
                    let onFrame = rectified.map { RecognizedText(blocks: blocks).movingBounds($0.onFrame).blocks } ?? blocks
                    return RecognizedText(blocks: onFrame.compactMap { $0.excluding(options.ignoredRegions) })
                }
                text.withLock { $0 = read }
            } else if part == 0, let engine, let rectified {
                // The warped screen is read whole; what lies in ignored regions is left out on the frame.
                let reader = PageReader(
                    engine: engine, image: rectified.image, minimumConfidence: options.minimumConfidence, secondReading: .everywhere)
                let read = RecognizedText(blocks: reader.read([rectified.image.pixelRect(.whole)], ignoring: []))
                    .movingBounds(rectified.onFrame)
                text.withLock { $0 = .success(RecognizedText(blocks: read.blocks.compactMap { $0.excluding(options.ignoredRegions) })) }
            } else if part == 0, let engine {
                let read = isolated?.image ?? image
                let blocks = PageReader(
                    engine: engine, image: TextCursor.hidden(in: read, within: [read.pixelRect(.whole)]),
                    minimumConfidence: options.minimumConfidence,
                    secondReading: options.isFilmed ? .everywhere : .whereUnsure)
                    .read(rectangles, ignoring: options.ignoredRegions)
                    .compactMap { $0.excluding(options.ignoredRegions) }
                text.withLock { $0 = .success(RecognizedText(blocks: blocks)) }
            } else if part == 1, options.features.contains(.codes) {
                let found = BarcodeScanner.scan(image, in: rectangles)
                codes.withLock { $0 = found }
            }
        }
        let recognized = try text.withLock { $0 }?.get()
        let scanned = codes.withLock { $0 }
        let detections = options.detections(in: recognized, codes: scanned)
        return FrameAnalysis(
            time: Timestamp(keeping: frame.time), pts: frame.pts, timeBase: frame.timeBase, frameNumber: frame.frameNumber,
            width: image.displayWidth, height: image.displayHeight, languages: options.languages,
            locales: TesseractLanguages.locales(forCodes: options.languages), text: recognized, codes: scanned, detections: detections, screen: rectified?.screen)
    }

    /// Where a filmed screen's lines are looked for when its four sides were not found for sure: the box
    /// around its bright region grown by this share of its height above it, where a dark title bar lies
    /// outside the bright region, and by a third of that on the other sides.
    static let screenReach = 0.15

    /// The box around a screen's bright region grown by `screenReach`, within the picture.
    private static func reach(around box: NormalizedRect) -> NormalizedRect {
        let above = screenReach * box.height, aside = screenReach / 3
        return NormalizedRect(
            left: max(0, box.x - aside * box.width), top: max(0, box.y - above),
            right: min(1, box.x + box.width + aside * box.width), bottom: min(1, box.y + box.height + aside * box.height))
    }

    /// The reader of a filmed screen's lines when PP-OCR is installed: its detector finds them, each read along
    /// its own slant by the engine that reads captions (`TextEngine.captionReading`), Tesseract by default.
    private func slantedLineReader(options: AnalysisOptions, engine: TesseractEngine) throws(AnalysisError) -> SlantedLineReader? {
        guard PPOCRFiles.found != nil else { return nil }
        let reading = try options.engine.captionReading(languages: options.languages)
        return SlantedLineReader(
            learned: try PPOCREngine.shared(), engine: reading == .ppocr ? nil : engine, minimumConfidence: options.minimumConfidence)
    }

    /// The projection screen of a lecture filmed in the room warped to a rectangle, when the options allow
    /// it (`.auto`, the whole picture read) and `ScreenFinder` finds one for sure.
    private func rectifiedScreen(of image: LumaImage, options: AnalysisOptions) -> RectifiedScreen? {
        guard options.rectification == .auto, options.regions.isEmpty,
              let corners = image.withPlane(ScreenFinder.find)
        else { return nil }
        return RectifiedScreen(image, corners: corners)
    }

    /// The screen of a picture known to be filmed, its room painted over, with the box around it, when the options
    /// allow rectifying (`.auto`, the whole picture read) and its four sides were not found for sure
    /// (`ScreenFinder.isolated`).
    private func isolatedScreen(of image: LumaImage, options: AnalysisOptions) -> (image: LumaImage, box: NormalizedRect)? {
        guard options.isFilmed, options.rectification == .auto, options.regions.isEmpty,
              let isolated = image.withPlane(ScreenFinder.isolated)
        else { return nil }
        return (LumaImage(owned: isolated.picture, displayWidth: image.displayWidth, displayHeight: image.displayHeight),
                isolated.box)
    }

    private func countPicture(width: Int, height: Int) {
        picturesRead.withLock { $0["\(width)x\(height)", default: 0] += 1 }
    }

    /// The engines for `languages`, made on first use (internal: a test holds one to keep a reading waiting).
    func pool(for languages: String) -> EnginePool {
        pools.withLock { pools in
            if let pool = pools[languages] { return pool }
            let pool = EnginePool(languages: languages, size: enginesPerLanguage)
            pools[languages] = pool
            return pool
        }
    }
}
