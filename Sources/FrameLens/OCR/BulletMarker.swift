/// Recognises a list bullet that OCR read as a word (`•` comes out as `=`, `»`, `e`, `a`, ...).
///
/// A bullet is the first word of a line, one or two bullet-like characters, followed by a gap wider
/// than a space between words; it is dropped so that it does not pollute the transcript.
enum BulletMarker {
    private static let bulletLike: Set<Character> = [
        "•", "·", "●", "○", "◦", "▪", "■", "□", "▸", "►", "‣", "⁃", "-", "–", "—", "*", "=", "»", "«", ">", "+",
        "~", "°", "o", "e", "a", "c", "©", "®", "¢", "«", "¥", "§", "@", "0", "O", "Q", "«", "|", "#",
    ]

    static func isMarker(_ words: [RecognizedWord]) -> Bool {
        guard words.count >= 2, let first = words.first, first.text.count <= 2,
              first.text.allSatisfy(bulletLike.contains)
        else { return false }
        let lineHeight = words.map(\.bounds.pixels.height).max() ?? 0
        let gap = words[1].bounds.pixels.x - (first.bounds.pixels.x + first.bounds.pixels.width)
        return gap >= 0.5 * lineHeight
    }
}
