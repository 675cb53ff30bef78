/// Which B-frames a `.bidirectional` decode leaves out, and a record of those it left out.
///
/// New content is first coded in the reference frame that follows it in decoding order: the B-frames
/// shown before that frame are decoded after it and can only borrow the new content from it. So that
/// frame's packet is much larger than usual, and the B-frames just before it are decoded, so that a
/// change can be narrowed down to its first frame among frames already decoded. The others are skipped,
/// and their timestamps kept until forgotten.
///
/// A B-frame is short-lived at a constant frame rate, but at a variable one it may stay on screen for
/// seconds (a screen recorder's frame held until the screen changes): one shown more than `longestGap`
/// before the frame decoded ahead of it is decoded, since the scan must see what is on screen that long.
struct BidirectionalSkips {
    /// A quarter of a second: at a constant rate, 3 B-frames at 16 fps or more span less.
    static let longestGapSeconds = 0.25
    /// A packet more than this many times the median of recent ones brings new content.
    static let growth = 2
    /// How many recent reference packets the median is taken over.
    private static let window = 16
    /// How many timestamps of skipped packets are kept at most, should nobody forget them.
    private static let record = 4096

    /// `longestGapSeconds` in the stream's time base.
    private let longestGap: Int64
    /// The greatest timestamp since the last seek: a packet before it is shown before a frame already
    /// decoded, so it is a B-frame.
    private var latest: Int64?
    private var recentSizes: [Int32] = []
    /// Whether the B-frames being sent come just before a frame with new content.
    private var beforeNewContent = false
    /// The timestamps of the packets left out, in decoding order.
    private var skipped: [Int64] = []
    /// Packets left out before this timestamp were dropped from the record to bound it.
    private var horizon = Int64.min

    /// Skips with `longestGap` (`longestGapSeconds` in the stream's time base).
    init(longestGap: Int64) {
        self.longestGap = longestGap
    }

    /// Whether the packet is left out; a packet that is is recorded.
    mutating func skips(timestamp: Int64, size: Int32, isKeyframe: Bool) -> Bool {
        guard let latest, timestamp < latest else {
            latest = timestamp
            beforeNewContent = isKeyframe || isLarge(size)
            if !isKeyframe {
                recentSizes.append(size)
                if recentSizes.count > Self.window { recentSizes.removeFirst() }
            }
            return false
        }
        if beforeNewContent || latest - timestamp > longestGap { return false }
        if skipped.count == Self.record {
            horizon = max(horizon, skipped.prefix(Self.record / 2).max()!)
            skipped.removeFirst(Self.record / 2)
        }
        skipped.append(timestamp)
        return true
    }

    /// Whether a frame shown after `start` and before `end` may have been left out.
    func skippedAny(after start: Int64, before end: Int64) -> Bool {
        start < horizon || skipped.contains { $0 > start && $0 < end }
    }

    /// Forgets the frames left out that are shown before `timestamp`.
    mutating func forget(before timestamp: Int64) {
        skipped.removeAll { $0 < timestamp }
    }

    /// Starts afresh after a seek.
    mutating func reset() {
        self = BidirectionalSkips(longestGap: longestGap)
    }

    private func isLarge(_ size: Int32) -> Bool {
        guard !recentSizes.isEmpty else { return false }
        let median = recentSizes.sorted()[recentSizes.count / 2]
        return Int(size) > Self.growth * Int(median)
    }
}
