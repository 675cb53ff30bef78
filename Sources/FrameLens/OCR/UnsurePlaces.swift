/// Where FrameLens's own reading of a picture is unsure, so that the second reading (`SecondReading`, Tesseract's
/// own page layout) reads only there, not the whole picture again.
///
/// Tesseract's page reading recognises the text lines of its screen-resolution layout. Where the plan read
/// every such line whole and surely, it has never read clearly more. It has where a laid-out line holds ink
/// the plan's words leave out (a line the plan's boxes cut, a title the plan read nothing of) and where the
/// plan read a line with a word it is unsure of.
enum UnsurePlaces {
    /// A plan's line with a word below this confidence (0-1) is read again.
    static let sureConfidence = 0.7
    /// A laid-out line is read again where gaps between the plan's words wider than a space leave more of it than
    /// this many line heights unread (a bullet the plan drops and the gap after it are about one; a missing word
    /// of three letters and its spaces, two).
    static let uncoveredHeights = 1.5

    /// The places to read again, in image pixels, inside `bounds`, top to bottom: the unsure lines with a margin
    /// (half a line's height above and below, one at the sides, but no further across than their laid-out block,
    /// so that a place never joins two columns), those that overlap joined into one.
    ///
    /// - Parameters:
    ///   - laidOut: the text blocks of the screen-resolution layout, each with its lines, in image pixels.
    ///   - planned: the plan's lines, each its words' boxes and confidences, in image pixels.
    static func places(
        laidOut: [(bounds: ImageRect, lines: [ImageRect])], planned: [[(box: ImageRect, confidence: Double)]],
        within bounds: ImageRect
    ) -> [ImageRect] {
        let words = planned.flatMap { $0 }.map(\.box)
        let uncut = laidOut.flatMap(\.lines).filter { line in
            uncovered(line, by: words) > uncoveredHeights * Double(line.height)
        }
        let doubtful = planned.filter { line in line.contains { $0.confidence < sureConfidence } }
            .map { line in ReadingPlan.bounding(line.map(\.box)) }
        let marked = (uncut + doubtful).map { line in
            var left = line.x - line.height, right = line.x + line.width + line.height
            let centre = (x: line.x + line.width / 2, y: line.y + line.height / 2)
            if let block = laidOut.first(where: { $0.bounds.contains(x: centre.x, y: centre.y) })?.bounds {
                left = max(left, block.x - line.height / 4)
                right = min(right, block.x + block.width + line.height / 4)
            }
            let top = max(bounds.y, line.y - line.height / 2), bottom = min(bounds.y + bounds.height, line.y + line.height * 3 / 2)
            left = max(left, bounds.x)
            right = min(right, bounds.x + bounds.width)
            return ImageRect(x: left, y: top, width: right - left, height: bottom - top)
        }.filter { $0.width > 0 && $0.height > 0 }
        let joined = ReadingPlan.grouped(marked.map { [$0] }) { first, second in
            first.contains { a in second.contains { a.intersects($0) } }
        }
        return joined.map(ReadingPlan.bounding).sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// How many pixels across a line lie in gaps no word covers that are wider than the line is high (the spaces
    /// between words are narrower): words whose middle lies in its rows count.
    static func uncovered(_ line: ImageRect, by words: [ImageRect]) -> Double {
        let spans = words.filter { word in
            let middle = word.y + word.height / 2
            return middle >= line.y && middle <= line.y + line.height && word.overlapsAcross(line)
        }.map { (max($0.x, line.x), min($0.x + $0.width, line.x + line.width)) }.sorted { $0.0 < $1.0 }
        var gaps = 0, reached = line.x
        for (start, end) in spans + [(line.x + line.width, line.x + line.width)] {
            if start - reached > line.height { gaps += start - reached }
            reached = max(reached, end)
        }
        return Double(gaps)
    }
}
