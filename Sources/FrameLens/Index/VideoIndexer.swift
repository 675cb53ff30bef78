import Foundation

/// Indexes a video's on-screen text: decodes forward, samples small thumbnails, and reads a picture
/// only once it has changed and settled.
///
/// The scan decoder skips B-frames and most deblocking, which is fast but can leave frames that refer to
/// a skipped B-frame slightly damaged: its frames serve for thumbnails, and only its intra frames, which
/// nothing skipped can touch, are read. When two samples differ, a second view (`ExactFrames`, beside
/// the scan) decodes the frames between them, B-frames included, and finds the first changed one from
/// thumbnails alone, so cue times are exact to the frame; it also decodes exactly the pictures that
/// settle where the scan met no intra frame. While the picture is still, the scan decodes little more than
/// keyframes: the rest of a group of pictures whose packets bring nothing new is left undecoded
/// (`SteadyGroups`), and a change found at the next keyframe is pinned down by `ExactFrames` the same way.
/// Analyses run on the shared analyzer's engine pool while decoding goes on, a bounded number at a
/// time, so memory stays flat whatever the video's length.
public final class VideoIndexer {
    /// What to index, and how.
    public struct Options: Sendable {
        /// What to read, in which languages and regions.
        public var analysis: AnalysisOptions
        /// The time between sampled frames. At 0.25 s a caption or a blank of half a second gets two samples,
        /// so that it settles and is read (at 0.5 s it may get one, and be taken for a transition).
        public var interval: Timestamp
        /// Where the range to index starts; nil for the start of the video.
        public var from: Timestamp?
        /// Where the range to index ends; nil for the end of the video.
        public var to: Timestamp?
        /// The video stream, or nil for the first playable, unprotected one.
        public var streamIndex: Int?
        /// What finds captions over moving pictures.
        public var captionFinder: CaptionFinder

        /// Options for indexing the first playable video stream from start to end, every half second.
        ///
        /// - Parameters:
        ///   - analysis: what to read, in which languages and regions.
        ///   - interval: the time between sampled frames.
        ///   - from: where the range starts; nil for the start of the video.
        ///   - to: where the range ends; nil for the end of the video.
        ///   - streamIndex: the video stream, or nil for the first playable, unprotected one.
        ///   - captionFinder: what finds captions over moving pictures.
        public init(
            analysis: AnalysisOptions = AnalysisOptions(), interval: Timestamp = 0.5, from: Timestamp? = nil,
            to: Timestamp? = nil, streamIndex: Int? = nil, captionFinder: CaptionFinder = .rules
        ) {
            self.analysis = analysis
            self.interval = interval
            self.from = from
            self.to = to
            self.streamIndex = streamIndex
            self.captionFinder = captionFinder
        }
    }

    /// How far indexing has come.
    public struct Progress: Sendable {
        /// How much of the range was indexed.
        public let indexed: Timestamp
        /// The length of the whole range (up to the frame reached, when the video's length is unknown).
        public let total: Timestamp
        /// Cues found so far (stretches of settled pictures).
        public let segments: Int

        package init(indexed: Timestamp, total: Timestamp, segments: Int) {
            self.indexed = indexed
            self.total = total
            self.segments = segments
        }
    }

    /// Content that lasts less than this and never settles is a transition, not a cue, unless the change
    /// that brought it held still (a caption shown for a second between two samples).
    static let shortestUnsettled = 1.0

    private let url: String
    private let options: Options
    private let analyzer: FrameAnalyzer
    /// The scan's decoder (internal for tests, which count what it decoded).
    let scan: VideoDecoder
    private let media: MediaInfo
    /// The file's identity, read when it was opened; nil for a URL.
    private let identity: VideoIdentity?

    /// Opens a video by URL (a `file:` URL or any URL FFmpeg reads) for indexing.
    ///
    /// - Throws: `TimeError` or `MediaError`, as `init(url:options:analyzer:)` with a path.
    public convenience init(url: URL, options: Options, analyzer: FrameAnalyzer = .shared) throws {
        try self.init(url: url.isFileURL ? url.path : url.absoluteString, options: options, analyzer: analyzer)
    }

    /// Opens a video for indexing.
    ///
    /// - Throws: `TimeError` (`.negative`, `.tooLarge`) for a `from`, `to` or `interval` that is not a time a
    ///   clock holds, before anything is opened; `MediaError` (missing, not media, no video, protected, a range
    ///   outside the video; `.unsupported` for a pipe, which cannot be read twice).
    public init(url: String, options: Options, analyzer: FrameAnalyzer = .shared) throws {
        try Self.checkTimes(options)
        let file = try MediaFile(url: url)
        // The scan and `ExactFrames` each read the input: a pipe would give each a part of it.
        guard !file.isPipe else {
            throw MediaError(.unsupported, "cannot index \(url): it is a pipe, read only once; indexing reads a video twice at once, so it needs a file or a URL")
        }
        let stream = try file.info.videoStream(requested: options.streamIndex)
        self.url = url
        self.options = options
        self.analyzer = analyzer
        media = file.info
        identity = try? VideoIdentity(ofFileAt: url)
        // One thread each: a chain of P-frames hardly parallelises, and the other core is the OCR's.
        scan = try VideoDecoder(file: file, streamIndex: stream.index, threads: 1)
        scan.skipping = (.bidirectional, .max)
        if let from = options.from?.seconds, let duration = media.duration?.seconds, from >= duration {
            throw MediaError(.timeOutOfRange, "the start time \(MediaTime.clock(from)) is past the end of the video (\(MediaTime.clock(duration)))")
        }
        if let to = options.to?.seconds, to <= options.from?.seconds ?? 0 {
            let start = options.from.map { "the start time \(MediaTime.clock($0.seconds))" } ?? "the start of the video"
            throw MediaError(.timeOutOfRange, "the end time \(MediaTime.clock(to)) is not after \(start)")
        }
    }

