import Foundation
import Testing

/// The `framelens` command as a user runs it: help, probe, frame.
struct CommandLineTests {
    @Test func helpListsEveryCommand() throws {
        let result = try Command.framelens(["--help"])
        #expect(result.status == 0)
        #expect(result.text == """
            OVERVIEW: Reads the text and the codes on the frame a paused video shows.

            USAGE: framelens <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              grab                    Reads the text, codes and data (URLs, e-mail, phone
                                      numbers, dates, ...) on the frame shown at a time.
              index                   Indexes a video's on-screen text: one cue per
                                      distinct slide or caption, as SRT, WebVTT, ASS, JSON,
                                      a transcript, Markdown or a searchable PDF of the
                                      slides.
              frame                   Writes the frame a player paused at a time shows,
                                      rotated for display as ffmpeg does.
              probe                   Prints a video's container, duration and streams,
                                      marking protected streams.
              langs                   Lists the installed Tesseract languages (install more
                                      with apt-get install tesseract-ocr-LANG).
              merge                   Joins the JSON indexes of consecutive time ranges of
                                      a video into one index.
              serve                   Serves a local web player: pause a video to select
                                      and copy the text on its frame, search its slides.
              library                 Keeps a searchable library of many videos' indexes
                                      (framelens search searches it).
              search                  Searches the text of every video in the library, best
                                      matches first.

              See 'framelens help <subcommand>' for detailed help.

            """)
    }

    @Test(arguments: ["grab", "frame", "probe", "langs", "index", "merge", "search", "library add", "library import",
                      "library list", "library remove", "library stats"])
    func everyCommandHasHelp(command: String) throws {
        let result = try Command.framelens(command.split(separator: " ").map(String.init) + ["--help"])
        #expect(result.status == 0)
        #expect(result.text.contains("USAGE: framelens \(command)"))
    }

    @Test func probePrintsStreams() throws {
        let result = try Command.framelens(["probe", TestMedia.fixture("mixed.mp4")])
        #expect(result.status == 0)
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1] == "  #0 video h264 (avc1) 320x240 30 fps PROTECTED (cenc packet encryption info)")
        #expect(lines[2] == "  #1 video h264 (avc1) 160x120 30 fps")
    }

    @Test func probePrintsJSON() throws {
        let result = try Command.framelens(["probe", "--json", TestMedia.sample])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.output)) as? [String: Any]
        let streams = try #require(json?["streams"] as? [[String: Any]])
        #expect(streams.count == 1)
        #expect(streams[0]["isProtected"] as? Bool == false)
        #expect(streams[0]["codec"] as? String == "h264")
        #expect(json?["duration"] as? Double == 60)
    }

    @Test(arguments: ["png", "ppm", "raw"])
    func frameWritesTheFrameFFmpegShows(format: String) throws {
        let output = TestMedia.path("frame.\(format)")
        let result = try Command.framelens(["frame", TestMedia.sample, "--at", "0:48.034", "-o", output])
        #expect(result.status == 0)
        #expect(result.text == "\(output): frame 1441 at 00:00:48.034, 1280x720\n")
        let decoded = try Command.run("ffmpeg", [
            "-v", "error", "-f", format == "raw" ? "rawvideo" : "image2", "-pix_fmt", "rgb24", "-s", "1280x720",
            "-i", output, "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
        ])
        let oracle = try TestMedia.ffmpegFrame(TestMedia.sample, at: 1440.5 / 30)
        #expect(differingBytes(decoded.output, oracle) == 0)
    }

    @Test func frameWritesToStandardOutput() throws {
        let result = try Command.framelens(["frame", TestMedia.sample, "--at", "5", "--format", "ppm", "-o", "-"])
        #expect(result.status == 0)
        #expect(result.output.starts(with: Array("P6\n1280 720\n255\n".utf8)))
        #expect(result.output.count == 16 + 1280 * 720 * 3)
    }
}

/// `framelens grab` and `langs` as a user runs them.
struct GrabCommandTests {
    @Test func printsTranscriptThenCodesThenData() throws {
        let result = try Command.framelens(["grab", TestMedia.sample, "--at", "0:40"])
        #expect(result.status == 0)
        #expect(result.text == """
            Quick Quiz
            Scan the QR code
            Quiz ID: 42
            Five short questions
            Quiz closes at 11:45

            QR-Code  https://example.edu/cs101/quiz?id=42

            url       https://example.edu/cs101/quiz?id=42
            date      11:45

            """)
    }

    @Test func printsTheWholeAnalysisAsJSON() throws {
        let result = try Command.framelens(["grab", TestMedia.sample, "--at", "15", "--json", "--only", "phone,email"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output)) as? [String: Any])
        #expect(json["frameNumber"] as? Int == 450 && json["width"] as? Int == 1280)
        let detections = try #require(json["detections"] as? [[String: Any]])
        #expect(detections.map { $0["value"] as? String } == ["ada.lovelace@example.edu", "+14155550123"])
        #expect((detections[1]["source"] as? [String: Any])?["text"] != nil)
        let text = try #require(json["text"] as? [String: Any])
        #expect((text["transcript"] as? String)?.hasPrefix("Course Logistics\nNotes: https://example.edu/cs101/notes") == true)
    }

    @Test func leavesOutTheTextOfIgnoredRegions() throws {
        let result = try Command.framelens(["grab", TestMedia.sample, "--at", "15", "--types", "text", "--ignore-region", "0,0,1,0.2"])
        #expect(result.status == 0)
        #expect(result.text.hasPrefix("Notes: https://example.edu/cs101/notes\n"))
    }

    /// Leptonica notes such as "Error in boxClipToRectangle" while Tesseract lays out this slide are not
    /// the user's errors: stderr stays empty.
    @Test func keepsLeptonicaNotesOffStandardError() throws {
        let regular = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
        let lines = [(bold, "Meadow Signal Kitchen", 60, 72), (regular, "silver rocket shadow desig", 45, 230),
                     (regular, "kitchen mirror lesson gard", 45, 316)]
        let video = try TestMedia.make("leptonica-notes.mp4", [
            "-f", "lavfi", "-i", "color=c=0xF4F4F0:s=1280x720:r=30:d=1",
            "-vf", lines.map { "drawtext=fontfile=\($0.0):text='\($0.1)':fontsize=\($0.2):fontcolor=0x202020:x=89:y=\($0.3)" }
                .joined(separator: ","),
            "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
        let result = try Command.framelens(["grab", video, "--at", "0.5", "--types", "text"])
        #expect(result.status == 0)
        #expect(result.text.hasPrefix("Meadow Signal Kitchen\n"))
        #expect(result.errorText == "")
    }

    @Test func listsTheInstalledLanguages() throws {
        let result = try Command.framelens(["langs"])
        #expect(result.status == 0)
        #expect(result.text.split(separator: "\n").contains("eng"))
    }

    @Test func listsTheInstalledLanguagesSorted() throws {
        let models = TestMedia.path("sorted-models")
        try FileManager.default.createDirectory(atPath: models, withIntermediateDirectories: true)
        for name in ["zul", "chi_sim", "afr", "osd", "eng", "chi_sim_vert", "deu"] {
            #expect(FileManager.default.createFile(atPath: "\(models)/\(name).traineddata", contents: Data()))
        }
        let result = try Command.run(Command.framelens, ["langs"], environment: ["TESSDATA_PREFIX": models])
        #expect(result.status == 0)
        #expect(result.text == "afr\nchi_sim\nchi_sim_vert\ndeu\neng\nzul\n")
    }

    @Test func aBrokenLanguageModelIsALanguageErrorNotACrash() throws {
        // An empty eng.traineddata: Tesseract fails to initialise, and the engine is freed once.
        let models = TestMedia.path("tessdata")
        try FileManager.default.createDirectory(atPath: models, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: models + "/eng.traineddata", contents: Data()))
        let result = try Command.run(
            Command.framelens, ["grab", TestMedia.sample, "--at", "1"], environment: ["TESSDATA_PREFIX": models])
        #expect(result.status == 10)
        #expect(result.errorText == "framelens: Tesseract cannot load 'eng' from \(models)\n")
    }

    @Test(arguments: ["../../etc/passwd", "eng+", "e ng"])
    func refusesALanguageNameThatIsNoTesseractCode(_ name: String) throws {
        let result = try Command.framelens(["grab", TestMedia.sample, "--at", "1", "--lang", name])
        #expect(result.status == 10)
        let culprit = name == "eng+" ? "" : name
        #expect(result.errorText == "framelens: '\(culprit)' is neither a BCP-47 locale (such as en-US, ko or zh-Hans) nor a Tesseract language name (letters, digits and _, such as eng or chi_sim)\n")
    }

    @Test func namesThePackageForAMissingLanguage() throws {
        let result = try Command.framelens(["grab", TestMedia.sample, "--at", "1", "--lang", "qaa"])
        #expect(result.status == 10)
        let installed = try TestMedia.installedLanguages()
        #expect(result.errorText == "framelens: Tesseract language 'qaa' is not installed (installed: \(installed)); install it with: sudo apt-get install tesseract-ocr-qaa\n")
    }

    @Test(arguments: [
        (["--types", "text,foo"],
         "framelens: the value 'text,foo' is invalid for '--types <types>': unknown value 'foo' (expected: text, codes, detectors)"),
        (["--only", "url,urls"],
         "framelens: the value 'url,urls' is invalid for '--only <only>': unknown value 'urls' (expected: url, email, phone, date, money, flight, tracking, address, isbn)"),
        (["--region", "0,0,2,1"],
         "framelens: the value '0,0,2,1' is invalid for '--region <region>': region '0,0,2,1' must lie within 0...1 with a positive size"),
        (["--region", "top"],
         "framelens: the value 'top' is invalid for '--region <region>': region 'top' is not x,y,w,h (four numbers from 0 to 1)"),
        (["--min-confidence", "101"], "framelens: --min-confidence must be between 0 and 100"),
        (["--rectify", "sideways"],
         "framelens: the value 'sideways' is invalid for '--rectify <rectify>'. Please provide one of 'auto' and 'off'."),
    ])
    func refusesBadOptions(arguments: [String], message: String) throws {
        let result = try Command.framelens(["grab", TestMedia.sample, "--at", "1"] + arguments)
        #expect(result.status == 64)
        #expect(result.errorText == message + " (see 'framelens grab --help')\n")
    }
}
