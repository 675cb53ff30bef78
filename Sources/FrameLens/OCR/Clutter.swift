/// What OCR reads in the texture of a picture rather than in text: a QR code's modules, a slide's
/// navigation dots, box borders read as `|` or `}`, a photo's edges. Tesseract reads them with low
/// confidence or as words that cannot be text: symbols at a line's ends, and lines that are mostly
/// symbols, dots or uncertain are left out. Uncertainty alone does not make clutter of a line that
/// shows it is text (`vouchesForText`): OCR is unsure of every long word (a URL), as the `tesseract`
/// command's own output shows, which keeps them.
enum Clutter {
    /// A line whose mean confidence is below this is noise.
    static let lineConfidence = 0.4
    /// A word of symbols alone at either end of a line, read with less confidence than this, is a border.
    static let borderConfidence = 0.6

    /// A line read with this confidence or more is surely text when it is long enough (`isSurelyText`).
    static let sureConfidence = 0.8

    /// A line of mostly circle-like glyphs read with less confidence than this is a row of dots.
    static let dotsConfidence = 0.8

    /// Glyphs that circles, dots and bullets are read as.
    private static let circleLike: Set<Character> = ["o", "O", "0", "@", "®", "©", "°", "•", "●", "○", "◦", "·"]

    /// Whether a line read by the engine shows it is text however unsure the engine was: it holds a link or
    /// an e-mail address, which texture is never read as. (Words of the language's word list are no such
    /// sign: moving footage is read as `SEES EES Res re`.)
    static func vouchesForText(_ words: [EngineWord]) -> Bool {
        let line = words.map(\.text).joined(separator: " ")
        return !DataDetector(kinds: [.url, .email]).matches(in: line).isEmpty
    }

    /// Whether a line is surely text: it vouches for itself (`vouchesForText`), or holds four letters or
    /// digits or more read with a confidence of 0.8 or more (a diagram's `coe`, a lone `4` are not).
    static func isSurelyText(_ words: [EngineWord]) -> Bool {
        guard !words.isEmpty else { return false }
        let confidence = words.map(\.confidence).reduce(0, +) / Double(words.count)
        let characters = words.reduce(0) { $0 + $1.text.filter { $0.isLetter || $0.isNumber }.count }
        return vouchesForText(words) || (characters >= 4 && confidence >= sureConfidence)
    }

    /// The words of a line that are text, or nil when the line is clutter.
    ///
    /// - Parameter vouchedFor: whether the line shows it is text (`vouchesForText`): its confidence is not
    ///   held against it.
    static func text(of words: [RecognizedWord], vouchedFor: Bool = false) -> [RecognizedWord]? {
        var kept = words
        while let first = kept.first, isBorder(first) { kept.removeFirst() }
        while let last = kept.last, isBorder(last) { kept.removeLast() }
        kept = withoutBorderGlyphs(kept)
        guard !kept.isEmpty else { return nil }
        let confidence = kept.map(\.confidence).reduce(0, +) / Double(kept.count)
        let characters = kept.map(\.text).joined()
        guard confidence >= lineConfidence || vouchedFor,
              characters.count > 2 || characters.contains(where: { $0.isLetter || $0.isNumber }),
              !isRowOfDots(characters, confidence: confidence),
              kept.filter(isSymbols).count * 2 <= kept.count
        else { return nil }
        return kept
    }

    /// Navigation dots, bullets and rings read as `O0@0000 oO`: mostly circle-like glyphs, and not read
    /// with the confidence of a row of numbers.
    private static func isRowOfDots(_ characters: String, confidence: Double) -> Bool {
        let circles = characters.filter(circleLike.contains).count
        return Double(circles) >= 0.7 * Double(characters.count)
            && (confidence < dotsConfidence || characters.contains { !$0.isNumber && !circleLike.contains($0) })
    }

    /// A box's edge read as a glyph glued to the first or last word: `|`, or a bracket the line never
    /// opens or closes.
    private static func withoutBorderGlyphs(_ words: [RecognizedWord]) -> [RecognizedWord] {
        guard !words.isEmpty else { return words }
        let line = words.map(\.text).joined(separator: " ")
        func isEdge(_ glyph: Character, opening: Bool) -> Bool {
            if glyph == "|" { return true }
            let pairs: [(open: Character, close: Character)] = [("(", ")"), ("[", "]"), ("{", "}")]
            guard let pair = pairs.first(where: { (opening ? $0.open : $0.close) == glyph }) else { return false }
            let opens = line.filter { $0 == pair.open }.count, closes = line.filter { $0 == pair.close }.count
            return opening ? opens > closes : closes > opens
        }
        var texts = words.map(\.text)
        if texts[0].count > 1, let glyph = texts[0].first, isEdge(glyph, opening: true) { texts[0].removeFirst() }
        if let last = texts.indices.last, texts[last].count > 1, let glyph = texts[last].last, isEdge(glyph, opening: false) {
            texts[last].removeLast()
        }
        return zip(words, texts).map { word, text in
            word.text == text ? word : RecognizedWord(text: text, confidence: word.confidence, bounds: word.bounds, spaceBefore: word.spaceBefore)
        }
    }

    private static func isBorder(_ word: RecognizedWord) -> Bool {
        word.confidence < borderConfidence && isSymbols(word)
    }

    /// A word with no letter and no digit (`~~`, `*`, `|`).
    private static func isSymbols(_ word: RecognizedWord) -> Bool {
        !word.text.contains { $0.isLetter || $0.isNumber }
    }
}
