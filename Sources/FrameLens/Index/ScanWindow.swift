/// The frames the scan decoded that a change may yet be narrowed down among, in bounded memory whatever the
/// interval: the newest `wholeFrames` are kept as decoded (their thumbnails are made only if a change is
/// narrowed down among them), older ones as their times and thumbnails alone.
struct ScanWindow {
    /// Decoded frames kept at most (a 1080p frame is about 3 MB).
    static let wholeFrames = 8

    /// The older frames, thumbnails made, oldest first; then the newest ones, as decoded.
    private var thumbnailed: [ScannedFrame] = []
    private var whole: [VideoFrame] = []

    /// Takes note of the next frame decoded.
    mutating func append(_ frame: VideoFrame) throws(MediaError) {
        whole.append(frame)
        guard whole.count > Self.wholeFrames else { return }
        let oldest = whole.removeFirst()
        thumbnailed.append(ScannedFrame(oldest, try Thumbnail(oldest)))
    }

    /// The frames shown after `start` and before `end` (timestamps), oldest first, with their thumbnails.
    func frames(after start: Int64, before end: Int64) throws(MediaError) -> [ScannedFrame] {
        var frames = thumbnailed.filter { $0.pts > start && $0.pts < end }
        for frame in whole where frame.pts > start && frame.pts < end {
            frames.append(ScannedFrame(frame, try Thumbnail(frame)))
        }
        return frames
    }

    /// Forgets the frames shown before `timestamp`.
    mutating func forget(before timestamp: Int64) {
        thumbnailed.removeAll { $0.pts < timestamp }
        whole.removeAll { $0.pts < timestamp }
    }
}
