import Foundation

/// The file formats an index is written in: subtitles (SRT, WebVTT, ASS), JSON, and documents to read (a
/// plain transcript, Markdown).
///
/// Write an index as `framelens index` writes it:
///
/// ```swift
/// let index = try await VideoIndexer(url: video).run()
/// let subtitles = try IndexFormat.srt.encode(index)
/// try Data(subtitles).write(to: URL(fileURLWithPath: "lecture.srt"))
/// ```
///
/// Every format is UTF-8 text; `String(decoding: bytes, as: UTF8.self)` gives it as a string.
public enum IndexFormat: String, Sendable, CaseIterable {
    /// SubRip: numbered cues, `HH:MM:SS,mmm` times rounded up to the millisecond.
    case srt
    /// WebVTT: a `WEBVTT` header, `HH:MM:SS.mmm` times, text escaped for HTML; cues drawn where
    /// ``CuePosition`` says.
    case vtt
    /// Advanced SubStation Alpha (v4.00+): each cue drawn where its text was, in the picture's own pixels,
    /// in a tracked caption's colour.
    case ass
    /// JSON, as `framelens index --format json` writes it: pretty-printed, keys sorted, times rounded up to
    /// the millisecond and confidences to a tenth of a percent; ``decodeJSON(_:)`` reads it back.
    case json
    /// A plain transcript: each cue's time range in brackets and then its text.
    case txt
    /// Markdown: the video's name as the title, a heading per cue with its time range, its text escaped.
    case md

    /// The format a file name's extension names (`.srt`, `.vtt`/`.webvtt`, `.ass`, `.json`, `.txt`,
    /// `.md`/`.markdown`), in any case.
    ///
    /// - Parameter pathExtension: the extension, without its dot.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "srt": self = .srt
        case "vtt", "webvtt": self = .vtt
        case "ass": self = .ass
        case "json": self = .json
        case "txt": self = .txt
        case "md", "markdown": self = .md
        default: return nil
        }
    }

    /// The usual file extension, without its dot.
    public var fileExtension: String { rawValue }

    /// Where WebVTT cues are drawn.
    public enum CuePosition: String, Sendable, CaseIterable {
        /// The player's default: centred at the bottom of the picture, where a caption box covers nothing it
        /// transcribes on most slides.
        case bottom
        /// Where the text was read on the picture (`line`, `position`, `size`, `align`): a box over the
        /// very text it transcribes, for players that are to show where it was.
        case text
    }

    /// The index as a file of this format: the bytes `framelens index` writes.
    ///
    /// - Parameters:
    ///   - index: the index to write.
    ///   - position: where WebVTT cues are drawn (ASS places every cue where its text was; other formats
    ///     have no positions).
    /// - Returns: the file's bytes, UTF-8 text.
    /// - Throws: `OutputError` `.incompleteIndex` for ASS of an index that does not record the picture's size
    ///   (``VideoIndex/width`` and ``VideoIndex/height``); `EncodingError` for JSON of an index holding a
    ///   number JSON cannot hold (not a number, infinite).
    public func encode(_ index: VideoIndex, position: CuePosition = .bottom) throws -> [UInt8] {
        try CostLedger.measure(.output) { try encoded(index, position: position) }
    }

    private func encoded(_ index: VideoIndex, position: CuePosition) throws -> [UInt8] {
        switch self {
        case .srt: Array(SubtitleText.srt(index.cues).utf8)
        case .vtt: Array(SubtitleText.webVTT(index.cues, positioned: position == .text).utf8)
        case .ass: Array(try ASSText.document(index).utf8)
        case .json: try JSONDocument.encode(index, precision: .rounded)
        case .txt: Array(TranscriptText.plain(index.cues).utf8)
        case .md: Array(TranscriptText.markdown(index).utf8)
        }
    }

    /// Reads an index written as JSON (by ``IndexFormat/json``, or by any older FrameLens).
    ///
    /// - Parameter data: the JSON document.
    /// - Returns: the index it holds.
    /// - Throws: `DecodingError` when `data` is not an index's JSON.
    public static func decodeJSON(_ data: Data) throws -> VideoIndex {
        try JSONDecoder().decode(VideoIndex.self, from: data)
    }
}
