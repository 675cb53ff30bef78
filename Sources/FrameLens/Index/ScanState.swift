// The indexer's change/settle state machine: which stretches of video the scan has found, when a picture
// has settled, and what to read. It decides, and does no I/O: it hands `ScanRequest`s back, and
// `PictureReader` carries them out.

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

/// Work the scan's state asks for: decoding between frames and reading, carried out by `PictureReader`.
enum ScanRequest: Sendable {
    /// Read a picture, leaving out the parts of the picture in motion; the reading is numbered `reading`.
    /// `filmed`: the camera was seen to drift (`AnalysisOptions.isFilmed`).
    case read(PictureReader.Picture, reading: Int, ignoring: [NormalizedRect], filmed: Bool)
    /// Other intra frames of the stretch that showed the picture of reading `reading`: when that reading is
    /// unsure, they are read too, and the readings combined word by word (`ReadingConsensus`).
    case confirm(reading: Int, with: [VideoFrame])
    /// Pin down where stretch `stretch` starts: the first frame after `unchanged`, up to `changed`, that
    /// shows the change (`firstChangedFrame`).
    case findStart(
        stretch: Int, after: ScannedFrame, upTo: ScannedFrame, detector: ChangeDetector, shape: ChangeDetector.Shape)
    /// Make a caption's cue, the `number`th caption found; `rangeEnd` is where one still shown at the end of
    /// the range ends.
    case caption(CaptionTracker.Caption, number: Int, rangeEnd: Boundary?)
    /// Make the cue of a caption the text detector's tracks found, the `number`th caption found; `rangeStart` is
    /// where one on screen at the first sample looked at starts, `rangeEnd` where one still shown at the end ends.
    case trackedCaption(TextTracks.Caption, number: Int, rangeStart: Boundary?, rangeEnd: Boundary?)
}

/// What the requests gave: the readings by number, the stretches' starts pinned down, the captions' cues.
/// A request cancelled before it ran gave nothing.
struct ScanResults {
    var readings: [Int: FrameAnalysis] = [:]
    var starts: [Int: Boundary] = [:]
    /// The captions' cues by number (a caption with no text gives none).
    var captions: [Int: Cue] = [:]

    /// The captions' cues in order of their start; those that start together, in the order they were found.
    var captionCues: [Cue] {
        captions.sorted { ($0.value.start, $0.key) < ($1.value.start, $1.key) }.map(\.value)
    }
}

/// A stretch of video with one picture, as the scan found it.
struct Stretch {
    /// Its first frame, or the first changed scanned frame when a `findStart` request pins it down.
    let start: Boundary
    /// Where the picture changed as it began (nothing for the first).
    let changed: [NormalizedRect]
    /// The cell differences of the change that opened it, kept only when that change ended a stretch
    /// never read (see `ScanState.segments`).
    let opening: [Int]?
    /// The number of the reading of its picture, if it was read.
    var reading: Int?
    /// The earlier stretch whose slide it shows again (`ScreenReturns`): the stretches from that one to this
    /// are one.
    var returnsTo: Int?
    /// The change that opened it, when that was an edit of one line of text (a key typed, `LineEdit`).
    var edit: LineEdit? = nil
    /// The rows of thumbnail cells the change that opened it changed.
    var changedRows: ClosedRange<Int>? = nil
    /// Whether its edit went on typing the line whose edit opened the stretch before it, which did not hold
    /// (`holds`): the two are one run of typing (`ScanState.segments`).
    var continuesTyping = false
    /// When its picture settled: the time of the first sample that showed it unchanged.
    var settledAt: Double? = nil

    /// Whether its picture held for `VideoIndexer.shortestUnsettled` after it settled, up to `end`.
    func holds(until end: Double) -> Bool {
        settledAt.map { end - $0 >= VideoIndexer.shortestUnsettled } ?? false
    }

    /// Whether it was typed through and never shown on its own: it did not hold until `end`, and it ends a run of
    /// typing, or it is a line typed at once and then entered (the change that ends it, in rows `next`, reaches a
    /// line's height below the line). What it shows belongs to the view before it (a command typed, then run).
    func isTypedThrough(until end: Double, enteredBy next: ClosedRange<Int>?) -> Bool {
        guard !holds(until: end), let edit else { return false }
        return continuesTyping
            || next.map { $0.overlaps(edit.rows) && $0.upperBound >= edit.rows.upperBound + edit.rows.count } ?? false
    }
}

