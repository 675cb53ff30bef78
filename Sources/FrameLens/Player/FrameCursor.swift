/// Finds the frame a paused player shows at a time: the one with the greatest presentation time <= t.
///
/// It decodes forward from where it is when that is cheaper, and otherwise seeks to the keyframe at or
/// before t and decodes from there, backing off further when a seek lands past t. One frame of
/// look-ahead tells it when the current frame is still the right one.
final class FrameCursor {
    /// How faithfully the frames leading up to a requested one are decoded.
    enum Lead {
        /// As ffmpeg decodes them: the frame found is exactly the one a player shows.
        case exact
        /// B-frames skipped and deblocking left out (`VideoDecoder.Skipping.bidirectional`): much faster,
        /// and the frame found, and those stepped to after it, are close to the real ones: good for
        /// thumbnails, not for reading. An exact request after one that skipped frames seeks again; decoding on
        /// from an exact frame skips nothing (`frame(atTimestamp:lead:)`).
        case approximate
    }

    let decoder: VideoDecoder
    /// The frame shown at the last requested time.
    private(set) var current: VideoFrame?
    private var lookahead: VideoFrame?
    /// Whether decoding reached the end of the stream (or where the data breaks off).
    private(set) var reachedEnd = false
    /// Whether the decoder still stands at the start of the file, never moved.
    private var atStartOfFile = true
    /// Whether the frames decoded since the last seek are exact (no approximate lead since).
    private var isExact = true

    init(decoder: VideoDecoder) {
        self.decoder = decoder
    }

    /// The frame with the greatest presentation time <= `seconds`, or the first frame for a time before it.
    ///
    /// - Throws: `MediaError` `.decodeFailed` when no frame can be decoded at all, `.protectedContent`.
    func frame(at seconds: Double) throws(MediaError) -> VideoFrame {
        try frame(atTimestamp: decoder.timestamp(forTime: seconds))
    }

    /// The frame with the greatest presentation timestamp <= `target` (in the stream's time base).
    /// Decoding forward from an exact frame stays exact whatever `lead` allows: the few frames skipped
    /// would save little, and an exact request after it would have to seek back to a keyframe (one every
    /// 12.5 s in x264's default output).
    func frame(atTimestamp target: Int64, lead: Lead = .exact) throws(MediaError) -> VideoFrame {
        if current == nil && atStartOfFile && !seekIsCheaper(from: decoder.timestamp(forTime: 0), to: target) {
            return try decodeForward(to: target, lead: lead)
        }
        if let current, current.pts <= target, isExact || lead == .approximate {
            if let lookahead, lookahead.pts > target { return current }
            if lookahead == nil && reachedEnd { return current }
            if !seekIsCheaper(from: current.pts, to: target) {
                return try decodeForward(to: target, lead: isExact ? .exact : lead)
            }
        }
        try seekAndDecode(to: target, lead: lead, skipping: true)
        return current!
    }

    /// The last keyframe whose decoding starts at or before `target`, decoded alone (the first frame after
    /// seeking there): what a fast scrub shows.
    ///
    /// - Throws: `MediaError` `.decodeFailed` when no frame can be decoded there, `.protectedContent`.
    func keyframe(atOrBefore target: Int64) throws(MediaError) -> VideoFrame {
        try decoder.seek(toKeyframeAtOrBefore: target)
        atStartOfFile = false
        lookahead = nil
        reachedEnd = false
        isExact = true
        guard let frame = try decoder.nextFrame() else {
            throw MediaError(.decodeFailed, "no frame of stream \(decoder.streamIndex) could be decoded")
        }
        current = frame
        return frame
    }

    /// The next frame in presentation order, which becomes the current one; nil at the end.
    func step() throws(MediaError) -> VideoFrame? {
        let next: VideoFrame?
        if let pending = lookahead {
            next = pending
            lookahead = nil
        } else {
            next = try decoder.nextFrame()
        }
        if let next { current = next } else { reachedEnd = true }
        return next
    }

    /// A damaged or truncated file ends early: asking for a time well past its last frame is an error,
    /// not a silent last frame. The file's own account of where its data ends (`MediaFile.readError`) tells,
    /// whatever the decoder's threads; frames the decoder rejects tell too (with one thread, it rejects
    /// the packet cut short; with several, it may drop it silently).
    ///
    /// - Throws: `MediaError` `.decodeFailed` naming where the video breaks off.
    func checkNotCutShort(_ frame: VideoFrame, requested seconds: Double) throws(MediaError) {
        guard reachedEnd, decoder.file.readError != nil || decoder.damagedPackets > 0,
              seconds > frame.time + 2 / (decoder.frameRate?.doubleValue ?? 25)
        else { return }
        throw MediaError(
            .decodeFailed,
            "\(decoder.file.url) is truncated or damaged: its video breaks off at \(MediaTime.clock(frame.time)), before \(MediaTime.clock(seconds))")
    }

