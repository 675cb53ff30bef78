import Foundation
import Testing

/// What `framelens index` writes besides subtitles and JSON: a transcript, Markdown, a searchable PDF of
/// the slides, and the slides' pictures.
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

    /// The sample's first three slides, the third cut off at 0:20 by `--to`.
    @Test func writesTheTranscriptOneBlockPerCue() throws {
        let output = TestMedia.path("lecture.txt")
        let result = try Command.framelens(["index", TestMedia.sample, "--types", "text", "--to", "0:20", "-o", output])
        #expect(result.status == 0, "\(result.errorText)")
        let slides = SampleTruth.sample.slides.prefix(3)
        let expected = slides.map { slide in
            let range = slide.index == 2 ? "00:00:13.267 - 00:00:20.000" : Self.timeRange(slide)
            return "[\(range)]\n\(slide.text)\n"
        }.joined(separator: "\n")
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
         "framelens: cannot write lecture.docx: .docx is not a format this command writes (srt, vtt, ass, json, txt, md or pdf); use one of those extensions or --format\n"),
        (["index", TestMedia.sample, "-o", "lecture", "--format", "html"],
         "framelens: --format html is not a format this command writes (srt, vtt, ass, json, txt, md or pdf)\n"),
        (["index", TestMedia.sample, "-o", "x.srt", "--slides", "shots", "--image-format", "gif"],
         "framelens: --image-format gif is not a format this command writes (png or jpg)\n"),
        (["index", TestMedia.sample, "-o", "x.srt", "--image-format", "jpg"],
         "framelens: --image-format is the format of --slides pictures; give --slides DIR too\n"),
        (["merge", "part.json", "-o", "talk.pdf"],
         "framelens: cannot write talk.pdf: .pdf is not a format this command writes (srt, vtt, ass, json, txt or md); use one of those extensions or --format\n"),
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

extension IndexOutputTests {
    /// The pictures `--slides` wrote: the cue number and the time in each name.
    static func slides(in folder: String) throws -> [(name: String, time: String)] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { name in
            let stem = (name as NSString).deletingPathExtension
            return (name, String(stem.dropFirst(5)).replacingOccurrences(of: "_", with: ":"))
        }
    }

    /// A `--slides` folder that cannot be made fails before decoding, so the index is not written either.
    @Test func anUnwritableSlidesFolderFailsBeforeTheIndexIsWritten() throws {
        let directory = TestMedia.path("no-slides")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let blocker = directory + "/file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let result = try Command.framelens(["index", TestMedia.sample, "-o", directory + "/x.srt", "--slides", blocker + "/shots"])
        #expect(result.status == 9)
        #expect(result.errorText == "framelens: cannot create the folder \(blocker): file exists\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["file"])
    }

    /// The sample's first three slides (`--to 0:20`).
    @Test func writesASearchablePDFAndTheSlidesAsTheFramesFrameWrites() throws {
        let directory = TestMedia.path("slides")
        let pdf = directory + "/lecture.pdf"
        let folder = directory + "/shots"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let result = try Command.framelens(["index", TestMedia.sample, "--to", "0:20", "-o", pdf, "--slides", folder])
        #expect(result.status == 0, "\(result.errorText)")
        let truth = SampleTruth.sample.slides.prefix(3)
        let info = try Command.run("pdfinfo", [pdf])
        #expect(info.text.contains("\nPages:           \(truth.count)\n"), "\(info.text)")
        #expect(info.text.contains("Title:           lecture.mp4\n"))
        for (page, slide) in truth.enumerated() {
            let text = try Command.run("pdftotext", ["-f", "\(page + 1)", "-l", "\(page + 1)", pdf, "-"])
            let words = Set(text.text.split(whereSeparator: \.isWhitespace))
            let missing = slide.text.split(whereSeparator: \.isWhitespace).filter { !words.contains($0) }
            #expect(missing.isEmpty, "page \(page + 1) lacks \(missing)")
        }
        let slides = try Self.slides(in: folder)
        // Numbered in order, each named after the time of the frame its text was read from (where in the
        // slide's stretch that is depends on the sampling): that frame lies in the slide's stretch.
        #expect(slides.map { String($0.name.prefix(5)) } == (1...truth.count).map { String(format: "%04d-", $0) })
        #expect(slides.allSatisfy { $0.name.hasSuffix(".png") })
        for ((name, time), slide) in zip(slides, truth) {
            let seconds = time.split(separator: ":").reduce(0) { $0 * 60 + Double($1)! }
            #expect(seconds * 30 >= Double(slide.startFrame) && seconds * 30 < Double(slide.endFrame), "\(name) shows its cue")
            let written = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            #expect(Array(written) == (try FrameCommandTests.picture(at: time, "png")), "\(name) is frame --at \(time)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["lecture.pdf", "shots"])
    }

    @Test func writesJPEGSlidesAndAPDFToStandardOutput() throws {
        let folder = TestMedia.path("jpeg-shots")
        let result = try Command.framelens([
            "index", TestMedia.sample, "--types", "text", "--from", "0:40", "--to", "0:48", "--format", "pdf", "-o", "-",
            "--slides", folder, "--image-format", "jpg",
        ])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(result.output.starts(with: Array("%PDF-".utf8)))
        let pdf = TestMedia.path("piped.pdf")
        try Data(result.output).write(to: URL(fileURLWithPath: pdf))
        #expect(try Command.run("pdfinfo", [pdf]).text.contains("\nPages:           2\n"))
        let slides = try Self.slides(in: folder)
        #expect(slides.first?.name == "0001-00_00_40.000.jpg")
        #expect(slides.count == 2 && slides[1].name.hasPrefix("0002-00_00_4") && slides[1].name.hasSuffix(".jpg"))
        for (name, time) in slides {
            let written = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            #expect(Array(written) == (try FrameCommandTests.picture(at: time, "jpg")), "\(name) is frame --at \(time)")
        }
    }

    /// A PDF that cannot be made (here: its language is missing, which `--types codes` did not need while
    /// indexing) fails with one line, and leaves neither the PDF nor its temporary files behind.
    @Test func aPDFThatCannotBeMadeLeavesNothingBehind() throws {
        let directory = TestMedia.path("no-pdf")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let result = try Command.framelens([
            "index", TestMedia.sample, "--types", "codes", "--lang", "qaa", "--to", "0:05", "-o", directory + "/x.pdf",
        ])
        #expect(result.status == 10)
        let installed = try TestMedia.installedLanguages()
        #expect(result.errorText == "framelens: Tesseract language 'qaa' is not installed (installed: \(installed)); install it with: sudo apt-get install tesseract-ocr-qaa\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }
}