    /// Opens a video for indexing as `init(url:options:analyzer:)` does, off Swift's cooperative pool:
    /// opening probes the file, which blocks.
    ///
    /// - Throws: `TimeError` or `MediaError`, as `init(url:options:analyzer:)`; `CancellationError` when the task is
    ///   cancelled before the opening starts.
    public static func open(url: String, options: Options, analyzer: FrameAnalyzer = .shared) async throws -> VideoIndexer {
        try await BlockingWork.run(on: .global(qos: .userInitiated)) {
            Handover(try VideoIndexer(url: url, options: options, analyzer: analyzer))
        }.value
    }

    /// Refuses times no clock holds before anything is opened: negative, or past `MediaTime.largest` (about
    /// 31 years) for `from` and `to`, and an `interval` that is not positive.
    private static func checkTimes(_ options: Options) throws(TimeError) {
        for (name, time) in [("start time", options.from), ("end time", options.to)] {
            guard let seconds = time?.seconds, !(seconds >= 0 && seconds <= MediaTime.largest) else { continue }
            throw TimeError.unheld(name, seconds)
        }
        let interval = options.interval.seconds
        guard interval > 0, interval <= MediaTime.largest else {
            throw TimeError.interval(interval)
        }
    }

    /// Indexes the range.
    ///
    /// - Parameters:
    ///   - progress: called after each sampled frame.
    ///   - isCancelled: polled once per decoded frame; when true, indexing stops, the reads asked for finish,
    ///     and what was indexed so far is returned, marked incomplete. When the task is cancelled, the same,
    ///     but reads not yet begun are not run (their pictures give no cue).
    /// - Throws: `MediaError` (protected packets), `AnalysisError` (missing language).
    public func run(
        progress: (Progress) -> Void = { _ in }, isCancelled: () -> Bool = { false }
    ) async throws -> VideoIndex {
        // Demuxing and decoding block: the scan runs on a queue of its own, off Swift's cooperative pool.
        try await withTaskExecutorPreference(QueueExecutor(label: "FrameLens.VideoIndexer")) {
            try await indexRange(progress: progress, isCancelled: isCancelled)
        }
    }

