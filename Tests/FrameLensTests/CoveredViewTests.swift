import Foundation
import Testing
@testable import FrameLens

/// A small object moving over a still slide (a mouse pointer) neither starts a cue nor takes away the text it
/// covers; a counter stepping, a bullet revealed and a caption taken away still do.
struct CoveredViewTests {
    /// A reading of lines on a 1280x720 picture, one line every 70 pixels from y = 60, each 900x40.
    static func reading(_ lines: [String?]) -> FrameAnalysis {
        let read = lines.enumerated().compactMap { row, text in
            text.map { text in
                let pixels = PixelRect(x: 40, y: Double(60 + 70 * row), width: 900, height: 40)
                let box = Bounds(pixels: pixels, displaySize: (1280, 720))
                return RecognizedLine(text: text, confidence: 0.9, bounds: box, words: [])
            }
        }
        let blocks = read.isEmpty ? [] : [RecognizedBlock(lines: read)]
        return FrameAnalysis(
            time: 0, pts: 0, timeBase: Rational(1, 30), frameNumber: 0, width: 1280, height: 720, languages: "eng",
            locales: ["en"], text: RecognizedText(blocks: blocks), codes: [], detections: [])
    }

    /// Stretches of a second each, every one after the first opened by a change in `changed` (a pointer's
    /// size).
    static func stretches(_ readings: [[String?]], changed: [[PixelRect]]) throws -> [CueBuilder.Segment] {
        try readings.enumerated().map { index, lines in
            CueBuilder.Segment(
                start: Double(index), startFrame: index * 30, end: Double(index + 1), endFrame: (index + 1) * 30,
                analysis: reading(lines),
                changed: try (index == 0 ? [] : changed[index - 1]).map {
                    try NormalizedRect(x: $0.x / 1280, y: $0.y / 720, width: $0.width / 1280, height: $0.height / 720)
                })
        }
    }

    static let slide = [
        "Caching and memory", "Every access goes through the cache first", "A miss costs a trip to main memory",
    ]
    /// Where a 24x36 pointer moved from and to, over one line of `slide` or another.
    static func pointer(overRow from: Int, _ to: Int) -> [PixelRect] {
        [PixelRect(x: 300, y: Double(60 + 70 * from), width: 24, height: 36),
         PixelRect(x: 500, y: Double(60 + 70 * to), width: 24, height: 36)]
    }

    @Test func aPointerMovingOverASlideLeavesItOneCueReadWhereItWasUncovered() throws {
        let covered: [[String?]] = [
            Self.slide,
            // A word covered, and the arrow read as a letter.
            [Self.slide[0], "Every access goes thruugh the cache first", Self.slide[2], "h"],
            [nil, Self.slide[1], Self.slide[2]],  // the title covered and not read
            [Self.slide[0], Self.slide[1], "A miss costs a trip to » main memory"],
        ]
        let cues = CueBuilder.cues(from: try Self.stretches(
            covered, changed: [Self.pointer(overRow: 0, 1), Self.pointer(overRow: 1, 0), Self.pointer(overRow: 0, 2)]))
        #expect(cues.map(\.text) == [Self.slide.joined(separator: "\n")])
        #expect(cues.map(\.startFrame) == [0])
        #expect(cues.map(\.endFrame) == [120])
    }

    /// A short last line the first reading missed, read once the pointer has moved elsewhere: the line lies apart
    /// from the change, so its pixels held and it was there all along; the cue is one, and holds it.
    @Test func aLineOneReadingMissedApartFromThePointerLeavesTheSlideOneCue() throws {
        let withLast = Self.slide + ["Path."]
        let cues = CueBuilder.cues(from: try Self.stretches([Self.slide, withLast], changed: [Self.pointer(overRow: 0, 0)]))
        #expect(cues.map(\.text) == [withLast.joined(separator: "\n")])
        #expect(cues.map(\.startFrame) == [0])
    }

    /// A terminal's command typed key by key is read once its stretch settles: the new line lies mostly
    /// outside the first key's change, and is a new cue all the same.
    @Test func aLineBroughtIsANewCueHoweverSmallTheChangeThatOpenedIt() throws {
        let typed = Array(Self.slide.prefix(2)) + ["$ ls -l /tmp"]
        let cues = CueBuilder.cues(from: try Self.stretches(
            [Array(Self.slide.prefix(2)), typed], changed: [[PixelRect(x: 40, y: 200, width: 16, height: 36)]]))
        #expect(cues.map(\.text) == [Self.slide.prefix(2).joined(separator: "\n"), typed.joined(separator: "\n")])
    }