/// The scan's bookkeeping: the stretches of video so far (their starts possibly still being pinned
/// down), the open one, and what is to be read.
///
/// A settled picture is read from an intra frame of the scan that shows it, when one comes before the
/// stretch ends; otherwise `ExactFrames` decodes the settled sample exactly for the read. A filmed picture is
/// read from the average of its samples the scan decoded exactly (`FrameAverage`).
struct ScanState {
    /// Whether the scan's decoder skipped frames between two timestamps (B-frames it did not decode).
    let skippedFrames: (_ after: Int64, _ before: Int64) -> Bool
    /// Whether the scan's decoder decoded the frame at a timestamp exactly (`VideoDecoder.decodedExactly`).
    let decodedExactly: (Int64) -> Bool
    var detector: ChangeDetector
    /// Whether text is read (else captions are not tracked).
    let readsText: Bool
    var pendingChange: PendingChange?
    /// The frames decoded since the sample before the last one (or before a pending change), to narrow a
    /// change down among.
    private var scanned = ScanWindow()
    /// The open stretch's newest intra frame: exact as the scan decodes it.
    private var latestIntra: VideoFrame?
    /// The thumbnail of the intra frame read for the open stretch, and later intra frames that show the
    /// same picture with other noise (the newest `ReadingConsensus.otherFrames`): a filmed slide, or one
    /// coded again at another quantiser. One that decodes the same as the frame read is not read again.
    private var readIntra: Thumbnail?
    private var sameIntras: [VideoFrame] = []
    /// The open stretch's settled picture, when it is still to be read (from an intra frame, if one comes), and
    /// the cells in motion when it settled.
    private var unread: (frame: VideoFrame, thumbnail: Thumbnail, moving: [Bool])?
    /// The open stretch's settled filmed picture, averaged over its samples until `FrameAverage.frames` are in or
    /// the stretch ends, and the cells in motion when it settled.
    private var averaging: (average: FrameAverage, moving: [Bool])?
    /// The stretches so far, the open one last.
    private var stretches: [Stretch]
    private var lastSample: (frame: VideoFrame, thumbnail: Thumbnail)?
    /// The open stretch's latest sample, and whether the picture has settled (and is being read).
    private var candidate: VideoFrame?
    private var settled = false
    /// How many cells were in motion when the open stretch's filmed picture settled, when they were at least
    /// `crossingShare` of the picture (a person crossing the screen): once fewer than a quarter of that many move
    /// and the picture shows an earlier stretch's slide, which it did not as it settled (the person has gone from
    /// in front of it), it settles again on that picture (`settleAgain`), once, and joins that slide's cue.
    private var settledAmidMotion: Int?
    /// The share of the cells in motion that a person crossing a filmed screen sets moving, at the least.
    static let crossingShare = 0.05
    /// Whether most of the change that opened the open stretch held still at the next sample
    /// (`ChangeDetector.heldMostly`): a step, not footage in motion.
    private var openedByStep = false
    /// The last picture read, so that the same content is never read twice in a row.
    private var lastRead: (thumbnail: Thumbnail, reading: Int)?
    private var readings = 0
    private var captionsFound = 0
    /// Captions over moving video, found in the decoded frames `captionGate` lets through, when no text
    /// detector follows text (`textTracks`).
    private var captionTracker: CaptionTracker
    private var captionGate = CaptionGate()
    /// The lines of text the learned detector found on the samples `captionGate` lets through, followed over
    /// time; nil without the detector.
    private var textTracks: TextTracks?
    /// Whether `captionGate` let the last decoded frame through.
    private var gateOpen = true
    /// The thumbnail of the last sample the text detector looked at, and the lines it read there.
    private var lastLook: (thumbnail: Thumbnail, lines: [RecognizedLine])?
    /// Whether the last sample showed the picture the text detector last looked at, and it kept those lines.
    private var linesKept = false
    /// The first sample the text detector looked at: a caption it shows was on screen from the range's start.
    private var firstLook: TextTracks.Sample?
    /// A sample whose thumbnail cells all differ by at most this many levels from the one the text detector last
    /// looked at shows the same lines (a still slide's text, a caption over it): they are not read again.
    static let sameLookLevels = 4
    private var returns = ScreenReturns()
    /// The last frame `stillShows` was asked about, and its thumbnail.
    private var judged: (pts: Int64, thumbnail: Thumbnail?)?
    /// What is asked for and not yet handed out (`takeRequests`).
    private var requests: [ScanRequest] = []

