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
                                      distinct slide or caption, as SRT, WebVTT or JSON.
              frame                   Writes the frame a player paused at a time shows,
                                      rotated for display as ffmpeg does.
              probe                   Prints a video's container, duration and streams,
                                      marking protected streams.
              langs                   Lists the installed Tesseract languages (install more
                                      with apt-get install tesseract-ocr-LANG).
              merge                   Joins the JSON indexes of consecutive time ranges of
                                      a video into one index.

              See 'framelens help <subcommand>' for detailed help.

            """)
    }

    @Test(arguments: ["grab", "frame", "probe", "langs", "index", "merge"])
    func everyCommandHasHelp(command: String) throws {
        let result = try Command.framelens([command, "--help"])
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
