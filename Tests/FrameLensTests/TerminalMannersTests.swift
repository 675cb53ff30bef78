import Foundation
import Testing

/// `framelens` on a terminal: a progress bar that fits the window and ends in one summary line, `--quiet`,
/// one-line usage errors with suggestions, and shell completion.
struct TerminalMannersTests {
    /// 30 s of a moving test picture: indexed in 1-3 s, so that the bar, drawn ten times a second, is mostly
    /// drawn several times after its first second, when a rate and an ETA show.
    static func video() throws -> String {
        try TestMedia.make("progress.mp4", [
            "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=30", "-c:v", "libx264", "-g", "250", "-pix_fmt", "yuv420p",
        ])
    }

    /// `(columns the pty reports, $COLUMNS)`: the window's own width wins; `$COLUMNS` tells when it says none.
    @Test(arguments: [(32, nil), (0, "80"), (120, "50")])
    func theProgressBarFitsTheTerminalAndEndsInASummary(columns: Int, variable: String?) throws {
        let width = columns > 0 ? columns : Int(variable!)!
        let folder = TestMedia.path("bar")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let result = try Terminal.framelens(
            ["index", try Self.video(), "--types", "codes", "-o", "out.srt"], columns: columns,
            environment: variable.map { ["COLUMNS": $0] } ?? [:], directory: folder)
        #expect(result.status == 0, "\(result.screen)")
        let lines = result.lines
        #expect(lines.allSatisfy { $0.count < width }, "wider than \(width): \(lines.filter { $0.count >= width })")
        // Each drawing fills the line but its last column, so that what it overwrites goes.
        #expect(lines.dropLast().allSatisfy { $0.count == width - 1 }, "\(lines.map(\.count))")
        let bars = lines.dropLast().filter { !$0.allSatisfy(\.isWhitespace) }
        #expect(!bars.isEmpty && bars.allSatisfy { $0.contains("%") }, "\(lines)")
        #expect(bars.contains { $0.hasPrefix("[#") }, "the bar is drawn: \(bars)")
        // The summary in full when it fits (it takes about 50 columns here), else shortened: never wrapped.
        let summary = try #require(lines.last)
        let form = width >= 80
            ? /wrote 0 cues to out\.srt in (\d+\.\d) s \(\d+\.\dx real time\)/ : /wrote 0 cues in (\d+\.\d) s/
        let match = try #require(summary.wholeMatch(of: form), "\(summary)")
        // The first bar comes before any video is indexed: no rate yet, so no ETA. A rate and an ETA show once
        // a second has passed: on a run that took longer, later bars have both; on a quicker one, none has.
        #expect(bars.first?.contains("ETA") == false, "an ETA without a rate: \(bars)")
        let elapsed = try #require(Double(match.output.1))
        let withRate = bars.filter { $0.contains("ETA") && (width < 80 || $0.contains("x real time")) }
        if elapsed >= 1.3 {
            #expect(!withRate.isEmpty, "no rate after \(elapsed) s: \(bars)")
        } else if elapsed < 1 {
            #expect(withRate.isEmpty, "a rate before a second has passed: \(bars)")
        }
        #expect(FileManager.default.fileExists(atPath: folder + "/out.srt"))
    }

    @Test func machineReadableProgressEndsAtOneHundredPercent() throws {
        let result = try Command.framelens(["index", try Self.video(), "--types", "codes", "--progress", "-o", TestMedia.path("p.srt")])
        #expect(result.status == 0, "\(result.errorText)")
        let lines = result.errorText.split(separator: "\n")
        #expect(lines.last?.hasPrefix("progress percent=100.0 indexed=30.000 total=30.000 ") == true, "\(lines)")
        #expect(lines.allSatisfy { $0.contains("eta=unknown") == $0.contains("speed=0.0x") }, "\(lines)")
    }

