/// Combines readings of several exact frames of one still picture, word by word.
///
/// A slide held for many seconds is coded again at every intra frame, each time with other compression
/// noise, so the engine misreads different letters in each. The most confident reading gives the layout;
/// each of its words is matched with the words the other readings found at its place, and the text read
/// with the greatest total confidence stands: two frames that agree outvote a third, and a confident
/// reading outvotes an unsure one.
enum ReadingConsensus {
    /// At most this many other frames of a stretch are read.
    static let otherFrames = 2
    /// A reading is unsure, and worth confirming, when at least this share of its words is read with less
    /// than `sureConfidence`.
    static let unsureShare = 0.04
    static let sureConfidence = 0.85
    /// Two words are read at the same place when their boxes overlap by at least this share of their union.
    static let samePlace = 0.5

    /// Whether a reading is worth confirming with other frames.
    static func isUnsure(_ text: RecognizedText?) -> Bool {
        let words = text?.blocks.flatMap(\.lines).flatMap(\.words) ?? []
        guard !words.isEmpty else { return false }
        let unsure = words.filter { $0.confidence < sureConfidence }.count
        return Double(unsure) >= unsureShare * Double(words.count)
    }

    /// The readings combined: the layout of the most confident, each word the text most confidently read
    /// at its place.
    static func combine(_ readings: [RecognizedText]) -> RecognizedText {
        let totals = readings.map { $0.blocks.flatMap(\.lines).flatMap(\.words).map(\.confidence).reduce(0, +) }
        guard let best = totals.indices.max(by: { totals[$0] < totals[$1] }) else { return RecognizedText(blocks: []) }
        let others = readings.indices.filter { $0 != best }.map { readings[$0].blocks.flatMap(\.lines).flatMap(\.words) }
        return RecognizedText(blocks: readings[best].blocks.map { block in
            RecognizedBlock(lines: block.lines.map { line in
                RecognizedLine(words: line.words.map { vote(on: $0, others) })
            })
        })
    }

    /// The text most confidently read at `word`'s place, with its best confidence, at `word`'s place.
    private static func vote(on word: RecognizedWord, _ others: [[RecognizedWord]]) -> RecognizedWord {
        var candidates = [word]
        for words in others {
            guard let match = words.max(by: { overlap($0, word) < overlap($1, word) }), overlap(match, word) >= samePlace
            else { continue }
            candidates.append(match)
        }
        let byText = Dictionary(grouping: candidates, by: \.text)
        // Ties go to the most confident reading's word.
        let score = { (text: String) in (byText[text]!.map(\.confidence).reduce(0, +), text == word.text ? 1 : 0) }
        let text = byText.keys.max { score($0) < score($1) }!
        return RecognizedWord(
            text: text, confidence: byText[text]!.map(\.confidence).max()!, bounds: word.bounds, spaceBefore: word.spaceBefore)
    }

    /// The share of the union of two words' boxes that they share.
    private static func overlap(_ a: RecognizedWord, _ b: RecognizedWord) -> Double {
        let p = a.bounds.normalized, q = b.bounds.normalized
        let shared = p.sharedArea(with: q)
        return shared > 0 ? shared / (p.width * p.height + q.width * q.height - shared) : 0
    }
}
