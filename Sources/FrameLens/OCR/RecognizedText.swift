/// A recognised word, with its confidence and where it is.
public struct RecognizedWord: Sendable, Hashable, Codable {
    /// The word as read.
    public let text: String
    /// Tesseract's confidence in the reading, from 0 to 1 (JSON holds it as a percent, 0-100).
    public var confidence: Double { coded.fraction }
    /// Where the word is on the displayed picture (origin at the top left).
    public internal(set) var bounds: Bounds
    /// Whether its line has a space before it: none between the syllables of a Hangul word, or the
    /// characters of a Japanese sentence, that the engine reads as words.
    var spaceBefore = true
    private let coded: PercentCoded

    private enum CodingKeys: String, CodingKey {
        case text, coded = "confidence", bounds
    }

    init(text: String, confidence: Double, bounds: Bounds, spaceBefore: Bool = true) {
        self.text = text
        coded = PercentCoded(confidence)
        self.bounds = bounds
        self.spaceBefore = spaceBefore
    }
}

/// A line of text: its words in reading order.
public struct RecognizedLine: Sendable, Hashable, Codable {
    /// The words, joined by spaces.
    public let text: String
    /// The words' mean confidence, from 0 to 1 (JSON holds it as a percent, 0-100).
    public var confidence: Double { coded.fraction }
    /// Where the line is on the displayed picture (origin at the top left).
    public internal(set) var bounds: Bounds
    /// The words in reading order.
    public internal(set) var words: [RecognizedWord]
    private let coded: PercentCoded

    private enum CodingKeys: String, CodingKey {
        case text, coded = "confidence", bounds, words
    }

    init(text: String, confidence: Double, bounds: Bounds, words: [RecognizedWord]) {
        self.text = text
        coded = PercentCoded(confidence)
        self.bounds = bounds
        self.words = words
    }

    /// A line of these words (at least one).
    init(words: [RecognizedWord]) {
        self.init(
            text: words.enumerated().map { $0 > 0 && $1.spaceBefore ? " " + $1.text : $1.text }.joined(),
            confidence: meanConfidence(words.map(\.confidence)),
            bounds: words.dropFirst().reduce(words[0].bounds) { $0.union($1.bounds) }, words: words)
    }
}

/// A block of text (a title, a list, a caption) as Tesseract's layout analysis found it.
public struct RecognizedBlock: Sendable, Hashable, Codable {
    /// The lines, one per line.
    public let text: String
    /// The lines' mean confidence, from 0 to 1 (JSON holds it as a percent, 0-100).
    public var confidence: Double { coded.fraction }
    /// Where the block is on the displayed picture (origin at the top left).
    public internal(set) var bounds: Bounds
    /// The lines, top to bottom.
    public internal(set) var lines: [RecognizedLine]
    private let coded: PercentCoded

    private enum CodingKeys: String, CodingKey {
        case text, coded = "confidence", bounds, lines
    }

    init(text: String, confidence: Double, bounds: Bounds, lines: [RecognizedLine]) {
        self.text = text
        coded = PercentCoded(confidence)
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
    /// The blocks in reading order.
    public internal(set) var blocks: [RecognizedBlock]

    init(blocks: [RecognizedBlock]) {
        self.blocks = blocks
        transcript = blocks.map(\.text).joined(separator: "\n")
    }
}

extension RecognizedText {
    /// The same text with every block's, line's and word's bounds passed through `move` (a reading of a
    /// warped picture put back on the frame).
    func movingBounds(_ move: (Bounds) -> Bounds) -> RecognizedText {
        var moved = self
        for b in moved.blocks.indices {
            moved.blocks[b].bounds = move(blocks[b].bounds)
            for l in moved.blocks[b].lines.indices {
                moved.blocks[b].lines[l].bounds = move(blocks[b].lines[l].bounds)
                for w in moved.blocks[b].lines[l].words.indices {
                    moved.blocks[b].lines[l].words[w].bounds = move(blocks[b].lines[l].words[w].bounds)
                }
            }
        }
        return moved
    }
}
