import Foundation
import Testing

/// What `framelens index` writes besides subtitles and JSON: a transcript, and Markdown.
struct IndexOutputTests {
    /// The sample's cue times as index writes them: `00:00:07.367 - 00:00:13.267`.
    static func timeRange(_ slide: SampleTruth.Slide) -> String {
        let clock = { (frame: Int) in
            let milliseconds = Int((SampleTruth.Slide.milliseconds(frame: frame) * 1000).rounded())
            return String(format: "%02d:%02d:%02d.%03d", milliseconds / 3_600_000, milliseconds / 60_000 % 60,
                          milliseconds / 1000 % 60, milliseconds % 1000)
        }
        return "\(clock(slide.startFrame)) - \(clock(slide.endFrame))"
    }

    @Test func writesTheTranscriptOneBlockPerCue() throws {
        let output = TestMedia.path("lecture.txt")
        let result = try Command.framelens(["index", TestMedia.sample, "--types", "text", "-o", output])
        #expect(result.status == 0, "\(result.errorText)")
        let expected = SampleTruth.sample.slides.map { "[\(Self.timeRange($0))]\n\($0.text)\n" }.joined(separator: "\n")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == expected)
    }

    @Test func writesMarkdownWithAHeadingPerCue() throws {
        let result = try Command.framelens(["index", TestMedia.sample, "--types", "text", "--to", "0:13", "--format", "md", "-o", "-"])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(result.text == """
            # lecture.mp4

            ## 00:00:00.000 - 00:00:07.367

            CS 101: Introduction to Computing\\
            Lecture 7: Reading Text from Video\\
            Dr. Ada Lovelace\\
            March 14, 2026

            ## 00:00:07.367 - 00:00:13.000

            Agenda\\
            Recap of last week\\
            Course logistics and contacts\\
            Why lecture videos need OCR\\
            Quick quiz and course materials\\
            Conference trip and summary

            """)
    }

    /// Text read on screen that looks like Markdown stays text: headings, lists, emphasis, links, tags, code.
    @Test func escapesWhatMarkdownWouldTakeForMarkup() throws {
        let index = """
            {"video": "/talks/2026_*intro*.mp4", "from": 0, "to": 10, "complete": true, "warnings": [], "cues": [
              {"start": 1, "end": 2.5, "startFrame": 30, "endFrame": 75, "codes": [], "detections": [],
               "text": "# Not a heading\\n- not a bullet\\n+ nor this\\n1. not a list\\n2) nor this\\n=====\\n*not em* and __not strong__\\n[not](a link) <b>not a tag</b> `not code`\\nC:\\\\path | a&amp;b ~x~ !x 3.5 - 2"}
            ]}
            """
        let input = TestMedia.path("markup.json")
        try Data(index.utf8).write(to: URL(fileURLWithPath: input))
        let result = try Command.framelens(["merge", input, "--format", "md", "-o", "-"])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(result.text == ##"""
            # 2026\_\*intro\*.mp4

            ## 00:00:01.000 - 00:00:02.500

            \# Not a heading\
            \- not a bullet\
            \+ nor this\
            1\. not a list\
            2\) nor this\
            \=====\
            \*not em\* and \_\_not strong\_\_\
            \[not\](a link) \<b\>not a tag\</b\> \`not code\`\
            C:\\path \| a\&amp;b \~x\~ \!x 3.5 - 2

            """##)
        let plain = try Command.framelens(["merge", input, "-o", "-", "--format", "txt"])
        #expect(plain.text == "[00:00:01.000 - 00:00:02.500]\n" + "# Not a heading\n- not a bullet\n+ nor this\n1. not a list\n"
            + "2) nor this\n=====\n*not em* and __not strong__\n[not](a link) <b>not a tag</b> `not code`\nC:\\path | a&amp;b ~x~ !x 3.5 - 2\n")
    }

    @Test(arguments: [
        (["index", TestMedia.sample, "-o", "lecture.docx"],
         "framelens: cannot write lecture.docx: .docx is not a format this command writes (srt, vtt, json, txt or md); use one of those extensions or --format\n"),
        (["index", TestMedia.sample, "-o", "lecture", "--format", "html"],
         "framelens: --format html is not a format this command writes (srt, vtt, json, txt or md)\n"),
        (["merge", "part.json", "-o", "talk.pdf"],
         "framelens: cannot write talk.pdf: .pdf is not a format this command writes (srt, vtt, json, txt or md); use one of those extensions or --format\n"),
    ])
    func refusesAnOutputFormatItDoesNotWrite(arguments: [String], message: String) throws {
        let directory = TestMedia.path("index-formats")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let result = try Command.run(
            "sh", ["-c", "cd \(directory) && exec \(Command.framelens) \(arguments.joined(separator: " "))"])
        #expect(result.status == 64)
        #expect(result.errorText == message)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "never a silent SRT")
    }
}