    init(
        skippedFrames: @escaping (_ after: Int64, _ before: Int64) -> Bool,
        decodedExactly: @escaping (Int64) -> Bool, detector: ChangeDetector, options: AnalysisOptions, start: Double,
        detectsText: Bool = false
    ) {
        self.skippedFrames = skippedFrames
        self.decodedExactly = decodedExactly
        self.detector = detector
        readsText = options.features.contains(.text)
        captionTracker = CaptionTracker(regions: options.regions, ignoring: options.ignoredRegions)
        textTracks = detectsText && readsText ? TextTracks() : nil
        stretches = [Stretch(start: Boundary(time: start, frameNumber: 0), changed: [], opening: nil)]
    }

    var segmentCount: Int { stretches.count }

    /// Whether the picture is filmed: the camera was seen to drift. Its frames are then decoded with every
    /// frame another refers to (`VideoDecoder.keepsReferences`), since a filmed picture's noise and motion
    /// make a frame decoded without its references differ from it far more than a digital one does.
    var isFilmed: Bool { returns.sawDrift }

    /// The range starts with frame `number` on screen: the first stretch starts at the range's start, with that
    /// frame's number.
    mutating func begin(atFrame number: Int) {
        let start = stretches[0].start
        stretches[0] = Stretch(start: Boundary(time: start.time, frameNumber: number), changed: [], opening: nil)
    }

    /// The requests made since the last call, in order.
    mutating func takeRequests() -> [ScanRequest] {
        defer { requests = [] }
        return requests
    }

    /// Whether the scan watches nothing that frames left undecoded could hide: the picture has settled, no
    /// change is pending, and no caption is tracked or looked for (`CaptionGate.isShut`). A change then
    /// shows in the next keyframe, and the frames before it are decoded to find where it began.
    var isStill: Bool {
        lastSample != nil && pendingChange == nil && settled && (!readsText || textHoldsStill)
    }

    /// Whether no caption is tracked or looked for; or, with the text detector, the lines it follows are the ones
    /// it read on this same still picture (`linesKept`): while the picture holds, they do too.
    private var textHoldsStill: Bool {
        guard let textTracks else { return !captionTracker.isTracking && captionGate.isShut }
        return textTracks.isTracking ? linesKept && captionGate.isAtRest : captionGate.isShut
    }

    /// Whether the text detector is to look at the sample just taken: it follows text, and the caption gate let
    /// the frame through.
    var looksForText: Bool { textTracks != nil && gateOpen }

    /// The lines the text detector read at its last look, when the sample just taken shows the same picture
    /// (`sameLookLevels`); nil when it is to look again. On a still picture (`partsPlaying`) the same picture is
    /// what the change detector takes for one, but for the places where captions came and went, which it takes for
    /// motion: the parts that play (a presenter inset) and a keyframe's other coding noise make no other picture.
    var linesStillShown: [RecognizedLine]? {
        guard let lastLook, let lastSample else { return nil }
        let differences = lastSample.thumbnail.plainDifferences(from: lastLook.thumbnail)
        if let moving = partsPlaying {
            return detector.isChange(differences, leavingOut: moving) ? nil : lastLook.lines
        }
        return differences.allSatisfy { $0 <= Self.sameLookLevels } ? lastLook.lines : nil
    }

    /// The cells that play (`ChangeDetector.cellsPlaying`) when they and the cells that moved at the last sample
    /// are a small part of the picture (`insetShare`): a still picture with a presenter inset in it. Nil when the
    /// picture moves.
    private var partsPlaying: [Bool]? {
        guard captionGate.movedShare < Self.insetShare else { return nil }
        let moving = detector.cellsPlaying
        return Double(moving.filter { $0 }.count) < Self.insetShare * Double(moving.count) ? moving : nil
    }
    /// The share of the picture that the parts that play beside a still picture cover, at the most.
    static let insetShare = 0.25