    /// Seeking pays when the index knows a keyframe after the current frame and at or before the target.
    private func seekIsCheaper(from position: Int64, to target: Int64) -> Bool {
        guard decoder.canSeek, decoder.file.isSeekable else { return false }
        if let keyframe = decoder.indexedKeyframe(atOrBefore: target) { return keyframe > position }
        let seconds = (Double(target) - Double(position)) * decoder.stream.pointee.time_base.rational.doubleValue
        return seconds > 5
    }

    /// Decodes forward from where the cursor stands, skipping what `lead` allows. Should the frame found
    /// lie among the skipped ones (a gap in a variable frame rate), it is decoded again without skipping.
    /// A pipe cannot go back to decode them again, so nothing is skipped in one.
    private func decodeForward(to target: Int64, lead: Lead) throws(MediaError) -> VideoFrame {
        let start = current?.pts
        let skipping = decoder.file.isSeekable ? allowedSkips(before: target, lead: lead) : nil
        decoder.skipping = skipping
        defer { decoder.skipping = nil }
        if lead == .approximate && skipping != nil { isExact = false }
        try advance(to: target)
        guard let found = current else {
            throw MediaError(.decodeFailed, "no frame of stream \(decoder.streamIndex) could be decoded")
        }
        guard let skipping, found.pts < skipping.before, found.pts != start else { return found }
        try seekAndDecode(to: target, lead: lead, skipping: false)
        return current!
    }

    /// Decodes on until the current frame is the last at or before `target` (the first frame, if none
    /// is), keeping the next one as look-ahead.
    private func advance(to target: Int64) throws(MediaError) {
        while true {
            let next: VideoFrame
            if let pending = lookahead {
                next = pending
                lookahead = nil
            } else if let decoded = try decoder.nextFrame() {
                next = decoded
            } else {
                reachedEnd = true
                return
            }
            if next.pts > target && current != nil {
                lookahead = next
                return
            }
            current = next
            if next.pts > target { return }
        }
    }

    /// One frame's duration in the stream's time base (at 25 fps when the rate is unknown, as ffmpeg assumes).
    private var frameDuration: Int64 {
        let timeBase = max(decoder.stream.pointee.time_base.rational.doubleValue, 1e-9)
        return Int64(1 / max((decoder.frameRate?.doubleValue ?? 25) * timeBase, 1e-9))
    }

    /// What may be skipped on the way to `target`, up to two frames before it: for an exact lead, frames
    /// nothing refers to, which cannot change it; for an approximate one, B-frames.
    private func allowedSkips(before target: Int64, lead: Lead) -> (frames: VideoDecoder.Skipping, before: Int64) {
        (lead == .exact ? .nonReference : .bidirectional, target.saturatingAdding(-2 * frameDuration))
    }

    /// Seeks and decodes to `target`, skipping what `lead` allows. Should the frame found lie among the
    /// skipped ones (a gap in a variable frame rate), it is decoded again without skipping.
    ///
    /// - Throws: `MediaError` `.unsupported` for an input that cannot seek (a pipe), which can only go on.
    private func seekAndDecode(to target: Int64, lead: Lead, skipping: Bool) throws(MediaError) {
        guard decoder.file.isSeekable else {
            let seconds = Double(target &- decoder.timestamp(forTime: 0)) * decoder.stream.pointee.time_base.rational.doubleValue
            let time = MediaTime.clock(seconds)
            throw MediaError(
                .unsupported,
                "cannot go back to \(time) in \(decoder.file.url): it is a pipe, read once from start to end; "
                    + "ask for times in increasing order, or save the video to a file")
        }
        let oneSecond = Int64(1 / max(decoder.stream.pointee.time_base.rational.doubleValue, 1e-9))
        var skipped = skipping ? allowedSkips(before: target, lead: lead) : nil
        var backoff: Int64 = 0
        while true {
            let seekTarget = target.saturatingAdding(-backoff)
            let atStart = seekTarget <= decoder.timestamp(forTime: 0)
            if atStart { try decoder.rewind() } else { try decoder.seek(toKeyframeAtOrBefore: seekTarget) }
            atStartOfFile = false
            current = nil
            lookahead = nil
            reachedEnd = false
            isExact = lead == .exact || skipped == nil
            decoder.skipping = skipped
            defer { decoder.skipping = nil }
            try advance(to: target)
            if let found = current, let limit = skipped?.before, found.pts < limit {
                skipped = nil
                continue
            }
            if let found = current, found.pts <= target || atStart { return }
            if current == nil && atStart {
                throw MediaError(.decodeFailed, "no frame of stream \(decoder.streamIndex) could be decoded")
            }
            backoff = backoff == 0 ? oneSecond : backoff.saturatingAdding(backoff)
        }
    }
}
