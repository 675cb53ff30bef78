/// A video's on-screen text as cues: what `framelens index` writes as JSON, SRT or WebVTT.
public struct VideoIndex: Sendable, Codable, Equatable {
    /// The indexed video's path or URL.
    public var video: String
    /// The indexed range, in seconds.
    public var from: Double
    /// The end of the indexed range, in seconds.
    public var to: Double
    /// False when indexing stopped early (interrupted, or the video breaks off).
    public var complete: Bool
    /// What went wrong along the way, e.g. where a damaged video breaks off.
    public var warnings: [String]
    /// The cues, in order of their start.
    public var cues: [Cue]
    /// Which file was indexed (path, size, modification time, content hash), so that a library importing
    /// the index knows the video again; absent for a URL, a pipe, and in indexes written before it was kept.
    public var identity: VideoIdentity? = nil
}

/// One distinct on-screen text (a slide, a caption) and when it was on screen.
public struct Cue: Sendable, Codable, Equatable {
    /// When the text appeared: the presentation time of its first frame, from the start of the video.
    public var start: Timestamp
    /// When it was replaced or disappeared: the presentation time of the first frame after it.
    public var end: Timestamp
    /// The number of the first frame showing it, and of the first frame after it.
    public var startFrame: Int
    /// The number of the first frame after it.
    public var endFrame: Int
    /// The text, one line per line.
    public var text: String
    /// Where the text is on the displayed picture, normalised, with the origin at the top left (for WebVTT
    /// positions).
    public var bounds: Box?
    /// The codes on screen.
    public var codes: [DetectedCode]
    /// The data detected in the text and the codes.
    public var detections: [Detection]
    /// The presentation time of the frame that was read (for a caption, read from many frames, its first
    /// frame): `--slides` and PDF pages show it. Absent in indexes written before it was kept.
    public var readTime: Timestamp? = nil
}

extension Cue {
    /// A cue from the times the indexer measures in seconds, kept exactly.
    init(
        start: Double, end: Double, startFrame: Int, endFrame: Int, text: String, bounds: Box?, codes: [DetectedCode],
        detections: [Detection], readTime: Double?
    ) {
        self.init(
            start: Timestamp(exactly: start) ?? .zero, end: Timestamp(exactly: end) ?? .zero, startFrame: startFrame,
            endFrame: endFrame, text: text, bounds: bounds, codes: codes, detections: detections,
            readTime: readTime.flatMap { Timestamp(exactly: $0) })
    }
}
