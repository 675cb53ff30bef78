/// When the indexer's scan takes a sample: every `interval` seconds of presentation time, whatever the
/// frame rate.
///
/// The sample due at time s is the first frame that starts at or after s, within an interval of it (at a
/// constant rate, the frame at s or just after). When no frame starts within that interval, the frame on
/// screen at s is held from before it (a variable frame rate: a screen recorder writes a frame only when
/// the screen changes), and that frame is sampled again at s: a frame shown for seconds is sampled at every
/// interval it covers, so that a change is told from motion, and a picture settles, by time, not by frames.
struct SampleClock {
    let interval: Double
    /// The time the next sample is due.
    private(set) var next: Double

    init(interval: Double, from start: Double) {
        self.interval = interval
        next = start
    }

    /// The sample times at which the frame on screen before `time` is sampled again: those it stays on
    /// screen for a whole interval after. `time` is when the next frame starts, or where the range ends.
    mutating func heldSamples(before time: Double) -> [Double] {
        var times: [Double] = []
        while next + interval <= time {
            times.append(next)
            next += interval
        }
        return times
    }

    /// Whether a frame starting at `time` is a sample (call `heldSamples(before:)` first); if so, the next
    /// sample is due an interval after it.
    mutating func isSample(_ time: Double) -> Bool {
        guard time >= next else { return false }
        next = time + interval
        return true
    }
}
