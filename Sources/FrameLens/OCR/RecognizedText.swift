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

    init(text: String, confidence: Double, bounds: Bounds, words: [RecognizedWord]) {
        self.text = text
        self.confidence = confidence
        self.bounds = bounds
        self.words = words
    }

    /// A line of these words (at least one).
    init(words: [RecognizedWord]) {
        self.init(
            text: words.map(\.text).joined(separator: " "), confidence: meanConfidence(words.map(\.confidence)),
            bounds: words.dropFirst().reduce(words[0].bounds) { $0.union($1.bounds) }, words: words)
    }
}

/// A block of text (a title, a list, a caption) as Tesseract's layout analysis found it.
public struct RecognizedBlock: Sendable, Hashable, Codable {
    public let text: String
    public let confidence: Double
    public let bounds: Bounds
    public let lines: [RecognizedLine]

    init(text: String, confidence: Double, bounds: Bounds, lines: [RecognizedLine]) {
        self.text = text
        self.confidence = confidence
        self.bounds = bounds
        self.lines = lines
    }

    /// A block of these lines (at least one).
    init(lines: [RecognizedLine]) {
        self.init(
            text: lines.map(\.text).joined(separator: "\n"), confidence: meanConfidence(lines.map(\.confidence)),
            bounds: lines.dropFirst().reduce(lines[0].bounds) { $0.union($1.bounds) }, lines: lines)
    }

    /// The block without the lines lying a quarter or more inside `regions`, or nil when none is left.
    func excluding(_ regions: [NormalizedRect]) -> RecognizedBlock? {
        guard !regions.isEmpty else { return self }
        let kept = lines.filter { $0.bounds.fractionCovered(by: regions) < 0.25 }
        if kept.count == lines.count { return self }
        return kept.isEmpty ? nil : RecognizedBlock(lines: kept)
    }
}

private func meanConfidence(_ values: [Double]) -> Double {
    values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
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
