/// A recognised word, with its confidence (0-100) and where it is.
public struct RecognizedWord: Sendable, Hashable, Codable {
    public let text: String
    public let confidence: Double
    public let bounds: Bounds
}

/// A line of text: its words in reading order.
public struct RecognizedLine: Sendable, Hashable, Codable {
    public let text: String
    public let confidence: Double
    public let bounds: Bounds
    public let words: [RecognizedWord]
}

/// A block of text (a title, a list, a caption) as Tesseract's layout analysis found it.
public struct RecognizedBlock: Sendable, Hashable, Codable {
    public let text: String
    public let confidence: Double
    public let bounds: Bounds
    public let lines: [RecognizedLine]
}

/// All the text on a frame.
public struct RecognizedText: Sendable, Hashable, Codable {
    /// The text in reading order, one line per line.
    public let transcript: String
    public let blocks: [RecognizedBlock]

    init(blocks: [RecognizedBlock]) {
        self.blocks = blocks
        transcript = blocks.map(\.text).joined(separator: "\n")
    }
}
