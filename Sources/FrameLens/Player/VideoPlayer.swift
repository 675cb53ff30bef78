import Foundation

/// Plays one video stream of a file and shows the frame a paused player displays.
///
/// Like `AVPlayer`: `rate` 0 is paused; `play()` runs a clock (rate x elapsed time) along which frames
/// are decoded ahead in the background, and `pause()` leaves showing the frame whose presentation time
/// is the greatest <= the clock's time. `seek(to:)` is frame-accurate and decodes from the nearest
/// preceding keyframe. `currentlyDisplayedFrame` exists only while paused with no seek pending.
public actor VideoPlayer {
    /// The file the player opened.
    public nonisolated let media: MediaInfo
    /// The video stream it plays.
    public nonisolated let stream: StreamInfo
    /// The playback rate: 0 when paused, 1 for normal speed.
    public private(set) var rate: Double = 0
    /// Whether a seek has been asked for and its frame is not shown yet.
    private(set) var isSeekPending = false

    let cursor: FrameCursor
    private(set) var displayed: VideoFrame
    /// The time paused or seeked to, as it was asked for.
    private var pausedTime = Timestamp.zero
    private var clockStart: (time: Double, instant: ContinuousClock.Instant)?
    private var playback: Task<Void, Never>?
    /// Counts changes of the displayed frame, so that late analyses are recognised as stale.
    private(set) var displayGeneration: UInt64 = 0
    /// Those listening to `events()`.
    private let listeners = EventChannel<PlaybackEvent>()
    /// Decoding blocks: the player runs on a queue of its own, not on Swift's cooperative pool.
    private nonisolated let executor = QueueExecutor(label: "FrameLens.VideoPlayer")

    /// The player's own serial queue: decoding blocks, so it stays off Swift's cooperative pool.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Opens a video and shows its first frame, paused.
    ///
    /// - Parameters:
    ///   - url: a path, or any URL FFmpeg reads.
    ///   - streamIndex: the video stream to play, or nil for the first playable, unprotected one.
    /// - Throws: `MediaError` (missing or unreadable file, not media, no video stream, protected content).
    public init(url: String, streamIndex: Int? = nil) throws(MediaError) {
        let file = try MediaFile(url: url)
        media = file.info
        stream = try file.info.videoStream(requested: streamIndex)
        cursor = FrameCursor(decoder: try VideoDecoder(file: file, streamIndex: stream.index))
        displayed = try cursor.frame(at: 0)
    }

    /// Opens a video by URL (a `file:` URL or any URL FFmpeg reads) and shows its first frame, paused.
    ///
    /// - Throws: `MediaError`, as `init(url:streamIndex:)` with a path.
    public init(url: URL, streamIndex: Int? = nil) throws(MediaError) {
        try self.init(url: url.isFileURL ? url.path : url.absoluteString, streamIndex: streamIndex)
    }

    /// Opens a video as `init(url:streamIndex:)` does, off Swift's cooperative pool: opening probes the
    /// file and decodes its first frame, which blocks (on a slow network input, for seconds).
    ///
    /// - Throws: `MediaError`, as `init(url:streamIndex:)`; `CancellationError` when the task is cancelled
    ///   before the opening starts.
    public static func open(url: String, streamIndex: Int? = nil) async throws -> VideoPlayer {
        try await BlockingWork.run(on: .global(qos: .userInitiated)) { try VideoPlayer(url: url, streamIndex: streamIndex) }
    }

    deinit {
        playback?.cancel()
    }

    /// The media's duration (`MediaInfo.duration`: the container's, else the stream's frames counted); nil
    /// when it is not known (a raw stream with no timestamps): the player then plays until the frames end.
    public nonisolated var duration: Timestamp? { media.duration }

    /// The player's time: the time paused or seeked to, exactly as it was asked for, or the clock's while
    /// playing, to the nanosecond.
    public var currentTime: Timestamp {
        guard rate != 0 else { return pausedTime }
        return Timestamp(seconds: clockTime, preferredTimescale: 1_000_000_000)
    }

    /// `currentTime` in seconds, for the player's own arithmetic.
    private var clockTime: Double {
        guard let clockStart, rate != 0 else { return pausedTime.seconds }
        let elapsed = ContinuousClock.now - clockStart.instant
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let time = clockStart.time + seconds * rate
        return media.duration.map { min($0.seconds, time) } ?? time  // an unknown duration does not stop the clock
    }

    /// The frame on screen: non-nil only while paused (rate 0) with no seek pending.
    public var currentlyDisplayedFrame: VideoFrame? {
        rate == 0 && !isSeekPending ? displayed : nil
    }

    /// Whether the player is playing or paused, as `AVPlayer.timeControlStatus`.
    public var timeControlStatus: TimeControlStatus { rate == 0 ? .paused : .playing }

    /// Starts playing at normal speed from the current time.
    public func play() {
        try? setRate(1)
    }

    /// Sets the playback rate; 0 pauses.
    ///
    /// - Parameter newRate: 0 (paused) or a positive rate: 1 is normal speed.
    /// - Throws: `MediaError` `.unsupported` for a negative rate (reverse playback) or one that is not finite;
    ///   the player keeps its rate.
    public func setRate(_ newRate: Double) throws(MediaError) {
        guard newRate >= 0, newRate.isFinite else {
            throw MediaError(.unsupported, "rate \(newRate): FrameLens plays forwards only (0 pauses, 1 is normal speed)")
        }
        if newRate == 0 { return pause() }
        let now = clockTime
        let wasPaused = rate == 0
        rate = newRate
        clockStart = (now, .now)
        displayGeneration &+= 1
        if wasPaused { listeners.send(.status(.playing)) }
        guard playback == nil else { return }
        // The clock holds the player only while it shows a frame, so a playing player that is dropped goes.
        playback = Task { [weak self] in
            while let interval = await self?.showFrameDueNow() {
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// Stops the clock and shows the frame that was on screen at that moment.
    public func pause() {
        guard rate != 0 else { return }
        let time = clockTime
        rate = 0
        clockStart = nil
        playback?.cancel()
        playback = nil
        pausedTime = Timestamp(seconds: time, preferredTimescale: 1_000_000_000)
        show((try? cursor.frame(at: time)) ?? displayed)
        listeners.send(.status(.paused))
    }

    /// Time, status and end-of-video events, from now on, as `AVPlayer`'s periodic time observer and
    /// notifications give them; the stream ends when the player goes.
    public func events() -> AsyncStream<PlaybackEvent> {
        listeners.subscribe()
    }

    /// Moves to a time and shows the frame a paused player shows there; keeps the rate.
    ///
    /// - Parameter time: the time, from 0 to `duration`.
    /// - Throws: `MediaError` `.timeOutOfRange` outside that range, or a decoding error.
    public func seek(to time: Timestamp) throws(MediaError) {
        try checkInRange(time)
        isSeekPending = true
        defer { isSeekPending = false }
        let frame = try cursor.frame(at: time.seconds)
        try cursor.checkNotCutShort(frame, requested: time.seconds)
        pausedTime = time
        if rate != 0 { clockStart = (time.seconds, .now) }
        show(frame)
    }

    /// Moves to a time, allowing the frame shown to be up to `toleranceBefore` earlier or `toleranceAfter`
    /// later, as `AVPlayer.seek(to:toleranceBefore:toleranceAfter:)`: zero tolerances are the frame-exact
    /// `seek(to:)`; wide ones show the last keyframe in that window, decoded alone (fast scrubbing), or the
    /// exact frame when the window holds none.
    ///
    /// - Parameters:
    ///   - time: the time, from 0 to `duration`.
    ///   - toleranceBefore: how much earlier the frame shown may lie (0 or more).
    ///   - toleranceAfter: how much later the frame shown may lie (0 or more).
    /// - Throws: `MediaError` `.timeOutOfRange` outside the video or for a negative tolerance, or a decoding error.
    public func seek(to time: Timestamp, toleranceBefore: Timestamp, toleranceAfter: Timestamp) throws(MediaError) {
        guard toleranceBefore >= .zero, toleranceAfter >= .zero else {
            throw MediaError(.timeOutOfRange, "seek tolerances are 0 or more seconds")
        }
        try checkInRange(time)
        let window = max(.zero, time - toleranceBefore)...(time + toleranceAfter)
        guard window.lowerBound < window.upperBound, cursor.decoder.canSeek, cursor.decoder.file.isSeekable else { return try seek(to: time) }
        isSeekPending = true
        defer { isSeekPending = false }
        let frame = try cursor.keyframe(atOrBefore: cursor.decoder.timestamp(forTime: window.upperBound.seconds))
        guard window.contains(frame.presentationTime) else { return try seek(to: time) }  // no keyframe in the window
        pausedTime = frame.presentationTime
        if rate != 0 { clockStart = (frame.time, .now) }
        show(frame)
    }

    /// Checks that a time lies within the video, as `seek(to:)` does first: to check several times before
    /// acting on any.
    ///
    /// - Throws: `MediaError` `.timeOutOfRange` for a time before 0 or past `duration`.
    public nonisolated func checkInRange(_ time: Timestamp) throws(MediaError) {
        guard time >= .zero else {
            throw MediaError(.timeOutOfRange, "time \(time.seconds) is negative; times start at 0")
        }
        if let duration, duration > .zero, time > duration {
            let limit = MediaTime.clock(duration.seconds)
            throw MediaError(.timeOutOfRange, "time \(MediaTime.clock(time.seconds)) is past the end of the video (\(limit))")
        }
    }

    // MARK: - Playing

    private func show(_ frame: VideoFrame) {
        if frame.pts != displayed.pts || frame.buffer !== displayed.buffer { displayGeneration &+= 1 }
        displayed = frame
    }

    /// Shows the frame due on the clock now; returns how long until the next, or nil once paused or at the end.
    private func showFrameDueNow() -> Duration? {
        guard rate != 0, !Task.isCancelled else { return nil }
        let time = clockTime
        if let frame = try? cursor.frame(at: time) { show(frame) }
        listeners.send(.time(currentTime))
        if let duration = media.duration, time >= duration.seconds {
            listeners.send(.reachedEnd)
            pause()
            return nil
        }
        let frameInterval = 1 / (stream.frameRate ?? 25)
        return .seconds(frameInterval / max(rate, 1))
    }
}
