import Testing
@testable import FrameLens

/// A caption's first and last letters: kept in its picture when they fall in tiles too sparse to count, its
/// lines in order, and a second reading that reads the same letters more surely.
struct CaptionEdgesTests {
    /// A 60 x 12 working picture whose newborn strokes fill columns 10-39 of rows 3-8, with a few more at
    /// the given columns of row 5.
    static func newborn(alsoAt columns: [Int]) -> [Bool] {
        var map = [Bool](repeating: false, count: 60 * 12)
        for y in 3...8 { for x in 10...39 { map[y * 60 + x] = true } }
        for x in columns { map[5 * 60 + x] = true }
        return map
    }

    @Test func aLinesLastLetterInASparseTileWidensTheCaption() {
        // Syllables on the tuning set's Korean captions were cut off at line ends (`패키지를` read `패키지`):
        // their few strokes fell in a tile of their own, below the count that makes a tile part of a caption.
        let map = Self.newborn(alsoAt: [44, 46, 49])
        let ends = CaptionTracker.widened(left: 10, right: 39, rows: 3...8, within: 6, newborn: map, width: 60)
        #expect(ends.left == 10 && ends.right == 49)
    }

    @Test func strokesBeyondTheReachStayOut() {
        let map = Self.newborn(alsoAt: [4, 47, 58])
        let ends = CaptionTracker.widened(left: 10, right: 39, rows: 3...8, within: 6, newborn: map, width: 60)
        #expect(ends.left == 4 && ends.right == 39)
        // Strokes on other rows are another text's.
        let other = CaptionTracker.widened(left: 10, right: 39, rows: 6...8, within: 6, newborn: Self.newborn(alsoAt: [44]), width: 60)
        #expect(other.right == 39)
    }

    @Test func aSureWordBesideTheCaptionsWordsIsTheCaptions() {
        // The tuning set's `확인하지 않고 패키지를`: `를`, read at 0.93, lay in a tile too sparse for the
        // tracker's strokes (stroke share 0) and was dropped; its neighbour `지` was on the strokes.
        let neighbour = ImageRect(x: 373, y: 419, width: 17, height: 16)
        #expect(CaptionReader.isBeside(ImageRect(x: 390, y: 417, width: 13, height: 25), neighbour))
        // The line's first word, a gap before the next (`올바른 이름이`).
        #expect(CaptionReader.isBeside(ImageRect(x: 235, y: 419, width: 46, height: 16), ImageRect(x: 289, y: 419, width: 11, height: 16)))
        // On the next line, more than a line's height away, or a speck: not the caption's.
        #expect(!CaptionReader.isBeside(ImageRect(x: 390, y: 444, width: 13, height: 16), neighbour))
        #expect(!CaptionReader.isBeside(ImageRect(x: 407, y: 419, width: 13, height: 16), neighbour))
        #expect(!CaptionReader.isBeside(ImageRect(x: 392, y: 425, width: 3, height: 3), neighbour))
    }

    @Test func sureWordsBesideTheStrokesJoinOnlyWhenFewerThanThoseOnThem() {
        // `확인하지 않고 패키지를`: four words on the strokes, `를` (0.93) beside `지`, a speck (0.95) below.
        let rects = [
            ImageRect(x: 237, y: 419, width: 61, height: 16), ImageRect(x: 305, y: 419, width: 30, height: 16),
            ImageRect(x: 340, y: 419, width: 33, height: 16), ImageRect(x: 373, y: 419, width: 17, height: 16),
            ImageRect(x: 390, y: 417, width: 13, height: 25), ImageRect(x: 392, y: 440, width: 3, height: 3),
        ]
        let onStrokes = [true, true, true, true, false, false]
        #expect(CaptionReader.captionWords(onStrokes: onStrokes, at: rects, confidences: [0.93, 0.93, 0.93, 0.93, 0.93, 0.95])
            == [true, true, true, true, true, false])
        // Read unsurely, it stays out.
        #expect(CaptionReader.captionWords(onStrokes: onStrokes, at: rects, confidences: [0.93, 0.93, 0.93, 0.93, 0.6, 0.95])
            == onStrokes)
        // One word at the strokes with two sure words beside it is still text the strokes touch: all as they were.
        let still = [false, false, true, false, false, false]
        #expect(CaptionReader.captionWords(onStrokes: still, at: rects, confidences: Array(repeating: 0.93, count: 6)) == still)
    }

    @Test func aCaptionsLinesAreTopToBottom() {
        // The engine laid a caption's two lines out as two blocks, the lower one first (the tuning set's
        // `megamind-top`), and the cue read `period of considerable expansion.` before `Your business ...`.
        let lower = SecondReadingTests.line("period of considerable expansion.", x: 300, y: 980, width: 1200)
        let upper = SecondReadingTests.line("Your business will go through a", x: 320, y: 930, width: 1150)
        #expect(CaptionReader.topToBottom([lower, upper]).map(\.text) == [upper.text, lower.text])
    }

    @Test func aSecondReadingWithAsManyLettersMoreSurelyStands() {
        let text = { (line: String, confidence: Double) in
            RecognizedText(blocks: [RecognizedBlock(lines: [SecondReadingTests.line(line, x: 100, y: 900, width: 1200, confidence: confidence)])])
        }
        // `바로잡을` read `'}|로잡을` with no confidence in the clean picture, and whole with the still picture kept.
        let clean = RecognizedText(blocks: [RecognizedBlock(lines: [RecognizedLine(words:
            SecondReadingTests.line("빠진 패키지를 '}| 로잡을 수 없습니다.", x: 100, y: 900, width: 1200).words.enumerated()
                .map { $0.offset == 2 ? RecognizedWord(text: $0.element.text, confidence: 0, bounds: $0.element.bounds) : $0.element })])])
        #expect(CaptionReader.recoversLetters(text("빠진 패키지를 바로잡을 수 없습니다.", 0.93), over: clean))
        // As many letters, less surely; fewer letters, more surely: the first reading stands.
        #expect(!CaptionReader.recoversLetters(text("빠진 패키지를 바 로잡을 수 없습니다.", 0.5), over: clean))
        #expect(!CaptionReader.recoversLetters(text("빠진 패키지를 수 없습니다.", 0.95), over: clean))
    }
}