    private func indexRange(progress: (Progress) -> Void, isCancelled: () -> Bool) async throws -> VideoIndex {
        if options.analysis.features.contains(.text) { try await analyzer.prepare(languages: options.analysis.languages) }
        if options.captionFinder == .detector { _ = try PPOCREngine.shared() }
        let from = options.from?.seconds ?? 0
        let to = min(options.to?.seconds ?? .infinity, media.duration?.seconds ?? .infinity)
        if from > 0 { try scan.seek(toKeyframeAtOrBefore: scan.timestamp(forTime: from)) }
        if to.isFinite { scan.steadyGroupsEnd = scan.timestamp(forTime: to) }
        let reader = PictureReader(
            analyzer: analyzer, options: options.analysis, exact: try ExactFrames(url: url, streamIndex: scan.streamIndex))
        var state = ScanState(
            skippedFrames: { [scan] in scan.skippedFrames(after: $0, before: $1) },
            decodedExactly: { [scan] in scan.decodedExactly($0) },
            detector: ChangeDetector(regions: options.analysis.regions), options: options.analysis,
            start: from, detectsText: options.captionFinder == .detector)
        let (scanned, results) = try await reader.carryingOut { submit in
            var clock = SampleClock(interval: options.interval.seconds, from: from)
            var cancelled = false
            /// The last frame before the range: on screen at its start, unless a frame starts right there.
            var beforeRange: VideoFrame?
            /// The first frame after the range, when the video goes on past it.
            var afterRange: VideoFrame?
            /// The frame on screen: the last one taken, and its thumbnail once it was sampled.
            var shown: (frame: VideoFrame, thumbnail: Thumbnail?)?
            func sample(_ frame: VideoFrame, at time: Double) async throws {
                let thumbnail = try shown.flatMap { $0.frame.pts == frame.pts ? $0.thumbnail : nil } ?? Thumbnail(frame)
                shown = (frame, thumbnail)
                try state.sample(frame, thumbnail)
                let looked = state.looksForText
                let kept = looked ? state.linesStillShown : nil
                var lines = kept ?? []
                if looked, kept == nil {
                    lines = try await analyzer.readLines(of: frame, options: options.analysis, leavingPages: true)
                }
                state.sighted(lines, at: frame, looked: looked, kept: kept != nil)
                if let oldest = state.oldestNeededFrame { scan.forgetSkippedFrames(before: oldest) }
                try await submit(state.takeRequests())
                progress(Progress(
                    indexed: Timestamp(keeping: time - from), total: Timestamp(keeping: (to.isFinite ? to : time) - from),
                    segments: state.segmentCount))
            }
            /// The frame on screen is sampled again at each sample time it covers before `time`.
            func hold(until time: Double) async throws {
                guard let held = shown?.frame else { return }
                for time in clock.heldSamples(before: time) { try await sample(held, at: time) }
            }
            /// `shownAtStart`: the number of the frame on screen at the range's start, when it is not `frame`'s.
            func take(_ frame: VideoFrame, shownAtStart number: Int? = nil) async throws {
                if shown == nil { state.begin(atFrame: number ?? frame.frameNumber) }
                if let held = shown?.frame, scan.leftOutSteadyFrames(after: held.pts, before: frame.pts) {
                    // The frames between were left undecoded as bringing nothing new: how the picture moved
                    // meanwhile is unknown, so the held frame is not sampled again as if it had stood still.
                    _ = clock.heldSamples(before: frame.time)
                } else {
                    try await hold(until: frame.time)
                }
                shown = (frame, nil)
                try CostLedger.measure(.scan, pixels: frame.width * frame.height) { try state.decoded(frame) }
                try await submit(state.takeRequests())
                if clock.isSample(frame.time) { try await sample(frame, at: frame.time) }
            }
            while true {
                // A still picture's steady stretches need no decoding but for their keyframes.
                scan.stillPicture = state.isStill ? { state.stillShows($0) } : nil
                scan.keepsReferences = state.isFilmed
                guard let frame = try scan.nextFrame() else { break }
                if isCancelled() || Task.isCancelled {
                    cancelled = true
                    break
                }
                if frame.time >= to {
                    afterRange = frame
                    break
                }
                if frame.time < from {
                    beforeRange = frame
                    continue
                }
                if let first = beforeRange, frame.time > from {
                    // The frame on screen at the range's start may be one the scan skipped after `first` (a B-frame).
                    let start = scan.timestamp(forTime: from)
                    let number = scan.skippedFrames(after: first.pts, before: frame.pts)
                        ? try await reader.exact.run { try $0.frame(atTimestamp: start).frameNumber } : nil
                    try await take(first, shownAtStart: number)
                }
                beforeRange = nil
                try await take(frame)
            }
            if let only = beforeRange, !cancelled { try await take(only) }
            let lastFrame = shown?.frame
            let lastShown = lastFrame.map { $0.time + frameDuration } ?? from
            // The file's data ends before the file does (`MediaFile.readError`). A video stream that merely
            // ends before the audio does is not cut short: its last frame stays on screen to the end.
            let brokeOff = !cancelled && afterRange == nil && scan.file.readError != nil
            // The picture's size as shown, the space the cues' bounds are normalised to.
            let picture = (lastFrame ?? afterRange)?.displaySize
            let end = cancelled || brokeOff || !to.isFinite ? lastShown : to
            if !cancelled { try await hold(until: end) }
            if !cancelled { try state.confirmPendingChange(next: nil) }
            // The first frame after the range; at the end of the video, the frames counted (skipped ones included).
            let counted = cancelled ? nil : scan.framesCounted
            let endNumber = afterRange?.frameNumber ?? counted ?? lastFrame.map { $0.frameNumber + 1 } ?? 0
            let endBoundary = Boundary(time: end, frameNumber: endNumber)
            state.finish(rangeEnd: endBoundary)
            try await submit(state.takeRequests())
            return (end: endBoundary, cancelled: cancelled, brokeOff: brokeOff, picture: picture)
        }
        let (endBoundary, cancelled, brokeOff, picture) = scanned
        let end = endBoundary.time
        let segments = state.segments(until: endBoundary, results)
        var warnings: [String] = []
        if brokeOff, let reason = scan.file.readError {
            warnings.append("\(url) breaks off at \(MediaTime.clock(end)) (\(reason)); indexed up to there")
        }
        if scan.damagedPackets > 0 {
            warnings.append("\(url) is damaged in places (\(scan.damagedPackets) packets or frames); cues near them may be off")
        }
        var analysis = options.analysis
        analysis.isFilmed = state.isFilmed
        return VideoIndex(
            video: url, from: options.from ?? .zero, to: Timestamp(keeping: end), complete: !cancelled && !brokeOff,
            warnings: warnings,
            cues: CueBuilder.cues(
                from: segments, captions: results.captionCues, options: analysis,
                followedAnyText: options.captionFinder == .detector),
            identity: identity, width: picture?.width, height: picture?.height)
    }

    private var frameDuration: Double { 1 / (scan.frameRate?.doubleValue ?? 25) }
}
