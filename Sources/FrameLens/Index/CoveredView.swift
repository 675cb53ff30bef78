/// Tells a still view read while a small object moved over it (a mouse pointer, a laser dot) from a view that
/// changed: the object hides a word, is read as a letter of its own, or makes a short line go unread, but the
/// text under it stays where it was.
///
/// Two readings, the second taken after a change of the picture in `changed`, show one view when their lines,
/// paired by place, read alike (`readsAlike`: but for a slip, for words one of them read unsurely, or for a bullet
/// read in one of them alone), every other line the second holds is a mark of one or two characters (the object
/// itself, read as `h` or `»`) or lies apart from the change, and every line of the first it lacks lies mostly
/// where the picture did not change: a line whose pixels held can neither have gone nor come, so one reading
/// missed it. A bullet revealed, a caption shown, a terminal's new output and a slide change bring lines where the
/// picture changed, a caption taken away changes the pixels of its line, and a counter stepping changes a digit.
enum CoveredView {
    /// A line of at most this many characters (spaces aside), held by one reading only, is a mark.
    static let markCharacters = 2
    /// Two readings of a line are a slip apart when at most two characters, or OCR noise's share of the longer
    /// one's (`CueBuilder.noiseTolerance`), differ: "thxt" for "that", an arrow read as "h" at the line's end.
    static let slipCharacters = 2
    /// A line lies where the picture changed when at least this share of its box did.
    static let changedShare = 0.5

    /// Whether `new`, read after the picture changed in `changed`, shows the view `old` showed.
    static func isSameView(_ new: [RecognizedLine], as old: [RecognizedLine], changed: [NormalizedRect]) -> Bool {
        guard !changed.isEmpty, !old.isEmpty, !new.isEmpty else { return false }
        let pairs = pairedByPlace(old, new)
        guard pairs.allSatisfy({ readsAlike(old[$0.old], new[$0.new]) }) else { return false }
        let lacked = old.indices.filter { i in !pairs.contains { $0.old == i } }.map { old[$0] }.filter { !isMark($0) }
        let brought = new.indices.filter { j in !pairs.contains { $0.new == j } }.map { new[$0] }
        guard brought.allSatisfy({ isMark($0) || $0.bounds.fractionCovered(by: changed) == 0 }), pairs.count > lacked.count
        else { return false }
        return lacked.allSatisfy { $0.bounds.fractionCovered(by: changed) < changedShare }
    }

    /// Whether two readings of one line read alike: they differ by a slip (`isSlip`), or only in words one of them
    /// read unsurely (under `CueBuilder.clutterConfidence`) and in a bullet one of them read: a word under the
    /// pointer is read unsurely (`ake` for `into` at 9 %), a word changed on the slide is read surely both times,
    /// and a square bullet is read as `=` in one reading and as nothing in the next. No digit may step to another.
    static func readsAlike(_ a: RecognizedLine, _ b: RecognizedLine) -> Bool {
        guard !stepsADigit(a.text, b.text) else { return false }
        return isSlip(a.text, b.text) || differsInUnsureWordsOrABullet(a.words, b.words)
    }

    /// Whether two readings of one line differ by a slip: a few characters, and no digit replaced by another
    /// (a counter stepping from "Step 1" to "Step 2" is a change).
    static func isSlip(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        guard !stepsADigit(a, b) else { return false }
        let allowed = max(slipCharacters, Int(CueBuilder.noiseTolerance * Double(max(a.count, b.count))))
        return TextSimilarity.editDistance(a, b) <= allowed
    }

    /// Whether the digits differ but not in number: a counter stepped.
    private static func stepsADigit(_ a: String, _ b: String) -> Bool {
        let digits = (a.filter(\.isNumber), b.filter(\.isNumber))
        return digits.0.count == digits.1.count && digits.0 != digits.1
    }

    /// Whether every run of words in which two readings differ is read unsurely, all of it, in one of them, or is a
    /// bullet that one of them alone read before its first word (`isBullet`): a word read surely is neither
    /// replaced, nor added, nor left out.
    private static func differsInUnsureWordsOrABullet(_ a: [RecognizedWord], _ b: [RecognizedWord]) -> Bool {
        let isUnsure = { (words: ArraySlice<RecognizedWord>) in
            !words.isEmpty && words.allSatisfy { $0.confidence < CueBuilder.clutterConfidence }
        }
        let isLeadingBullet = { (run: (a: Range<Int>, b: Range<Int>)) in
            run.a.lowerBound == 0 && run.b.lowerBound == 0
                && (run.a.isEmpty && isBullet(b[run.b]) || run.b.isEmpty && isBullet(a[run.a]))
        }
        let runs = differingRuns(a.map(\.text), b.map(\.text))
        return !runs.isEmpty && runs.allSatisfy { isUnsure(a[$0.a]) || isUnsure(b[$0.b]) || isLeadingBullet($0) }
    }

    /// Whether words are one bullet as OCR reads it: one word of at most `markCharacters` characters, neither
    /// letters nor digits (`=`, `»`, `•`).
    private static func isBullet(_ words: ArraySlice<RecognizedWord>) -> Bool {
        guard words.count == 1, let word = words.first else { return false }
        return word.text.count <= markCharacters && !word.text.contains { $0.isLetter || $0.isNumber }
    }

    /// The runs of words between the words two sequences share (their longest common subsequence), as ranges of
    /// each.
    static func differingRuns(_ a: [String], _ b: [String]) -> [(a: Range<Int>, b: Range<Int>)] {
        // common[i][j]: the longest common subsequence of a[i...] and b[j...].
        var common = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in a.indices.reversed() {
            for j in b.indices.reversed() {
                common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var runs: [(a: Range<Int>, b: Range<Int>)] = []
        var (i, j, runStart) = (0, 0, (0, 0))
        func closeRun() {
            if runStart.0 < i || runStart.1 < j { runs.append((runStart.0..<i, runStart.1..<j)) }
        }
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                closeRun()
                i += 1
                j += 1
                runStart = (i, j)
            } else if j == b.count || (i < a.count && common[i + 1][j] >= common[i][j + 1]) {
                i += 1
            } else {
                j += 1
            }
        }
        closeRun()
        return runs
    }

    private static func isMark(_ line: RecognizedLine) -> Bool {
        CueBuilder.characters(line) <= markCharacters
    }

    /// Lines of two readings at the same place (their boxes overlapping across, and by at least half the
    /// lower one's height), each line in one pair at most, in reading order.
    static func pairedByPlace(_ old: [RecognizedLine], _ new: [RecognizedLine]) -> [(old: Int, new: Int)] {
        var pairs: [(old: Int, new: Int)] = []
        var taken = Set<Int>()
        for (i, line) in old.enumerated() {
            let box = line.bounds.normalized
            let best = new.indices.filter { !taken.contains($0) }.map { j -> (Int, Double) in
                let other = new[j].bounds.normalized
                let across = min(box.x + box.width, other.x + other.width) - max(box.x, other.x)
                let down = min(box.y + box.height, other.y + other.height) - max(box.y, other.y)
                return (j, across > 0 ? down / min(box.height, other.height) : 0)
            }.filter { $0.1 >= 0.5 }.max { $0.1 < $1.1 }
            guard let (j, _) = best else { continue }
            taken.insert(j)
            pairs.append((i, j))
        }
        return pairs
    }
}
