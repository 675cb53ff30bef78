/// Which decoded frames the caption tracker looks at. The tracker finds text whose strokes all appear in one
/// frame and then hold still, which costs more than the rest of the scan; on a still picture (a slide with a
/// presenter inset in its corner) nothing appears for minutes. So it looks at every frame only while it is
/// worth it:
/// - while the samples show the picture in motion over a good part of it (`movingShare`: footage, where a
///   caption is the one thing that holds still);
/// - while a caption it found is on screen, or just gone;
/// - for `linger` seconds after a glance at the frame (`columns` x `rows` single pixels of the luma plane,
///   next to nothing to read) shows pixels jump by as much as a caption's strokes do as it appears
///   (`CaptionTracker.appearance`), away from the cells the samples found in motion (the presenter inset).
///   It then starts with the frame before that one, so that the strokes are born where they appeared.
///
/// It is open from the start until two samples tell; frames without an 8-bit luma plane are all looked at.
struct CaptionGate {
    /// The share of cells that must move between two samples (by more than `ChangeDetector.motionThreshold`)
    /// for the picture to be in motion.
    static let movingShare = 0.06
    /// Seconds the tracker goes on after the last jump.
    static let linger = 1.0
    /// The glance's grid of pixels.
    static let columns = 128
    static let rows = 72
    /// The fewest pixels that must jump, outside the cells in motion, to wake the tracker.
    static let fewestJumps = 3

    /// Whether the last two samples showed the picture in motion; nil before the second sample.
    private var inMotion: Bool?
    /// The thumbnail cells that moved at the last sample and are in motion (`ChangeDetector.cellsMovingNow`): not
    /// where captions came and went, so that the next caption there wakes the tracker.
    private var movingCells = [Bool](repeating: false, count: Thumbnail.columns * Thumbnail.rows)
    /// The last frame decoded, its glance, and whether the tracker looked at it.
    private var last: (frame: VideoFrame, glance: [UInt8], tracked: Bool)?
    private var wokenUntil = -Double.infinity

    /// Whether the tracker is not looking at frames, and will not unless a frame's glance wakes it: the
    /// samples show a still picture and the last wake-up has lapsed.
    var isShut: Bool { isAtRest && last?.tracked == false }

    /// Whether the samples show a still picture and the last wake-up has lapsed: the tracker looks on only while
    /// it follows a caption.
    var isAtRest: Bool { inMotion == false && last.map { $0.frame.time > wokenUntil } == true }

    /// The share of cells that moved between the last two samples; 1 before the second sample.
    private(set) var movedShare = 1.0

    /// Takes note of a sample: the cell differences from the sample before, and the cells in motion.
    mutating func sampled(_ differences: [Int], moving: [Bool]) {
        let count = differences.reduce(0) { $0 + ($1 > ChangeDetector.motionThreshold ? 1 : 0) }
        movedShare = Double(count) / Double(max(1, differences.count))
        inMotion = movedShare >= Self.movingShare
        movingCells = moving
    }

    /// The frames the tracker is to look at now that `frame` is decoded, oldest first: none, `frame`, or the
    /// frame before it too when the tracker wakes. `tracking`: whether it shows a caption.
    mutating func framesToTrack(_ frame: VideoFrame, tracking: Bool) -> [VideoFrame] {
        guard let glance = Self.glance(frame) else {
            last = nil
            return [frame]
        }
        if let last, jumps(from: last.glance, to: glance) { wokenUntil = frame.time + Self.linger }
        guard inMotion != false || tracking || frame.time <= wokenUntil else {
            last = (frame, glance, false)
            return []
        }
        let frames = last.flatMap { $0.tracked ? nil : $0.frame }.map { [$0, frame] } ?? [frame]
        last = (frame, glance, true)
        return frames
    }

    /// Whether at least `fewestJumps` pixels outside the cells in motion jump as a caption's strokes do.
    private func jumps(from before: [UInt8], to after: [UInt8]) -> Bool {
        guard before.count == after.count else { return true }
        var count = 0
        for point in after.indices where abs(Int(after[point]) - Int(before[point])) >= CaptionTracker.appearance {
            let cell = (point / Self.columns) * Thumbnail.rows / Self.rows * Thumbnail.columns
                + (point % Self.columns) * Thumbnail.columns / Self.columns
            if !movingCells[cell] {
                count += 1
                if count >= Self.fewestJumps { return true }
            }
        }
        return false
    }

    /// The luma of `columns` x `rows` pixels spread evenly over the frame; nil without an 8-bit luma plane.
    private static func glance(_ frame: VideoFrame) -> [UInt8]? {
        guard frame.hasEightBitLumaPlane, frame.width >= columns, frame.height >= rows else { return nil }
        let xs = (0..<columns).map { ($0 * 2 + 1) * frame.width / (2 * columns) }
        return frame.withLumaPlane { plane in
            var values = [UInt8](repeating: 0, count: columns * rows)
            for row in 0..<rows {
                let y = (row * 2 + 1) * frame.height / (2 * rows)
                for (column, x) in xs.enumerated() { values[row * columns + column] = plane[x, y] }
            }
            return values
        }
    }
}
