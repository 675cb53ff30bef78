// The indexer's change/settle state machine: which stretches of video the scan has found, when a picture
// has settled, and what to read. It decides; `PictureReader` and `ExactFrames` do the decoding and reading.

/// Where a stretch of video starts or ends: a frame's time and number.
struct Boundary: Sendable {
    let time: Double
    let frameNumber: Int
}

/// A frame the scan decoded: when it is shown, and its thumbnail.
struct ScannedFrame: Sendable {
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
struct PendingChange {
    let before: (frame: VideoFrame, thumbnail: Thumbnail)
    let after: (frame: VideoFrame, thumbnail: Thumbnail)
    let differences: [Int]
    /// How many more samples it has been followed through, its cells still changing (an animation).
    var extensions = 0

    /// The same change, now running on to `sample`.
    func extended(to sample: (frame: VideoFrame, thumbnail: Thumbnail)) -> PendingChange {
        PendingChange(
            before: before, after: sample, differences: sample.thumbnail.differences(from: before.thumbnail),
            extensions: extensions + 1)
    }
}

/// A stretch of video with one picture, as the scan found it.
struct Stretch {
    /// Its first frame, possibly still being pinned down by `ExactFrames`.
    let start: Task<Boundary, any Error>
    /// When it started, to the nearest scanned frame (for the transition rule).
    let roughStart: Double
    /// Where the picture changed as it began (nothing for the first).
    let changed: [NormalizedRect]
    /// The cell differences of the change that opened it, kept only when that change ended a stretch
    /// never read (see `ScanState.finish`).
    let opening: [Int]?
    /// What was read on it, if anything.
    var analysis: Task<FrameAnalysis, any Error>?
}

/// The scan's bookkeeping: the stretches of video so far (their starts possibly still being pinned
/// down), the open one, and the reads under way.
///
/// A settled picture is read from an intra frame of the scan that shows it, when one comes before the
/// stretch ends; otherwise `ExactFrames` decodes the settled sample exactly for the read.
struct ScanState {
    /// The scan's decoder, which knows which B-frames it skipped.
    let scan: VideoDecoder
    var detector: ChangeDetector
    let reader: PictureReader
    var pendingChange: PendingChange?
    /// The frames decoded since the sample before the last one (or before a pending change); their
    /// thumbnails are made only when a change is to be narrowed down among them.
    private var scanned: [VideoFrame] = []
    /// The open stretch's newest intra frame: exact as the scan decodes it.
    private var latestIntra: VideoFrame?
    /// The open stretch's settled picture, when it is still to be read (from an intra frame, if one comes).
    private var unread: (frame: VideoFrame, thumbnail: Thumbnail)?
    /// The stretches so far, the open one last.
    private var stretches: [Stretch]
    private var lastSample: (frame: VideoFrame, thumbnail: Thumbnail)?
    /// The open stretch's latest sample, and whether the picture has settled (and is being read).
    private var candidate: VideoFrame?
    private var settled = false
    /// Whether the change that opened the open stretch held still at the next sample.
    private var openedByStep = false
    /// The last picture read, so that the same content is never read twice in a row.
    private var lastRead: (thumbnail: Thumbnail, analysis: Task<FrameAnalysis, any Error>)?
    private var inFlight: [Task<FrameAnalysis, any Error>] = []
    /// Captions over moving video, found in every decoded frame, and their cues being made.
    private var captionTracker: CaptionTracker
    private let captionReader: CaptionReader
    private var captionReads: [Task<Cue?, any Error>] = []

    init(scan: VideoDecoder, detector: ChangeDetector, reader: PictureReader, captions: CaptionReader, start: Boundary) {
        self.scan = scan
        self.detector = detector
        self.reader = reader
        captionReader = captions
        captionTracker = CaptionTracker(regions: reader.options.regions, ignoring: reader.options.ignoredRegions)
        stretches = [Stretch(start: Task { start }, roughStart: start.time, changed: [], opening: nil)]
    }

    var segmentCount: Int { stretches.count }

