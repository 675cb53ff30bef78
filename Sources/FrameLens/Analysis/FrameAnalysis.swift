/// Everything readable on one frame: its text, its codes and the data found in them.
public struct FrameAnalysis: Sendable, Hashable, Codable {
    /// The frame's presentation time, counted from the start of the media.
    public let time: Timestamp
    /// The frame's presentation timestamp, in `timeBase` units.
    public let pts: Int64
    /// The units of `pts`, in seconds.
    public let timeBase: Rational
    /// The frame's number in display order.
    public let frameNumber: Int
    /// The displayed picture's size, which all `pixels` boxes refer to.
    public let width: Int
    /// The displayed picture's height.
    public let height: Int
    /// The Tesseract models read with, `+`-joined as `--lang` takes them (`eng+kor`).
    package let languages: String
    /// The languages read, as BCP-47 language tags (`en`, `ko`, `zh-Hans`): those of the models read with.
    public let locales: [String]
    /// The text, when text recognition was asked for.
    public let text: RecognizedText?
    /// The QR codes and barcodes found.
    public let codes: [DetectedCode]
    /// The data found in the text and in the codes' payloads.
    public let detections: [Detection]
    /// The projection screen of a lecture filmed in the room, in displayed pixels, when its picture was
    /// warped to a rectangle to be read (`AnalysisOptions.rectification`); the text's bounds are on the
    /// frame all the same.
    public var screen: Quadrilateral? = nil
}

/// A piece of data (URL, e-mail, phone number, ...) and where it was found.
public struct Detection: Sendable, Hashable, Codable {
    /// Where the data was read.
    public enum Source: Sendable, Hashable, Codable {
        /// In the recognised text: block and line indices (the first line, for data spanning lines).
        case text(block: Int, line: Int)
        /// In the payload of the code at this index of `codes`.
        case code(index: Int)
    }

    /// What kind of data it is (`type` in JSON).
    public let kind: DataKind
    /// The text as it appears.
    public let text: String
    /// The normalised value (absolute URL, E.164 phone number, ISO 8601 date, ...).
    public let value: String
    /// Extra facts: carrier, currency, date type, ...
    public let attributes: [String: String]
    /// Where it was read.
    public let source: Source

    private enum CodingKeys: String, CodingKey {
        case kind = "type", text, value, attributes, source
    }
}
