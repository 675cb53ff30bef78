import Foundation

/// Indexes a video's on-screen text: decodes forward, samples small thumbnails, and reads a picture
/// only once it has changed and settled.
///
/// The scan decoder skips B-frames; when two samples differ, a second decoder finds the first changed
/// frame between them from thumbnails alone (decoding B-frames only near the change), so cue times are
/// exact to the frame.
/// Analyses run on the shared analyzer's engine pool while decoding goes on, a bounded number at a
/// time, so memory stays flat whatever the video's length.
public final class VideoIndexer {
    /// What to index, and how.
    public struct Options: Sendable {
        /// What to read, in which languages and regions.
        public var analysis: AnalysisOptions
        /// Seconds between sampled frames.
        public var interval: Double
        /// The range to index, in seconds; nil for the start or the end of the video.
        public var from: Double?
        public var to: Double?
        /// The video stream, or nil for the first playable, unprotected one.
        public var streamIndex: Int?

        public init(
            analysis: AnalysisOptions = AnalysisOptions(), interval: Double = 0.5, from: Double? = nil,
            to: Double? = nil, streamIndex: Int? = nil
        ) {
            self.analysis = analysis
            self.interval = interval
            self.from = from
            self.to = to
            self.streamIndex = streamIndex
        }
    }

    /// How far indexing has come.
    public struct Progress: Sendable {
        /// Seconds of video indexed, and of the whole range.
        public let indexed: Double
        public let total: Double
        /// Cues found so far (stretches of settled pictures).
        public let segments: Int
    }

    /// Content that lasts less than this and never settles is a transition, not a cue.
    static let shortestUnsettled = 1.0

    private let url: String
    private let options: Options
    private let analyzer: FrameAnalyzer
    private let scan: VideoDecoder
    private let media: MediaInfo
    private var refiner: VideoDecoder?

    /// Opens a video for indexing.
    ///
    /// - Throws: `MediaError` (missing, not media, no video, protected, a range outside the video).
    public init(url: String, options: Options, analyzer: FrameAnalyzer = .shared) throws(MediaError) {
        let file = try MediaFile(url: url)
        let stream = try file.info.videoStream(requested: options.streamIndex)
        self.url = url
        self.options = options
        self.analyzer = analyzer
        media = file.info
        // One thread each: a chain of P-frames hardly parallelises, and the other core is the OCR's.
        scan = try VideoDecoder(file: file, streamIndex: stream.index, threads: 1)
        scan.skipping = (.bidirectional, .max)
        if let from = options.from, let duration = media.duration, from >= duration {
            throw MediaError(.timeOutOfRange, "--from \(MediaTime.clock(from)) is past the end of the video (\(MediaTime.clock(duration)))")
        }
        if let from = options.from, let to = options.to, to <= from {
            throw MediaError(.timeOutOfRange, "--to \(MediaTime.clock(to)) is not after --from \(MediaTime.clock(from))")
        }
    }

    /// Indexes the range.
    ///
    /// - Parameters:
    ///   - progress: called after each sampled frame.
    ///   - isCancelled: polled once per decoded frame; when true, indexing stops and what was indexed so
    ///     far is returned, marked incomplete.
    /// - Throws: `MediaError` (protected packets), `AnalysisError` (missing language).
    public func run(
        progress: (Progress) -> Void = { _ in }, isCancelled: () -> Bool = { false }
    ) async throws -> VideoIndex {
        if options.analysis.features.contains(.text) { try await analyzer.prepare(languages: options.analysis.languages) }
        let from = options.from ?? 0
        let to = min(options.to ?? .infinity, media.duration ?? .infinity)
        if from > 0 { try scan.seek(toKeyframeAtOrBefore: scan.timestamp(forTime: from)) }
        var state = ScanState(detector: ChangeDetector(regions: options.analysis.regions), maxInFlight: analyzer.enginesPerLanguage + 1)
        var nextSample = from
        var cancelled = false
        var reachedEnd = false
        var lastFrame: VideoFrame?
        while let frame = try scan.nextFrame() {
            if isCancelled() {
                cancelled = true
                break
            }
            if frame.time >= to {
                reachedEnd = true
                break
            }
            guard frame.time + frameDuration > from else { continue }
            lastFrame = frame
            let thumbnail = try Thumbnail(frame)
            state.scanned.append(ScannedFrame(frame, thumbnail))
            guard frame.time >= nextSample else { continue }
            nextSample = frame.time + options.interval
            try await sample(frame, thumbnail, from: from, state: &state)
            progress(Progress(indexed: frame.time - from, total: (to.isFinite ? to : frame.time) - from, segments: state.segments.count))
        }
        if let pending = state.pendingChange, !cancelled { try await confirm(pending, state: &state) }
        let lastShown = lastFrame.map { $0.time + frameDuration } ?? from
        // The stream ended well before the container's duration: the file is cut short.
        let brokeOff = !cancelled && !reachedEnd && to.isFinite && lastShown + max(1, 3 * frameDuration) < to
        let end = cancelled || brokeOff || !to.isFinite ? lastShown : to
        state.finish(at: end, frameNumber: frameNumber(at: end), analyzer: analyzer, options: options.analysis)
        var segments = state.segments
        for index in segments.indices {
            segments[index].analysis = try await state.analyses[index]?.value
        }
        var warnings: [String] = []
        if brokeOff || scan.file.readError != nil {
            let reason = scan.file.readError.map { " (\($0))" } ?? ""
            warnings.append("\(url) breaks off at \(MediaTime.clock(end))\(reason); indexed up to there")
        }
        if scan.damagedPackets > 0 {
            warnings.append("\(url) is damaged in places (\(scan.damagedPackets) packets or frames); cues near them may be off")
        }
        return VideoIndex(
            video: url, from: from, to: end, complete: !cancelled && !brokeOff && scan.file.readError == nil,
            warnings: warnings,
            cues: CueBuilder.cues(from: segments))
    }