    /// Takes note of the lines the text detector read on a sample (none when it did not look: `looksForText`;
    /// `linesStillShown` when it kept them, `kept`: the picture is then still compared with the one it read).
    mutating func sighted(_ lines: [RecognizedLine], at frame: VideoFrame, looked: Bool, kept: Bool = false) {
        guard textTracks != nil else { return }
        if looked, !kept, let lastSample { lastLook = (lastSample.thumbnail, lines) }
        linesKept = looked && kept
        let sample = TextTracks.Sample(pts: frame.pts, time: frame.time, frameNumber: frame.frameNumber)
        if looked, firstLook == nil { firstLook = sample }
        let image = looked && !lines.isEmpty ? try? LumaImage(frame) : nil
        let ended = looked
            ? textTracks!.observe(lines, at: sample) { place in image.flatMap { LineAppearance(of: place, in: $0) } }
            : textTracks!.pause(at: sample)
        requests += ended.map { trackedCaption($0, rangeEnd: nil) }
    }

    /// Whether a frame (a keyframe ahead of the scan) shows the picture of the last sample, leaving out the
    /// cells in motion: when it does, a still picture's frames before it may go undecoded.
    mutating func stillShows(_ frame: VideoFrame) -> Bool {
        guard let lastSample else { return false }
        if judged?.pts != frame.pts { judged = (frame.pts, try? Thumbnail(frame)) }
        guard let thumbnail = judged?.thumbnail else { return false }
        return !detector.differs(lastSample.thumbnail, thumbnail)
    }

    /// The oldest frame a pending or the next change may need: the scan's record of frames it skipped
    /// before it can go.
    var oldestNeededFrame: Int64? { pendingChange?.before.frame.pts ?? lastSample?.frame.pts }

    /// Takes note of a frame the scan decoded; an intra frame showing the unread settled picture is read.
    mutating func decoded(_ frame: VideoFrame) throws {
        try scanned.append(frame)
        if let textTracks {
            gateOpen = !captionGate.framesToTrack(frame, tracking: textTracks.isTracking).isEmpty
        } else if readsText {
            let tracked = captionGate.framesToTrack(frame, tracking: captionTracker.isTracking)
            if tracked.isEmpty { captionTracker.pause() }
            for frame in tracked { requests += captionTracker.observe(frame).map { caption(ending: $0, rangeEnd: nil) } }
        }
        guard frame.isIntra else { return }
        latestIntra = frame
        let mayConfirm = settled && pendingChange == nil && readIntra != nil
        guard unread != nil || mayConfirm else { return }
        let thumbnail = try Thumbnail(frame)
        if let unread, !detector.differs(unread.thumbnail, thumbnail) {
            self.unread = nil
            read(.scanned(frame), unread.thumbnail)
            readIntra = thumbnail
        } else if mayConfirm, let readIntra, thumbnail != readIntra, !detector.differs(readIntra, thumbnail) {
            sameIntras = (sameIntras + [frame]).suffix(ReadingConsensus.otherFrames)
        }
    }

    /// Handles one sampled frame. A change must be a step: if the changed cells change again at the next
    /// sample they are in motion, or an animation still running: it is followed on for up to
    /// `ChangeDetector.longestAnimation` samples, and dropped if they keep changing. Once they hold, the
    /// open stretch closes at the first changed frame. A picture unchanged since the last sample has
    /// settled and is read; a filmed one's later samples are added to its average.
    mutating func sample(_ frame: VideoFrame, _ thumbnail: Thumbnail) throws {
        defer { forgetScannedFrames() }
        guard let previous = lastSample else {
            lastSample = (frame, thumbnail)
            candidate = frame
            return
        }
        let comparison = ThumbnailComparison(thumbnail, from: previous.thumbnail)
        let differences = comparison.differences
        detector.observe(differences)
        returns.sampled(comparison)
        captionGate.sampled(differences, moving: detector.cellsMovingNow)
        if let pending = pendingChange, !detector.isChange(pending.differences) {
            guard pending.extensions + 1 < ChangeDetector.longestAnimation else {
                pendingChange = nil
                return try sampleWithoutPending(frame, thumbnail, differences)
            }
            pendingChange = pending.extended(to: (frame, thumbnail))
            lastSample = (frame, thumbnail)
            return
        }
        try confirmPendingChange(next: differences)
        try sampleWithoutPending(frame, thumbnail, differences)
    }