    /// Takes note of a frame the scan decoded; an intra frame showing the unread settled picture is read.
    mutating func decoded(_ frame: VideoFrame) async throws {
        scanned.append(frame)
        if reader.options.features.contains(.text) {
            captionReads += captionTracker.observe(frame).map { captionReader.cue(for: $0) }
        }
        guard frame.isIntra else { return }
        latestIntra = frame
        if let unread, !detector.differs(unread.thumbnail, try Thumbnail(frame)) {
            self.unread = nil
            try await read(.scanned(frame), unread.thumbnail)
        }
    }

    /// Handles one sampled frame. A change must be a step: if the changed cells change again at the next
    /// sample they are in motion, or an animation still running: it is followed on for up to
    /// `ChangeDetector.longestAnimation` samples, and dropped if they keep changing. Once they hold, the
    /// open stretch closes at the first changed frame. A picture unchanged since the last sample has
    /// settled and is read.
    mutating func sample(_ frame: VideoFrame, _ thumbnail: Thumbnail) async throws {
        defer { forgetScannedFrames() }
        guard let previous = lastSample else {
            lastSample = (frame, thumbnail)
            candidate = frame
            return
        }
        let differences = detector.observe(from: previous.thumbnail, to: thumbnail)
        if let pending = pendingChange, !detector.isChange(pending.differences) {
            guard pending.extensions + 1 < ChangeDetector.longestAnimation else {
                pendingChange = nil
                return try await sampleWithoutPending(frame, thumbnail, differences)
            }
            pendingChange = pending.extended(to: (frame, thumbnail))
            lastSample = (frame, thumbnail)
            return
        }
        try await confirmPendingChange(next: differences)
        try await sampleWithoutPending(frame, thumbnail, differences)
    }

    /// The rest of `sample` once no change is pending: a change starts one, else the picture may settle.
    private mutating func sampleWithoutPending(
        _ frame: VideoFrame, _ thumbnail: Thumbnail, _ differences: [Int]
    ) async throws {
        let previous = lastSample!
        lastSample = (frame, thumbnail)
        if detector.isChange(differences) {
            pendingChange = PendingChange(before: previous, after: (frame, thumbnail), differences: differences)
        } else if !settled {
            settled = true
            candidate = frame
            try await settle(frame, thumbnail)
        }
    }

    /// A change that held: the open stretch ends at its first changed frame, and a new one begins. That
    /// frame is the first changed scanned frame when the scan skipped no frame just before it (it decodes
    /// the B-frames before new content); else `ExactFrames` pins it down between the last unchanged and
    /// the first changed scanned frame. Frames are compared in the cells that changed and held until the
    /// next sample (`next`: the differences from the change's second sample to it; nil at the end), and
    /// must show at least half of the change (`ChangeDetector.Shape`).
    mutating func confirmPendingChange(next: [Int]?) async throws {
        guard let change = pendingChange else { return }
        pendingChange = nil
        try await readUnread()
        let reference = change.before.thumbnail
        let focus = detector.steps(of: change.differences, thenHeld: next)
        var window: [ScannedFrame] = []
        for frame in scanned where frame.pts > change.before.frame.pts && frame.pts < change.after.frame.pts {
            window.append(ScannedFrame(frame, try Thumbnail(frame)))
        }
        window.append(ScannedFrame(change.after.frame, change.after.thumbnail))
        let shape = detector.shape(of: change.differences, within: focus)
        let changed = window.first { detector.shows(shape, from: reference, to: $0.thumbnail) } ?? window[window.count - 1]
        let unchanged = window.last { $0.pts < changed.pts } ?? ScannedFrame(change.before.frame, reference)
        if !settled, let candidate,
           openedByStep || changed.time - stretches[stretches.count - 1].roughStart >= VideoIndexer.shortestUnsettled
        {
            try await read(.exact(candidate.pts), nil)
        }
        if let intra = latestIntra, intra.pts < changed.pts { latestIntra = nil }
        let motion = detector
        let start: Task<Boundary, any Error> =
            if scan.skippedFrames(after: unchanged.pts, before: changed.pts) {
                reader.exact.submit { cursor in
                    try firstChangedFrame(after: unchanged, upTo: changed, detector: motion, shape: shape, in: cursor)
                }
            } else {
                Task { Boundary(time: changed.time, frameNumber: changed.frameNumber) }
            }
        stretches.append(Stretch(
            start: start, roughStart: changed.time, changed: detector.changedRegions(change.differences),
            opening: stretches[stretches.count - 1].analysis == nil ? change.differences : nil))
        candidate = change.after.frame
        openedByStep = focus != nil
        settled = false
    }