    @Test func aCounterStepAWordChangedAndARevealAreNewCues() throws {
        let steps: [[[String?]]] = [
            [[Self.slide[0], "Question 1 of 5: what does a miss cost"],
             [Self.slide[0], "Question 2 of 5: what does a miss cost"]],
            [[Self.slide[0], "Caption one"], [Self.slide[0], "Caption two"]],
        ]
        for readings in steps {
            let cues = CueBuilder.cues(from: try Self.stretches(readings, changed: [Self.pointer(overRow: 1, 1)]))
            #expect(cues.map(\.startFrame) == [0, 30], "\(readings)")
        }
        // A bullet revealed, and a caption taken away: the change covers the whole line.
        let line = [PixelRect(x: 40, y: 200, width: 900, height: 40)]
        let twoLines = Array(Self.slide.prefix(2))
        let revealed = CueBuilder.cues(from: try Self.stretches([twoLines, Self.slide], changed: [line]))
        #expect(revealed.map(\.startFrame) == [0, 30])
        let takenAway = CueBuilder.cues(from: try Self.stretches([Self.slide, twoLines], changed: [line]))
        #expect(takenAway.map(\.startFrame) == [0, 30])
    }

    @Test func slipsAreAFewCharactersAndNoDigitStepping() {
        #expect(CoveredView.isSlip(Self.slide[1], "Every access goes thxough the cache first"))
        #expect(CoveredView.isSlip("input stream.", "input stream. h"))
        #expect(!CoveredView.isSlip("Step 1 of the installation guide", "Step 2 of the installation guide"))
        #expect(!CoveredView.isSlip("Caption one", "Caption two"))
        #expect(!CoveredView.isSlip("the cat sat on the mat", "the dog ran on the mat"))
    }

    /// A line of words, each 60 pixels wide, read with the given confidences.
    static func line(_ words: [(String, Double)]) -> RecognizedLine {
        RecognizedLine(words: words.enumerated().map { index, word in
            RecognizedWord(
                text: word.0, confidence: word.1,
                bounds: Bounds(
                    pixels: PixelRect(x: Double(40 + 70 * index), y: 200, width: 60, height: 40),
                    displaySize: (1280, 720)))
        })
    }