    /// The rest of `sample` once no change is pending: a change starts one, else the picture may settle.
    private mutating func sampleWithoutPending(
        _ frame: VideoFrame, _ thumbnail: Thumbnail, _ differences: [Int]
    ) throws {
        let previous = lastSample!
        lastSample = (frame, thumbnail)
        if detector.isChange(differences) {
            pendingChange = PendingChange(before: previous, after: (frame, thumbnail), differences: differences)
        } else if !settled {
            settled = true
            candidate = frame
            stretches[stretches.count - 1].settledAt = frame.time
            try settle(frame, thumbnail)
        } else if let moving = settledAmidMotion, movingCellCount * 4 < moving, showsAnEarlierSlideFirst(thumbnail) {
            try settleAgain(frame, thumbnail)
        } else if averaging != nil, decodedExactly(frame.pts) {
            averaging?.average.add(frame, thumbnail)
            if averaging?.average.count == FrameAverage.frames { readAverage() }
        }
    }

    /// A change that held: the open stretch ends at its first changed frame, and a new one begins. That
    /// frame is the first changed scanned frame when the scan skipped no frame just before it (it decodes
    /// the B-frames before new content); else `ExactFrames` pins it down between the last unchanged and
    /// the first changed scanned frame. Frames are compared in the cells that changed and held until the
    /// next sample (`next`: the differences from the change's second sample to it; nil at the end), and
    /// must show at least half of the change (`ChangeDetector.Shape`).
    mutating func confirmPendingChange(next: [Int]?) throws {
        guard let change = pendingChange else { return }
        pendingChange = nil
        let reference = change.before.thumbnail
        let focus = detector.steps(of: change.differences, thenHeld: next)
        var window = try scanned.frames(after: change.before.frame.pts, before: change.after.frame.pts)
        window.append(ScannedFrame(change.after.frame, change.after.thumbnail))
        let registered = change.after.thumbnail.registeredDifferences(from: change.before.thumbnail) != nil
        let shape = detector.shape(of: change.differences, within: focus, registered: registered)
        let changed = window.first { detector.shows(shape, from: reference, to: $0.thumbnail) } ?? window[window.count - 1]
        let unchanged = window.last { $0.pts < changed.pts } ?? ScannedFrame(change.before.frame, reference)
        let open = stretches[stretches.count - 1]
        let openIsShort = changed.time - open.start.time < VideoIndexer.shortestUnsettled
        let changedCells = detector.changedCells(change.differences)
        let changedRows = LineEdit.rows(of: changedCells)
        let edit = isFilmed ? nil : LineEdit(changedCells: changedCells)
        let continuesTyping = !open.holds(until: changed.time)
            && open.edit.map { edit.map($0.isContinued(by:)) ?? false } ?? false
        // Typing under way, or typed and entered before it held: the open stretch's picture is part of another's cue;
        // but what was typed into a view never read (a pointer's first moves over a video's first picture look like
        // typing) is read, as that view's reading.
        let isFolded = continuesTyping
            || (open.isTypedThrough(until: changed.time, enteredBy: changedRows)
                && stretches.dropLast().last?.reading != nil)
        if isFolded {
            unread = nil
            averaging = nil
        }
        readUnread()
        readAverage()
        confirmReading()
        if !settled, !isFolded, let candidate, openedByStep || !openIsShort {
            read(.exact(candidate.pts), nil)
        }
        if let intra = latestIntra, intra.pts < changed.pts { latestIntra = nil }
        if skippedFrames(unchanged.pts, changed.pts) {
            requests.append(.findStart(
                stretch: stretches.count, after: unchanged, upTo: changed, detector: detector, shape: shape))
        }
        stretches.append(Stretch(
            start: Boundary(time: changed.time, frameNumber: changed.frameNumber),
            changed: detector.changedRegions(change.differences),
            opening: stretches[stretches.count - 1].reading == nil ? change.differences : nil,
            edit: edit, changedRows: changedRows, continuesTyping: continuesTyping))
        candidate = change.after.frame
        openedByStep = focus.map { detector.heldMostly(change.differences, held: $0) } ?? false
        settled = false
    }

    /// The end of the range: the open stretch is read if it has not been, and the captions still shown
    /// end with the range (`rangeEnd`).
    mutating func finish(rangeEnd end: Boundary) {
        readUnread()
        readAverage()
        confirmReading()
        if !settled, let candidate { read(.exact(candidate.pts), nil) }
        requests += captionTracker.finish().map { caption(ending: $0, rangeEnd: end) }
        requests += (textTracks?.finish() ?? []).map { trackedCaption($0, rangeEnd: end) }
    }

