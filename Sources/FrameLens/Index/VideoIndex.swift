/// A video's on-screen text as cues: what `framelens index` writes as JSON, SRT or WebVTT.
public struct VideoIndex: Sendable, Codable, Equatable {
    /// The indexed video's path or URL.
    public var video: String
    /// Where the indexed range starts, from the start of the video.
    public var from: Timestamp
    /// Where the indexed range ends.
    public var to: Timestamp
    /// False when indexing stopped early (interrupted, or the video breaks off).
    public var complete: Bool
    /// What went wrong along the way, e.g. where a damaged video breaks off.
    public var warnings: [String]
    /// The cues, in order of their start.
    public var cues: [Cue]
    /// Which file was indexed (path, size, modification time, content hash), so that a library importing
    /// the index knows the video again; absent for a URL, a pipe, and in indexes written before it was kept.
    public var identity: VideoIdentity? = nil
    /// The displayed picture's size in pixels (rotation and pixel aspect applied), the space `Cue.bounds`
    /// are normalised to: an ASS file's `PlayResX`/`PlayResY`. Absent in indexes written before it was kept.
    public var width: Int? = nil
    public var height: Int? = nil
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
    public var bounds: NormalizedRect?
    /// The codes on screen.
    public var codes: [DetectedCode]
    /// The data detected in the text and the codes.
    public var detections: [Detection]
    /// The presentation time of the frame that was read (for a caption, read from many frames, its first
    /// frame): `--slides` and PDF pages show it. Absent in indexes written before it was kept.
    public var readTime: Timestamp? = nil
    /// The mean confidence of the words of `text`, from 0 to 1 (JSON holds it as a percent, 0-100); absent
    /// for a cue of codes alone and in indexes written before it was kept.
    public var confidence: Double? = nil
    /// The colour of a tracked caption's letters (`TextColor`), when it was measured; absent for slides.
    public var color: TextColor? = nil
    /// The projection screen of a lecture filmed in the room, in displayed pixels, when the frame read was
    /// warped to a rectangle (`AnalysisOptions.rectification`); absent otherwise.
    public var screen: Quadrilateral? = nil
}

extension Cue {
    /// A cue from the start and end the indexer measures in seconds, kept exactly.
    init(
        start: Double, end: Double, startFrame: Int, endFrame: Int, text: String, bounds: NormalizedRect?, codes: [DetectedCode],
        detections: [Detection], readTime: Timestamp?, confidence: Double?, color: TextColor? = nil,
        screen: Quadrilateral? = nil
    ) {
        self.init(
            start: Timestamp(keeping: start), end: Timestamp(keeping: end), startFrame: startFrame,
            endFrame: endFrame, text: text, bounds: bounds, codes: codes, detections: detections,
            readTime: readTime, confidence: confidence, color: color, screen: screen)
    }

    /// The mean confidence of the words read, or nil when there are none.
    static func meanConfidence(of words: [RecognizedWord]) -> Double? {
        words.isEmpty ? nil : words.map(\.confidence).reduce(0, +) / Double(words.count)
    }
}

extension Cue {
    private enum CodingKeys: String, CodingKey {
        case start, end, startFrame, endFrame, text, bounds, codes, detections, readTime, confidence, color, screen
    }

    /// Decodes a cue; the members added later (`readTime`, `confidence`, `color`, `screen`) may be absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = try container.decode(Timestamp.self, forKey: .start)
        end = try container.decode(Timestamp.self, forKey: .end)
        startFrame = try container.decode(Int.self, forKey: .startFrame)
        endFrame = try container.decode(Int.self, forKey: .endFrame)
        text = try container.decode(String.self, forKey: .text)
        bounds = try container.decodeIfPresent(NormalizedRect.self, forKey: .bounds)
        codes = try container.decode([DetectedCode].self, forKey: .codes)
        detections = try container.decode([Detection].self, forKey: .detections)
        readTime = try container.decodeIfPresent(Timestamp.self, forKey: .readTime)
        confidence = try container.decodeIfPresent(PercentCoded.self, forKey: .confidence)?.fraction
        color = try container.decodeIfPresent(TextColor.self, forKey: .color)
        screen = try container.decodeIfPresent(Quadrilateral.self, forKey: .screen)
    }

    /// Encodes a cue, its confidence as a percent as FrameLens's JSON holds confidences.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(startFrame, forKey: .startFrame)
        try container.encode(endFrame, forKey: .endFrame)
        try container.encode(text, forKey: .text)
        try container.encodeIfPresent(bounds, forKey: .bounds)
        try container.encode(codes, forKey: .codes)
        try container.encode(detections, forKey: .detections)
        try container.encodeIfPresent(readTime, forKey: .readTime)
        try container.encodeIfPresent(confidence.map(PercentCoded.init), forKey: .confidence)
        try container.encodeIfPresent(color, forKey: .color)
        try container.encodeIfPresent(screen, forKey: .screen)
    }
}
