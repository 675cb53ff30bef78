/// Which groups of pictures an indexing scan may leave undecoded after their keyframe, by their packets'
/// sizes, and a record of the frames it left out.
///
/// A frame that shows nothing new is coded in a few bytes; new content (a slide, a revealed line, a caption)
/// costs many more than the frames around it. So once a group's keyframe is decoded, the rest of the group
/// is read ahead, packets only, and may be left undecoded when none of its reference packets is more than
/// `growth` times the usual size (the median of the recent reference packets before it, and of its own),
/// plus `slack` bytes. A steady change (a presenter inset, sensor noise) keeps its usual size. The decoder
/// also checks that the next keyframe, decoded on its own, shows the picture the scan sees
/// (`VideoDecoder.stillPicture`), so a small change that costs few bytes is decoded too.
struct SteadyGroups {
    /// How many times the usual size a reference packet with new content is, at least.
    static let growth = 2
    /// Bytes a reference packet may exceed the limit by (a blinking cursor in a still picture).
    static let slack = 256
    /// How many recent reference packets the usual size is taken over.
    private static let window = 16
    /// How many left-out stretches are kept at most, should nobody forget them.
    private static let record = 1024

    /// One packet as the decision sees it.
    struct Packet {
        let timestamp: Int64
        let size: Int
    }

    /// The greatest timestamp sent since the last seek: a packet before it is a B-frame.
    private var latest: Int64?
    /// The sizes of the latest reference packets sent.
    private var recentSizes: [Int] = []
    /// The stretches of frames left out, as the first and last timestamps of each, oldest first.
    private var leftOut: [ClosedRange<Int64>] = []
    /// Frames left out before this timestamp were dropped from the record to bound it.
    private var horizon = Int64.min

    /// Takes note of a packet sent to the decoder.
    mutating func sent(_ packet: Packet, isKeyframe: Bool) {
        guard latest.map({ packet.timestamp >= $0 }) ?? true else { return }
        latest = packet.timestamp
        guard !isKeyframe else { return }
        recentSizes.append(packet.size)
        if recentSizes.count > Self.window { recentSizes.removeFirst() }
    }

    /// Whether the rest of a group (its packets after the keyframe, in decoding order) brings nothing new.
    func isSteady(_ rest: [Packet]) -> Bool {
        var latest = self.latest ?? .min
        var sizes: [Int] = []
        for packet in rest where packet.timestamp >= latest {
            latest = packet.timestamp
            sizes.append(packet.size)
        }
        guard let own = Self.median(sizes) else { return true }
        let usual = Self.median(recentSizes).map { min($0, own) } ?? own
        let limit = Self.growth * usual + Self.slack
        return sizes.allSatisfy { $0 <= limit }
    }

    /// Takes note of frames left out, shown from `first` to `last` (timestamps).
    mutating func leave(out frames: ClosedRange<Int64>) {
        if leftOut.count == Self.record {
            horizon = max(horizon, leftOut[Self.record / 2 - 1].upperBound)
            leftOut.removeFirst(Self.record / 2)
        }
        leftOut.append(frames)
    }

    /// Whether a frame shown after `start` and before `end` was left out.
    func leftOutAny(after start: Int64, before end: Int64) -> Bool {
        start < horizon || leftOut.contains { $0.lowerBound < end && $0.upperBound > start }
    }

    /// Forgets the frames left out that are shown before `timestamp`.
    mutating func forget(before timestamp: Int64) {
        leftOut.removeAll { $0.upperBound < timestamp }
    }

    private static func median(_ values: [Int]) -> Int? {
        values.isEmpty ? nil : values.sorted()[values.count / 2]
    }
}
