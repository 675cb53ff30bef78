/// Counts a stream's frames as the decoder hands them out, so that each frame gets its place in the stream:
/// its index in presentation order from 0, as ffmpeg's `n` (`select=eq(n\,N)`), whatever the frame rate.
///
/// Frames come out in presentation order, but their packets go in in decoding order, and a frame the
/// decoder skips or cannot decode gives none: a frame's place is the place after the last frame counted,
/// plus the packets sent since whose timestamps come before it. The count holds from the start of the
/// stream; after a seek it is lost (nil), and `PacketTimeline` gives the place instead.
struct FramePlaces {
    /// The place of the next frame, before the packets still pending; nil when the count was lost.
    private var next: Int? = 0
    /// The timestamps of the packets sent whose frames have not been counted, in no order.
    private var pending: [Int64] = []

    /// Takes note of a packet sent to the decoder, with its presentation timestamp (its decoding timestamp
    /// when it has none); nil for a stream whose frames are timed by counting them.
    mutating func sent(_ timestamp: Int64?) {
        guard next != nil, let timestamp else { return }
        pending.append(timestamp)
    }

    /// The place of the frame the decoder handed out with this timestamp; nil when the count was lost.
    mutating func place(of timestamp: Int64) -> Int? {
        guard let counted = next else { return nil }
        let place = counted + pending.count { $0 < timestamp }
        pending.removeAll { $0 <= timestamp }
        next = place + 1
        return place
    }

    /// How many frames the stream has had up to the last packet sent (at its end, its frame count); nil when
    /// the count was lost.
    var counted: Int? { next.map { $0 + pending.count } }

    /// Starts counting again: the next frame is the stream's first.
    mutating func restart() {
        self = FramePlaces()
    }

    /// Stops counting: the decoder moved somewhere whose place it does not know (a seek).
    mutating func lose() {
        next = nil
        pending = []
    }
}