    /// The end of the range: the open stretch is read if it has not been, and every stretch is resolved.
    /// A change that lies wholly in cells found in motion later on (an inset before the detector knew it)
    /// and ended a stretch never read was no change: the two stretches are one.
    mutating func finish(at end: Boundary) async throws -> [CueBuilder.Segment] {
        try await readUnread()
        if !settled, let candidate { try await read(.exact(candidate.pts), nil) }
        var boundaries: [Boundary] = []
        for stretch in stretches { boundaries.append(try await stretch.start.value) }
        boundaries.append(end)
        var segments: [CueBuilder.Segment] = []
        for (index, stretch) in stretches.enumerated() {
            var segment = CueBuilder.Segment(
                start: boundaries[index].time, startFrame: boundaries[index].frameNumber,
                end: boundaries[index + 1].time, endFrame: boundaries[index + 1].frameNumber,
                analysis: try await stretch.analysis?.value, changed: stretch.changed)
            if let previous = segments.last, previous.analysis == nil, let opening = stretch.opening,
               detector.wasMotion(opening)
            {
                segment.start = previous.start
                segment.startFrame = previous.startFrame
                segment.changed = previous.changed
                segments.removeLast()
            }
            segments.append(segment)
        }
        return segments
    }

    /// The cues of the captions found over moving video, in order; those still shown end with the range.
    mutating func captionCues(rangeEnd end: Boundary) async throws -> [Cue] {
        captionReads += captionTracker.finish().map { captionReader.cue(for: $0, rangeEnd: (end.time, end.frameNumber)) }
        var cues: [Cue] = []
        for read in captionReads { if let cue = try await read.value { cues.append(cue) } }
        return cues.sorted { $0.start < $1.start }
    }

    /// A picture has settled: the last picture read is reused when it is the same, else an intra frame of
    /// the stretch showing it is read, else the read waits for one (`unread`).
    private mutating func settle(_ frame: VideoFrame, _ thumbnail: Thumbnail) async throws {
        if let lastRead, !detector.differs(lastRead.thumbnail, thumbnail) {
            stretches[stretches.count - 1].analysis = lastRead.analysis
        } else if let intra = latestIntra, !detector.differs(thumbnail, try Thumbnail(intra)) {
            try await read(.scanned(intra), thumbnail)
        } else {
            unread = (frame, thumbnail)
        }
    }

    /// The open stretch ends with its settled picture unread: its sample is decoded exactly and read.
    private mutating func readUnread() async throws {
        guard let unread else { return }
        self.unread = nil
        try await read(.exact(unread.frame.pts), unread.thumbnail)
    }

    private mutating func read(_ picture: PictureReader.Picture, _ thumbnail: Thumbnail?) async throws {
        if inFlight.count > reader.analyzer.enginesPerLanguage {
            _ = try await inFlight.removeFirst().value
        }
        let analysis = reader.read(picture, ignoring: detector.movingRegions)
        inFlight.append(analysis)
        stretches[stretches.count - 1].analysis = analysis
        if let thumbnail { lastRead = (thumbnail, analysis) }
    }

    /// Keeps only the scanned frames a pending or the next change may need.
    private mutating func forgetScannedFrames() {
        guard let oldest = pendingChange?.before.frame.pts ?? lastSample?.frame.pts else { return }
        scanned.removeAll { $0.pts < oldest }
        scan.forgetSkippedFrames(before: oldest)
    }
}