    private var frameDuration: Double { 1 / (scan.frameRate?.doubleValue ?? 25) }

    private func frameNumber(at seconds: Double) -> Int {
        Int((seconds * (scan.frameRate?.doubleValue ?? 25)).rounded())
    }

    /// Handles one sampled frame. A change must be a step: if the changed cells change again at the next
    /// sample they are in motion and the change is dropped; if they hold, the open stretch closes at the
    /// first changed frame. A picture unchanged since the last sample has settled and is read.
    private func sample(_ frame: VideoFrame, _ thumbnail: Thumbnail, from: Double, state: inout ScanState) async throws {
        defer { state.forgetScannedFramesBeforeLastSamples() }
        guard let previous = state.lastSample else {
            state.open(at: from, frameNumber: frameNumber(at: from), with: frame, thumbnail)
            return
        }
        let differences = state.detector.observe(from: previous.thumbnail, to: thumbnail)
        if let pending = state.pendingChange {
            state.pendingChange = nil
            if state.detector.isChange(pending.differences) { try await confirm(pending, state: &state) }
        }
        state.lastSample = (frame, thumbnail)
        if state.detector.isChange(differences) {
            state.pendingChange = PendingChange(before: previous, after: (frame, thumbnail), differences: differences)
        } else {
            try await state.settle(with: frame, thumbnail, analyzer: analyzer, options: options.analysis)
        }
    }

    /// A change that held: the open stretch ends at its first changed frame and a new one begins.
    ///
    /// The scan's own frames (I and P) narrow it down to the B-frames between the last unchanged and the
    /// first changed one; a second decoder decodes just those, from the keyframe before.
    private func confirm(_ change: PendingChange, state: inout ScanState) async throws {
        let window = state.scanned.filter { $0.pts > change.before.frame.pts && $0.pts <= change.after.frame.pts }
        let reference = change.before.thumbnail
        let changed = window.first { state.detector.differs(reference, $0.thumbnail) } ?? ScannedFrame(change.after.frame, change.after.thumbnail)
        let unchanged = window.last { $0.pts < changed.pts } ?? ScannedFrame(change.before.frame, reference)
        let first = try firstChangedFrame(after: unchanged, reference: reference, upTo: changed, detector: state.detector)
        try await state.close(at: first.time, frameNumber: first.frameNumber, analyzer: analyzer, options: options.analysis)
        state.open(at: first.time, frameNumber: first.frameNumber, with: change.after.frame, change.after.thumbnail)
    }

    /// The first frame after `unchanged`, up to `changed`, whose thumbnail differs from `reference`.
    private func firstChangedFrame(
        after unchanged: ScannedFrame, reference: Thumbnail, upTo changed: ScannedFrame, detector: ChangeDetector
    ) throws -> ScannedFrame {
        let decoder = try refiner ?? VideoDecoder(file: try MediaFile(url: url), streamIndex: scan.streamIndex, threads: 1)
        refiner = decoder
        try decoder.seek(toKeyframeAtOrBefore: unchanged.pts)
        // B-frames shown before a reference frame are not referred to by frames shown after it.
        decoder.skipping = (.bidirectional, unchanged.pts)
        while let frame = try decoder.nextFrame(), frame.pts < changed.pts {
            guard frame.pts > unchanged.pts else { continue }
            let thumbnail = try Thumbnail(frame)
            if detector.differs(reference, thumbnail) { return ScannedFrame(frame, thumbnail) }
        }
        return changed
    }
}

