import Foundation
import Testing

/// `-` and `pipe:0` read standard input for probe, frame, grab and index: all of a pipe, with the same
/// results as the file it carries; a pipe given by name (a FIFO) is refused by `index`.
struct StandardInputTests {
    /// The first 12 s of the sample (its first two slides) as MPEG-TS, the usual piped container.
    static func transportStream() throws -> String {
        try TestMedia.make("piped.ts", ["-i", TestMedia.sample, "-c", "copy", "-t", "12"])
    }

    /// Runs `cat FILE | framelens ARGUMENTS` through a real pipe.
    static func piped(_ file: String, _ arguments: [String]) throws -> Command.Result {
        try Command.run("sh", ["-c", "cat '\(file)' | exec '\(Command.framelens)' " + arguments.map { "'\($0)'" }.joined(separator: " ")])
    }

    /// The transport stream's index read from the file, the same for both names of standard input.
    static let fileIndex = Result {
        try Command.framelens(["index", try transportStream(), "--types", "text", "--format", "json", "-o", "-"])
    }

    /// The transport stream's frame at 8 s as PNG, and its grab, read from the file, the same for both names.
    static let fileFrameAndGrab = Result { () throws -> (frame: Command.Result, png: String, grab: Command.Result) in
        let png = TestMedia.path("file.png")
        let frame = try Command.framelens(["frame", try transportStream(), "--at", "8", "-o", png])
        let grab = try Command.framelens(["grab", try transportStream(), "--at", "8", "--json", "--types", "text,codes"])
        return (frame, png, grab)
    }

    @Test(arguments: ["-", "pipe:0"])
    func indexReadsAllOfAPipe(name: String) throws {
        let video = try Self.transportStream()
        let fromFile = try Self.fileIndex.get()
        let fromPipe = try Self.piped(video, ["index", name, "--types", "text", "--format", "json", "-o", "-"])
        #expect(fromPipe.status == 0, "\(fromPipe.errorText)")
        let file = try JSONSerialization.jsonObject(with: Data(fromFile.output)) as? [String: Any]
        let pipe = try JSONSerialization.jsonObject(with: Data(fromPipe.output)) as? [String: Any]
        #expect(pipe?["video"] as? String == name)
        #expect(pipe?["complete"] as? Bool == true)
        #expect(pipe?["to"] as? Double == file?["to"] as? Double)
        let texts = { (index: [String: Any]?) in (index?["cues"] as? [[String: Any]])?.compactMap { $0["text"] as? String } }
        #expect(texts(pipe) == texts(file))
        #expect((texts(pipe)?.count ?? 0) == 2)
    }

    @Test func probeNamesStandardInputAsGiven() throws {
        let result = try Self.piped(try Self.transportStream(), ["probe", "-"])
        #expect(result.status == 0)
        #expect(result.text == """
            -: MPEG-TS (MPEG-2 Transport Stream) (mpegts), duration 00:00:12.167, 129 kb/s
              #0 video h264 1280x720 30 fps

            """)
    }

    @Test(arguments: ["-", "pipe:0"])
    func frameAndGrabReadAPipeAsTheFile(name: String) throws {
        let video = try Self.transportStream()
        let fromFile = try Self.fileFrameAndGrab.get()
        let piped = TestMedia.path("piped.png")
        #expect(try Self.piped(video, ["frame", name, "--at", "8", "-o", piped]).status == 0)
        #expect(fromFile.frame.status == 0, "\(fromFile.frame.errorText)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: piped)) == (try Data(contentsOf: URL(fileURLWithPath: fromFile.png))))
        let grabbed = try Self.piped(video, ["grab", name, "--at", "8", "--json", "--types", "text,codes"])
        #expect(grabbed.status == 0)
        #expect(grabbed.output == fromFile.grab.output)
    }

    @Test func anEmptyPipeIsAnEmptyFile() throws {
        let result = try Command.run("sh", ["-c", "true | exec '\(Command.framelens)' probe -"])
        #expect(result.status == 4)
        #expect(result.errorText == "framelens: - is empty (0 bytes)\n")
    }

    @Test func aTerminalIsNoVideo() throws {
        // `script` gives the command a pseudo-terminal as its standard input, as an interactive shell does.
        let result = try Command.run("script", ["-qfec", "\(Command.framelens) probe -", "/dev/null"])
        #expect(result.status == 3)
        #expect(result.text.trimmingCharacters(in: .whitespacesAndNewlines)
            == "framelens: - is standard input, which is a terminal: pipe a video into it (cat talk.ts | framelens ...)")
    }

    @Test func indexRefusesAPipeGivenByName() throws {
        let fifo = TestMedia.path("video.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "cat '\(try Self.transportStream())' > '\(fifo)' 2>/dev/null"]
        try writer.run()
        defer { writer.terminate() }
        let output = TestMedia.path("fifo.srt")
        let result = try Command.framelens(["index", fifo, "-o", output])
        #expect(result.status == 8)
        #expect(result.errorText
            == "framelens: cannot index \(fifo): it is a pipe, read only once; indexing reads a video twice at once, so it needs a file or a URL\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