    /// Asks for the cue of a caption the text detector's tracks found.
    private mutating func trackedCaption(_ caption: TextTracks.Caption, rangeEnd: Boundary?) -> ScanRequest {
        captionsFound += 1
        let onScreenAtStart = caption.before == nil && caption.first == firstLook
        return .trackedCaption(
            caption, number: captionsFound, rangeStart: onScreenAtStart ? stretches[0].start : nil, rangeEnd: rangeEnd)
    }

    /// Asks for a caption's cue.
    private mutating func caption(ending caption: CaptionTracker.Caption, rangeEnd: Boundary?) -> ScanRequest {
        captionsFound += 1
        return .caption(caption, number: captionsFound, rangeEnd: rangeEnd)
    }

    /// The stretches as segments up to `end`, with what the requests gave. A change that lies wholly in cells
    /// found in motion later on (an inset before the detector knew it) and ended a stretch never read was no
    /// change: the two stretches are one. A filmed screen's stretches from a slide to its return
    /// (`Stretch.returnsTo`) are one, read from the best reading of the slide itself (not of what crossed it).
    /// A run of typing (`Stretch.continuesTyping`) is folded into the view it ends in, which starts at its first
    /// key, when that view holds (`Stretch.holds`); else (a command typed, then run: `Stretch.isTypedThrough`) into
    /// the view before it, whose reading it is when that view was never read.
    func segments(until end: Boundary, _ results: ScanResults) -> [CueBuilder.Segment] {
        var boundaries = stretches.enumerated().map { results.starts[$0.offset] ?? $0.element.start }
        boundaries.append(end)
        let slides = ScreenReturns.slides(returningTo: stretches.indices.map { confirmedReturn(of: $0, results) })
        var segments: [CueBuilder.Segment] = []
        var slideReadings: [FrameAnalysis] = []
        var typingStart: Boundary?
        for (index, stretch) in stretches.enumerated() {
            let next = index + 1 < stretches.count ? stretches[index + 1] : nil
            if next?.continuesTyping == true {
                typingStart = typingStart ?? boundaries[index]
                continue
            }
            let firstKey = typingStart
            typingStart = nil
            if stretch.isTypedThrough(until: boundaries[index + 1].time, enteredBy: next?.changedRows),
               !segments.isEmpty
            {
                segments[segments.count - 1].end = boundaries[index + 1].time
                segments[segments.count - 1].endFrame = boundaries[index + 1].frameNumber
                if segments[segments.count - 1].analysis == nil {
                    segments[segments.count - 1].analysis = stretch.reading.flatMap { results.readings[$0] }
                }
                continue
            }
            if let firstKey { boundaries[index] = firstKey }
            let analysis = stretch.reading.flatMap { results.readings[$0] }
            if index > 0, slides[index].slide == slides[index - 1].slide {
                if slides[index].showsIt, let analysis { slideReadings.append(analysis) }
                segments[segments.count - 1].end = boundaries[index + 1].time
                segments[segments.count - 1].endFrame = boundaries[index + 1].frameNumber
                segments[segments.count - 1].analysis = ScreenReturns.best(slideReadings)
                    ?? segments[segments.count - 1].analysis ?? analysis
                continue
            }
            slideReadings = analysis.map { [$0] } ?? []
            var segment = CueBuilder.Segment(
                start: boundaries[index].time, startFrame: boundaries[index].frameNumber,
                end: boundaries[index + 1].time, endFrame: boundaries[index + 1].frameNumber,
                analysis: analysis, changed: stretch.changed)
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

    /// A picture has settled: the last picture read is reused when it is the same (not a filmed one: under its
    /// blur a change of small text can leave the thumbnail the same, and its reading tells the slides apart,
    /// `ScreenReturns.readAlike`); else a filmed picture decoded exactly begins an average of the stretch's samples
    /// (`averaging`); else an intra frame of the stretch showing it is read, else the read waits for one
    /// (`unread`).
    private mutating func settle(_ frame: VideoFrame, _ thumbnail: Thumbnail) throws {
        let moving = movingCellCount
        settledAmidMotion = isFilmed && Double(moving) >= Self.crossingShare * Double(Thumbnail.rows * Thumbnail.columns)
            ? moving : nil
        if returns.sawDrift {
            let starts = stretches.map(\.start.time)
            stretches[stretches.count - 1].returnsTo = returns.settled(
                stretch: stretches.count - 1, on: thumbnail, start: { starts[$0] })
        }
        if !isFilmed, let lastRead, !detector.differs(lastRead.thumbnail, thumbnail) {
            stretches[stretches.count - 1].reading = lastRead.reading
        } else if isFilmed, decodedExactly(frame.pts), let average = FrameAverage(frame, thumbnail) {
            averaging = (average, detector.movingCells)
        } else if let intra = latestIntra, case let intraThumbnail = try Thumbnail(intra),
                  !detector.differs(thumbnail, intraThumbnail)
        {
            read(.scanned(intra), thumbnail)
            readIntra = intraThumbnail
        } else {
            unread = (frame, thumbnail, detector.movingCells)
        }
    }

    /// The filmed picture settled while something moved in front of it, and the motion has ended on a slide shown
    /// before: the stretch settles again on it, so that it joins that slide (`ScreenReturns`), and what was asked
    /// of the earlier picture is dropped (a reading asked already is not used).
    private mutating func settleAgain(_ frame: VideoFrame, _ thumbnail: Thumbnail) throws {
        averaging = nil
        unread = nil
        readIntra = nil
        sameIntras = []
        candidate = frame
        try settle(frame, thumbnail)
        settledAmidMotion = nil
    }

    private var movingCellCount: Int { detector.movingCells.filter { $0 }.count }

    /// Whether the open stretch, which showed no earlier slide as it settled, shows one now (`ScreenReturns`).
    private func showsAnEarlierSlideFirst(_ thumbnail: Thumbnail) -> Bool {
        let starts = stretches.map(\.start.time)
        return stretches[stretches.count - 1].returnsTo == nil
            && returns.earlierStretch(showing: thumbnail, before: stretches.count - 1, start: { starts[$0] }) != nil
    }

    /// The earlier stretch that stretch `index` shows again (`Stretch.returnsTo`), unless both were read and their
    /// readings tell two slides apart: two slides alike in layout (the same code box under another title) can look
    /// the same at the size of a thumbnail under a filmed screen's blur.
    private func confirmedReturn(of index: Int, _ results: ScanResults) -> Int? {
        guard let earlier = stretches[index].returnsTo else { return nil }
        let transcript = { (stretch: Int) in
            self.stretches[stretch].reading.flatMap { results.readings[$0] }?.text?.transcript
        }
        guard let before = transcript(earlier), let now = transcript(index) else { return earlier }
        return ScreenReturns.readAlike(before, now) ? earlier : nil
    }

    /// The open stretch ends with its settled picture unread: its sample is decoded exactly and read, leaving
    /// out what was in motion both when it settled and now (`ChangeDetector.regionsStillMoving`). By now the
    /// change that ends the stretch may have set the whole picture in motion: a smooth scroll out of a code view
    /// held for seconds, which left nothing to read.
    private mutating func readUnread() {
        guard let unread else { return }
        self.unread = nil
        read(.exact(unread.frame.pts), unread.thumbnail, ignoring: detector.regionsStillMoving(since: unread.moving))
    }

    /// The settled filmed picture's samples are all in, or its stretch is ending: their average is read, leaving
    /// out what was in motion both when it settled and now.
    private mutating func readAverage() {
        guard let averaging else { return }
        self.averaging = nil
        read(.averaged(averaging.average), averaging.average.thumbnail,
             ignoring: detector.regionsStillMoving(since: averaging.moving))
    }

    /// The open stretch is ending: the other intra frames that showed its picture may confirm its reading.
    private mutating func confirmReading() {
        defer {
            readIntra = nil
            sameIntras = []
        }
        guard let reading = stretches[stretches.count - 1].reading, !sameIntras.isEmpty else { return }
        requests.append(.confirm(reading: reading, with: sameIntras))
    }

    /// Asks for the open stretch's picture to be read, leaving out `ignoring` (by default, what is in motion now).
    private mutating func read(
        _ picture: PictureReader.Picture, _ thumbnail: Thumbnail?, ignoring moving: [NormalizedRect]? = nil
    ) {
        readings += 1
        requests.append(.read(picture, reading: readings, ignoring: moving ?? detector.movingRegions, filmed: isFilmed))
        stretches[stretches.count - 1].reading = readings
        if let thumbnail { lastRead = (thumbnail, readings) }
    }

    /// Keeps only the scanned frames a pending or the next change may need.
    private mutating func forgetScannedFrames() {
        guard let oldest = oldestNeededFrame else { return }
        scanned.forget(before: oldest)
    }
}
