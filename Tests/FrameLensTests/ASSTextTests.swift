import Foundation
import Testing
@testable import FrameLens

/// ASS output (`index -o x.ass`, `--format ass`, `merge`): read back by FFmpeg's ASS parser, rendered by
/// libass (FFmpeg's `ass` filter) where the text was on screen, and proof against text that looks like tags.
struct ASSTextTests {
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// 3 s at 25 fps, coded 480x360 with 4:3 pixels (shown 640x360): "Plain words here" at the left from
    /// 0.4 s, then a centred title "Centred Title Line" from 1.6 s.
    static func anamorphicSlides() throws -> String {
        let left = "drawtext=fontfile=\(font):text='Plain words here':fontsize=36:x=60:y=220:fontcolor=white:enable='between(t,0.4,1.6)'"
        let title = "drawtext=fontfile=\(font):text='Centred Title Line':fontsize=36:x=(w-text_w)/2:y=60:fontcolor=white:enable='gte(t,1.6)'"
        return try TestMedia.make("ass-anamorphic-slides.mp4", [
            "-f", "lavfi", "-i", "color=c=0x203040:s=640x360:r=25:d=3",
            "-vf", "\(left),\(title),scale=480:360,setsar=4/3", "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
    }

    /// The index's JSON and ASS, written by `framelens index -o x.json` and `-o x.ass`.
    static func indexed(_ video: String) throws -> (index: VideoIndex, ass: String) {
        let json = TestMedia.path("ass.json")
        let ass = TestMedia.path("ass.ass")
        for output in [json, ass] {
            let result = try Command.framelens(["index", video, "-o", output, "--types", "text", "-q"])
            #expect(result.status == 0, "\(result.errorText)")
        }
        let index = try IndexFormat.decodeJSON(try Data(contentsOf: URL(fileURLWithPath: json)))
        return (index, try String(contentsOfFile: ass, encoding: .utf8))
    }

    @Test func headerNamesTheDisplayedPictureAndEachCueIsADialogueFFmpegReadsBack() throws {
        let (index, ass) = try Self.indexed(try Self.anamorphicSlides())
        #expect(index.cues.map(\.text) == ["Plain words here", "Centred Title Line"])
        #expect(ass.hasPrefix("[Script Info]\nTitle: ass-anamorphic-slides.mp4\nScriptType: v4.00+\nPlayResX: 640\nPlayResY: 360\n"))
        #expect(ass.contains("\n[V4+ Styles]\nFormat: Name, Fontname, Fontsize,"))
        let dialogues = ass.split(separator: "\n").filter { $0.hasPrefix("Dialogue: ") }
        #expect(dialogues.count == index.cues.count)
        // The left text at its box's top left, the title at its box's top middle (the picture's middle).
        #expect(dialogues.first?.contains("{\\an7\\pos(") == true)
        let titleX = dialogues.last.flatMap { $0.firstMatch(of: /\{\\an8\\pos\(([0-9.]+),/) }.flatMap { Double($0.1) }
        #expect(titleX.map { abs($0 - 320) <= 6 } == true, "\(dialogues)")
        // FFmpeg's ASS demuxer and decoder, as plain text subtitles: the same texts, at the times rounded up
        // to the centisecond.
        let ass2 = TestMedia.path("written.ass")
        try ass.write(toFile: ass2, atomically: true, encoding: .utf8)
        let srt = try Command.run("ffmpeg", ["-nostdin", "-v", "error", "-i", ass2, "-c:s", "text", "-f", "srt", "-"])
        #expect(srt.status == 0, "\(srt.errorText)")
        let expected = index.cues.enumerated().map { number, cue in
            "\(number + 1)\n\(Self.srtTime(cue.start)) --> \(Self.srtTime(cue.end))\n\(cue.text)\n"
        }.joined(separator: "\n")
        #expect(srt.text.replacingOccurrences(of: "\r\n", with: "\n") == expected + "\n")
    }

    /// A time as SRT writes it, from the ASS time rounded up to the centisecond.
    static func srtTime(_ time: Timestamp) -> String {
        let centiseconds = Int((time.seconds * 100 - 1e-9).rounded(.up))
        return MediaTime.clock(Double(centiseconds) / 100, millisecondSeparator: ",")
    }

    @Test func libassDrawsEachCueWhereItsTextWas() throws {
        let (index, ass) = try Self.indexed(try Self.anamorphicSlides())
        let file = TestMedia.path("render.ass")
        try ass.write(toFile: file, atomically: true, encoding: .utf8)
        for cue in index.cues {
            let bounds = try #require(cue.bounds)
            let middle = (cue.start.seconds + cue.end.seconds) / 2
            let frame = try Self.rendered(file, at: middle, width: 640, height: 360)
            let box = (x: bounds.x * 640, y: bounds.y * 360, width: bounds.width * 640, height: bounds.height * 360)
            var inside = 0, farAway = 0
            for y in 0..<360 {
                for x in 0..<640 where frame[y * 640 + x] > 128 {
                    let dx = max(box.x - Double(x), Double(x) - (box.x + box.width), 0)
                    let dy = max(box.y - Double(y), Double(y) - (box.y + box.height), 0)
                    if dx <= 8 && dy <= 8 { inside += 1 } else if dx > 40 || dy > 40 { farAway += 1 }
                }
            }
            // Letters fill a good share of their box, and nothing is drawn far from it.
            #expect(Double(inside) > 0.1 * box.width * box.height, "\(cue.text): \(inside) lit pixels in its box")
            #expect(farAway == 0, "\(cue.text): \(farAway) lit pixels far from its box")
        }
    }

    /// libass's rendering (FFmpeg's `ass` filter) of an ASS file onto a black picture, as 8-bit gray.
    static func rendered(_ ass: String, at seconds: Double, width: Int, height: Int) throws -> [UInt8] {
        let result = try Command.run("ffmpeg", [
            "-nostdin", "-v", "error", "-f", "lavfi", "-i", "color=c=black:s=\(width)x\(height):r=25:d=\(Int(seconds) + 2)",
            "-vf", "ass=\(ass)", "-ss", String(format: "%.3f", seconds), "-frames:v", "1",
            "-f", "rawvideo", "-pix_fmt", "gray", "-",
        ])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(result.output.count == width * height)
        return result.output
    }

    static let hostile = "{\\alpha&HFF&}{\\pos(0,0)}Look\\Nhere {not a tag} \\h\\\\ end\nsecond {\\b1}line"

    @Test func hostileTextIsEscapedExactly() {
        let wj = "\u{2060}"
        #expect(ASSText.escaped(Self.hostile) == "\\{\(wj)\\\(wj)alpha&HFF&}\\{\(wj)\\\(wj)pos(0,0)}Look\\\(wj)Nhere "
            + "\\{\(wj)not a tag} \\\(wj)h\\\(wj)\\\(wj) end\\Nsecond \\{\(wj)\\\(wj)b1}line")
    }

    @Test func hostileTextIsReadAsTextByFFmpegAndDrawnByLibass() throws {
        var cue = Cue(
            start: 0, end: 2, startFrame: 0, endFrame: 50, text: Self.hostile,
            bounds: try NormalizedRect(x: 0.1, y: 0.5, width: 0.5, height: 0.2), codes: [], detections: [])
        cue.color = TextColor(red: 255, green: 255, blue: 0)
        let index = VideoIndex(video: "hostile.mp4", from: 0, to: 2, complete: true, warnings: [], cues: [cue], width: 640, height: 360)
        let file = TestMedia.path("hostile.ass")
        FileManager.default.createFile(atPath: file, contents: Data(try IndexFormat.ass.encode(index)))
        // FFmpeg's parser finds no override block in the text (its `{\...}` would be dropped): it keeps every
        // character, showing libass's brace escape `\{` and the invisible word joiners as they are.
        let srt = try Command.run("ffmpeg", ["-nostdin", "-v", "error", "-i", file, "-c:s", "text", "-f", "srt", "-"])
        let text = srt.text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\u{2060}", with: "")
            .replacingOccurrences(of: "\\{", with: "{")
        #expect(text == "1\n00:00:00,000 --> 00:00:02,000\n\(Self.hostile)\n\n")
        // libass draws it (`\alpha&HFF&` would have made it invisible, `\pos(0,0)` moved it to the corner), in
        // the cue's colour.
        let rendered = try Self.rendered(file, at: 1, width: 640, height: 360)
        var lit: [(x: Int, y: Int)] = []
        for y in 0..<360 {
            for x in 0..<640 where rendered[y * 640 + x] > 100 { lit.append((x, y)) }
        }
        #expect(lit.count > 500)
        #expect(lit.allSatisfy { $0.x >= 50 && $0.y >= 160 }, "drawn at the cue's place, not at (0,0)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains(",,{\\an7\\pos(64,180)\\fs33\\1c&H00FFFF&}\\{"))
    }

    @Test(arguments: [
        (Timestamp(value: 0, timescale: 1), "0:00:00.00"), (Timestamp(value: 1001, timescale: 30000), "0:00:00.04"),
        (Timestamp(value: 3, timescale: 2), "0:00:01.50"), (Timestamp(value: 7367, timescale: 1000), "0:00:07.37"),
        (Timestamp(exactly: 0.4)!, "0:00:00.40"), (Timestamp(value: 36000, timescale: 1), "10:00:00.00"), (Timestamp(value: 3_599_999, timescale: 1000), "1:00:00.00"),
    ])
    func timesRoundUpToTheCentisecond(time: Timestamp, written: String) {
        #expect(ASSText.time(time) == written)
    }

    @Test func captionsTakeTheirMeasuredColour() async throws {
        let index = try await VideoIndexer(url: try CaptionTrackerTests.captionedMovingVideo(), options: .init()).run()
        #expect(index.cues.map(\.text) == ["Moving pictures are hard", "Captions hold still", "Read them at the top"])
        let colors = index.cues.map(\.color)
        let near = { (color: TextColor?, red: Int, green: Int, blue: Int) -> Bool in
            guard let color else { return false }
            return abs(Int(color.red) - red) <= 24 && abs(Int(color.green) - green) <= 24 && abs(Int(color.blue) - blue) <= 24
        }
        #expect(near(colors[0], 255, 255, 255) && near(colors[1], 255, 255, 255), "\(colors)")
        #expect(near(colors[2], 255, 255, 0), "\(colors)")
        let ass = String(decoding: try IndexFormat.ass.encode(index), as: UTF8.self)
        let yellow = try #require(colors[2])
        #expect(ass.contains(String(format: "\\1c&H%02X%02X%02X&}Read them at the top", yellow.blue, yellow.green, yellow.red)))
    }

    @Test func mergeWritesASSAndRefusesAnIndexWithoutThePictureSize() throws {
        let video = try Self.anamorphicSlides()
        let json = TestMedia.path("merge-ass.json")
        #expect(try Command.framelens(["index", video, "-o", json, "--types", "text", "-q"]).status == 0)
        let merged = try Command.framelens(["merge", json, "-o", "-", "--format", "ass"])
        #expect(merged.status == 0)
        #expect(merged.text.contains("PlayResX: 640\nPlayResY: 360\n"))
        #expect(merged.text.split(separator: "\n").filter { $0.hasPrefix("Dialogue: ") }.count == 2)
        // An index written before the size was kept.
        var old = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as! [String: Any]
        old["width"] = nil
        old["height"] = nil
        let oldPath = TestMedia.path("old.json")
        try JSONSerialization.data(withJSONObject: old).write(to: URL(fileURLWithPath: oldPath))
        let output = TestMedia.path("old.ass")
        let refused = try Command.framelens(["merge", oldPath, "-o", output])
        #expect(refused.status == 4)
        #expect(refused.errorText == "framelens: cannot write ASS for \(video): its index does not record the picture's size (an index written before it was kept); index the video again\n")
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try Command.framelens(["merge", oldPath, "-o", TestMedia.path("old.srt")]).status == 0)
        let error = #expect(throws: OutputError.self) {
            try IndexFormat.ass.encode(try IndexFormat.decodeJSON(Data(contentsOf: URL(fileURLWithPath: oldPath))))
        }
        #expect(error?.code == .incompleteIndex)
    }
}