/// A frame the scan decoded: when it is shown, and its thumbnail.
private struct ScannedFrame {
    let pts: Int64
    let time: Double
    let frameNumber: Int
    let thumbnail: Thumbnail

    init(_ frame: VideoFrame, _ thumbnail: Thumbnail) {
        pts = frame.pts
        time = frame.time
        frameNumber = frame.frameNumber
        self.thumbnail = thumbnail
    }
}

/// Two samples that differ, waiting for the next sample to tell a change from motion.
private struct PendingChange {
    let before: (frame: VideoFrame, thumbnail: Thumbnail)
    let after: (frame: VideoFrame, thumbnail: Thumbnail)
    let differences: [Int]
}

/// The scan's bookkeeping: the stretches of video so far, the open one, and the analyses under way.
private struct ScanState {
    var detector: ChangeDetector
    var pendingChange: PendingChange?
    /// The frames decoded since the sample before the last one (or before a pending change).
    var scanned: [ScannedFrame] = []
    let maxInFlight: Int
    var segments: [CueBuilder.Segment] = []
    var analyses: [Task<FrameAnalysis, any Error>?] = []
    var lastSample: (frame: VideoFrame, thumbnail: Thumbnail)?
    /// The open stretch's latest sample, and whether the picture has settled (and is being read).
    private var candidate: (frame: VideoFrame, thumbnail: Thumbnail)?
    private var settled = false
    /// The last picture read, so that the same content is never read twice in a row.
    private var lastRead: (thumbnail: Thumbnail, analysis: Task<FrameAnalysis, any Error>)?
    private var inFlight: [Task<FrameAnalysis, any Error>] = []

    init(detector: ChangeDetector, maxInFlight: Int) {
        self.detector = detector
        self.maxInFlight = maxInFlight
    }

    /// Keeps only the scanned frames a pending or the next change may need.
    mutating func forgetScannedFramesBeforeLastSamples() {
        guard let oldest = pendingChange?.before.frame.pts ?? lastSample?.frame.pts else { return }
        scanned.removeAll { $0.pts < oldest }
    }

    mutating func open(at time: Double, frameNumber: Int, with frame: VideoFrame, _ thumbnail: Thumbnail) {
        segments.append(CueBuilder.Segment(start: time, startFrame: frameNumber, end: time, endFrame: frameNumber))
        analyses.append(nil)
        candidate = (frame, thumbnail)
        settled = false
        lastSample = (frame, thumbnail)
    }

    /// The picture did not change since the last sample: read it, once.
    mutating func settle(with frame: VideoFrame, _ thumbnail: Thumbnail, analyzer: FrameAnalyzer, options: AnalysisOptions) async throws {
        guard !settled, !segments.isEmpty else { return }
        settled = true
        candidate = (frame, thumbnail)
        try await read(frame, thumbnail, analyzer: analyzer, options: options)
    }

    /// The open stretch ends: one that never settled is read if it lasted, else it was a transition.
    mutating func close(at time: Double, frameNumber: Int, analyzer: FrameAnalyzer, options: AnalysisOptions) async throws {
        guard let last = segments.indices.last else { return }
        segments[last].end = time
        segments[last].endFrame = frameNumber
        if !settled, let candidate, time - segments[last].start >= VideoIndexer.shortestUnsettled {
            try await read(candidate.frame, candidate.thumbnail, analyzer: analyzer, options: options)
        }
    }

    /// The end of the range: the open stretch ends there and is read if it has not been.
    mutating func finish(at time: Double, frameNumber: Int, analyzer: FrameAnalyzer, options: AnalysisOptions) {
        guard let last = segments.indices.last else { return }
        segments[last].end = time
        segments[last].endFrame = frameNumber
        if !settled, let candidate {
            analyses[last] = Task { try await analyzer.analyze(candidate.frame, options: options) }
        }
    }

    private mutating func read(_ frame: VideoFrame, _ thumbnail: Thumbnail, analyzer: FrameAnalyzer, options: AnalysisOptions) async throws {
        if let lastRead, !detector.differs(lastRead.thumbnail, thumbnail) {
            analyses[analyses.count - 1] = lastRead.analysis
            return
        }
        if inFlight.count >= maxInFlight {
            _ = try await inFlight.removeFirst().value
        }
        let analysis = Task { try await analyzer.analyze(frame, options: options) }
        inFlight.append(analysis)
        analyses[analyses.count - 1] = analysis
        lastRead = (thumbnail, analysis)
    }
}