    @Test func quietIndexDrawsNothingOnTheTerminal() throws {
        let output = TestMedia.path("quiet.srt")
        let result = try Terminal.framelens(["index", try Self.video(), "--types", "codes", "-q", "-o", output], columns: 80)
        #expect(result.status == 0)
        #expect(result.screen == "")
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test func quietFrameSaysNothing() throws {
        let output = TestMedia.path("quiet.png")
        let loud = try Command.framelens(["frame", TestMedia.sample, "--at", "1", "-o", output])
        #expect(loud.text == "\(output): frame 30 at 00:00:01.000, 1280x720\n")
        let quiet = try Command.framelens(["frame", TestMedia.sample, "--at", "1", "--quiet", "-o", output])
        #expect(quiet.status == 0)
        #expect(quiet.text == "" && quiet.errorText == "")
    }

    @Test func quietAndProgressContradict() throws {
        let result = try Command.framelens(["index", TestMedia.sample, "--quiet", "--progress", "-o", TestMedia.path("x.srt")])
        #expect(result.status == 64)
        #expect(result.errorText == "framelens: --progress prints progress, --quiet silences it: give one\n")
    }

    @Test(arguments: [
        (["grap"], "framelens: unknown command 'grap'; did you mean 'grab'?"),
        (["indx", "talk.mp4"], "framelens: unknown command 'indx'; did you mean 'index'?"),
        (["talk.mp4"], "framelens: unknown command 'talk.mp4' (commands: grab, index, frame, probe, langs, merge, serve, library, search, help)"),
        (["index", "talk.mp4", "--frm", "3", "-o", "x.srt"],
         "framelens: unknown option '--frm'. Did you mean '--from'? (see 'framelens index --help')"),
        (["frame", "talk.mp4", "--at", "1"], "framelens: missing expected argument '--output <output>' (see 'framelens frame --help')"),
        (["grab", "talk.mp4", "--at", "1", "--only", "urls"],
         "framelens: the value 'urls' is invalid for '--only <only>': unknown value 'urls' (expected: url, email, phone, date, money, flight, tracking, address, isbn) (see 'framelens grab --help')"),
    ])
    func usageErrorsAreOneLine(arguments: [String], message: String) throws {
        let result = try Command.framelens(arguments)
        #expect(result.status == 64)
        #expect(result.errorText == message + "\n")
    }

    /// Lines of code in a monospaced font, H.264 at default quality: ZBar's GS1 DataBar decoder takes their
    /// strokes for bars and, built with its assertions on as Debian's is, prints a warning for each.
    @Test func linesOfCodeMakeNoNoiseOnStandardError() throws {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
        let line = "expression.  They cache the compiled regular expressions for speed."
        let rows = (0..<10).map { row in
            "drawtext=fontfile=\(font):text='\(line)':fontsize=\(20 + 2 * row):fontcolor=0xd4d4d4:x=20:y=\(20 + 50 * row)"
        }
        let video = try TestMedia.make("code-lines.mp4", [
            "-f", "lavfi", "-i", "color=c=0x1e1e1e:s=1280x540:r=25:d=1", "-vf", rows.joined(separator: ","),
            "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
        let frame = TestMedia.path("code-lines.png")
        try TestMedia.ffmpeg(["-i", video, "-frames:v", "1", frame])
        let oracle = try Command.run("zbarimg", ["-q", frame])
        try #require(oracle.errorText.contains("databar.c"), "ZBar no longer warns on this frame: \(oracle.errorText)")
        let result = try Command.framelens(["grab", video, "--at", "0"])
        #expect(result.status == 0)
        #expect(result.text.contains("They cache the compiled"), "\(result.text)")
        #expect(result.errorText == "")
    }

    /// Bash completion as the shell runs it: the script ArgumentParser generates, sourced, asked for the
    /// words at the cursor.
    static func complete(_ words: [String], in folder: String, environment: [String: String] = [:]) throws -> [String] {
        let script = try Command.framelens(["--generate-completion-script", "bash"]).text
        let scriptFile = TestMedia.path("framelens.bash")
        try script.write(toFile: scriptFile, atomically: true, encoding: .utf8)
        let line = words.joined(separator: " ")
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = """
            cd '\(folder)' && source '\(scriptFile)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
            _framelens framelens '\(words.last!)' '\(words[words.count - 2])'
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let path = (Command.framelens as NSString).deletingLastPathComponent + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        let result = try Command.run("bash", ["-c", program], environment: environment.merging(["PATH": path]) { $1 })
        return result.text.split(separator: "\n").map(String.init).sorted()
    }

    @Test func completesInstalledLanguagesForLang() throws {
        let models = TestMedia.path("models")
        try FileManager.default.createDirectory(atPath: models, withIntermediateDirectories: true)
        for name in ["zul", "afr", "osd", "eng"] {
            #expect(FileManager.default.createFile(atPath: "\(models)/\(name).traineddata", contents: Data()))
        }
        let environment = ["TESSDATA_PREFIX": models]
        #expect(try Self.complete(["framelens", "grab", "v.mp4", "--lang", ""], in: models, environment: environment)
            == ["afr", "eng", "zul"])
        #expect(try Self.complete(["framelens", "index", "v.mp4", "--lang", "z"], in: models, environment: environment)
            == ["zul"])
    }

    @Test func completesFileNamesForInputsAndOutputs() throws {
        let folder = TestMedia.path("completion")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["talk.mp4", "talk.srt", "notes.txt"] { #expect(FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data())) }
        #expect(try Self.complete(["framelens", "probe", "ta"], in: folder) == ["talk.mp4", "talk.srt"])
        #expect(try Self.complete(["framelens", "frame", "talk.mp4", "-o", "n"], in: folder) == ["notes.txt"])
        #expect(try Self.complete(["framelens", "index", "t"], in: folder) == ["talk.mp4", "talk.srt"])
    }
}