    @Test func wordsOneReadingReadUnsurelyAreTheObjectOverThem() {
        let clean = Self.line([("been", 0.96), ("compiled", 0.95), ("into", 0.96), ("libpng.", 0.96)])
        let covered = Self.line([("been", 0.96), ("compiled", 0.95), ("ake", 0.09), ("libpng.", 0.96)])
        #expect(CoveredView.readsAlike(clean, covered))
        let twoWordsCovered = Self.line([("been", 0.96), ("Peo", 0.29), ("Sx", 0.2), ("libpng.", 0.96)])
        #expect(CoveredView.readsAlike(twoWordsCovered, clean))
        // Read surely both times: the slide changed.
        let changed = Self.line([("been", 0.96), ("compiled", 0.95), ("from", 0.93), ("libpng.", 0.96)])
        #expect(!CoveredView.readsAlike(clean, changed))
        // A word read surely is not left out, nor added.
        #expect(!CoveredView.readsAlike(clean, Self.line([("been", 0.96), ("compiled", 0.95), ("libpng.", 0.96)])))
        #expect(!CoveredView.readsAlike(Self.line([("been", 0.96), ("compiled", 0.95), ("libpng.", 0.96)]), clean))
        // A counter read unsurely still steps.
        #expect(!CoveredView.readsAlike(
            Self.line([("Question", 0.95), ("1", 0.4), ("of", 0.95), ("five", 0.95)]),
            Self.line([("Question", 0.95), ("2", 0.95), ("of", 0.95), ("five", 0.95)])))
    }

    /// A square bullet is read surely as `=` in one reading and not at all in the next, where a word is covered: no
    /// change. A word read surely before the first, or a mark between words, is one.
    @Test func aBulletOneReadingAloneReadIsNoChange() {
        let words = [("been", 0.96), ("compiled", 0.95), ("into", 0.96), ("libpng.", 0.96)]
        let covered = [("been", 0.96), ("compiled", 0.95), ("ake", 0.09), ("libpng.", 0.96)]
        #expect(CoveredView.readsAlike(Self.line([("=", 0.91)] + covered), Self.line(words)))
        #expect(CoveredView.readsAlike(Self.line(covered), Self.line([("=", 0.91)] + words)))
        #expect(!CoveredView.readsAlike(Self.line([("A", 0.91)] + covered), Self.line(words)))
        #expect(!CoveredView.readsAlike(Self.line([covered[0], ("=", 0.91)] + covered.dropFirst()), Self.line(words)))
    }

    /// Slides at 720p, 4 s each (dark DejaVu Sans on off-white, the title at 48 px, lines at 36 px every 90 px), under
    /// a 24x36 arrow (`geq`) that `overlay` moves to `x`, `y` (expressions of `t`).
    static func pointerOverSlides(
        _ name: String, _ slides: [[String]], seconds: Int, x: String, y: String
    ) throws -> String {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let draw = slides.enumerated().flatMap { index, lines in
            lines.enumerated().map { row, text in
                "drawtext=fontfile=\(font):text='\(text)':fontsize=\(row == 0 ? 48 : 36):x=80:y=\(60 + 90 * row)"
                    + ":fontcolor=0x202020:enable='between(n\\,\(index * 120)\\,\(index * 120 + 119))'"
            }
        }.joined(separator: ",")
        let arrow = "geq=lum='if(lt(X\\,2)+gte(X\\,Y*2/3-2)+gte(Y\\,34)\\,255\\,0)':cb=128:cr=128"
            + ":a='if(lte(X\\,Y*2/3)\\,255\\,0)'"
        return try TestMedia.make(name, [
            "-f", "lavfi", "-i", "color=0xF4F4F0:s=1280x720:r=30:d=\(seconds)",
            "-f", "lavfi", "-i", "color=black:s=24x36:r=30:d=\(seconds),format=yuva420p,\(arrow)",
            "-filter_complex", "[0]\(draw)[slides];[slides][1]overlay=x='\(x)':y='\(y)':eval=frame",
            "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
    }

    /// Two slides at 720p under a 24x36 arrow: it rests on a word, sweeps along a line, rests on the title, leaves
    /// the text, then on the second slide jumps between two lines every half second.
    @Test func aPointerOverSlidesLeavesOneCuePerSlide() async throws {
        let slides = [
            ["Caching and memory", "Every access goes through the cache first", "A miss costs a trip to main memory",
             "Lines hold whole blocks of bytes", "Writes may wait in a buffer"],
            ["Virtual memory pages", "Each process sees its own address space", "Pages map to physical frames",
             "The table lives in main memory", "Misses walk the table in hardware"],
        ]
        // Seconds 0-1 on a word of line 2, 1-2 along line 3, 2-3 on the title, 3-4 away; 4-6 along line 4 and on
        // line 2; 6-7 jumping between lines 3 and 5; then away.
        let x = "if(lt(t\\,1)\\,300\\,if(lt(t\\,2)\\,100+(t-1)*600\\,if(lt(t\\,3)\\,200\\,if(lt(t\\,4)\\,1100"
            + "\\,if(lt(t\\,5)\\,100+(t-4)*500\\,if(lt(t\\,6)\\,420"
            + "\\,if(lt(t\\,7)\\,if(lt(mod(t\\,1)\\,0.5)\\,150\\,500)\\,1100)))))))"
        let y = "if(lt(t\\,1)\\,165\\,if(lt(t\\,2)\\,255\\,if(lt(t\\,3)\\,70\\,if(lt(t\\,4)\\,600"
            + "\\,if(lt(t\\,5)\\,345\\,if(lt(t\\,6)\\,165"
            + "\\,if(lt(t\\,7)\\,if(lt(mod(t\\,1)\\,0.5)\\,255\\,435)\\,600)))))))"
        let video = try Self.pointerOverSlides("pointer-over-slides.mp4", slides, seconds: 8, x: x, y: y)
        let index = try await VideoIndexer(url: video, options: .init()).run()
        #expect(index.cues.map(\.text) == slides.map { $0.joined(separator: "\n") })
        #expect(index.cues.map(\.startFrame) == [0, 120])
        #expect(index.cues.map(\.endFrame) == [120, 240])
    }

    /// The arrow glides along a line from the second frame, rests, moves down a line, then leaves the text, as a
    /// presenter's pointer does as the recording starts: it looks like a line typed and entered into the first
    /// picture, which was never read, and that picture is still the slide's first cue, from frame 0.
    @Test func aPointerGlidingFromTheFirstFrameLeavesTheSlideItsCueFromFrameZero() async throws {
        let slides = [
            ["Caching and memory", "Every access goes through the cache first", "A miss costs a trip to main memory"],
            ["Virtual memory pages", "Each process sees its own address space", "Pages map to physical frames"],
        ]
        let x = "if(lt(t\\,0.9)\\,300+t*400\\,if(lt(t\\,1.83)\\,660\\,if(lt(t\\,2.5)\\,500\\,1100)))"
        let y = "if(lt(t\\,1.83)\\,165\\,if(lt(t\\,2.5)\\,255\\,600))"
        let video = try Self.pointerOverSlides("pointer-from-frame-zero.mp4", slides, seconds: 6, x: x, y: y)
        let index = try await VideoIndexer(url: video, options: .init()).run()
        #expect(index.cues.map(\.text) == slides.map { $0.joined(separator: "\n") })
        #expect(index.cues.map(\.startFrame) == [0, 120])
    }
}
