import Foundation
import Testing
@testable import FrameLens

/// Streams whose packets carry no timestamps (raw elementary streams) are timed as ffmpeg times them: by
/// counting frames at the stream's rate. Before, every time gave frame 0 and the duration was unknown.
struct UntimedStreamTests {
    static func rawH264() throws -> String {
        try TestMedia.make("lecture.h264", ["-t", "10", "-i", TestMedia.sample, "-c:v", "copy", "-f", "h264"])
    }

    static func rawHEVC() throws -> String {
        try TestMedia.make("counter.hevc", [
            "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=4", "-c:v", "libx265", "-x265-params", "log-level=error",
            "-g", "30", "-f", "hevc",
        ])
    }

    /// ffprobe's count of the stream's packets, over its rate: the duration ffmpeg reaches.
    static func countedDuration(_ video: String) throws -> Double {
        let result = try Command.run("ffprobe", [
            "-v", "error", "-count_packets", "-select_streams", "v:0", "-show_entries",
            "stream=nb_read_packets,r_frame_rate", "-of", "default=nw=1:nk=1", video,
        ])
        let fields = result.text.split(separator: "\n")
        let rate = fields[0].split(separator: "/").map { Double($0)! }
        return Double(fields[1])! / (rate[0] / rate[1])
    }

    @Test(arguments: [("h264", 8.0, 240), ("h264", 3.0, 90), ("h264", 9.99, 299), ("hevc", 2.5, 62), ("hevc", 0.03, 0)])
    func frameAtATimeIsFfmpegsFrameOfThatNumber(codec: String, seconds: Double, number: Int) throws {
        let video = codec == "h264" ? try Self.rawH264() : try Self.rawHEVC()
        let result = try Command.framelens(["frame", video, "--at", String(seconds), "--format", "raw", "-o", "-"])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(result.output == (try TestMedia.ffmpegFrame(video, number: number)))
    }

    @Test func probeCountsTheDuration() throws {
        let video = try Self.rawH264()
        let duration = try Self.countedDuration(video)
        let clock = MediaTime.clock(duration)
        let probe = try Command.framelens(["probe", video])
        #expect(probe.text.hasPrefix("\(video): raw H.264 video (h264), duration \(clock)\n"))
        let late = try Command.framelens(["frame", video, "--at", String(duration + 1), "-o", TestMedia.path("late.png")])
        #expect(late.status == 7)
        #expect(late.errorText == "framelens: time \(MediaTime.clock(duration + 1)) is past the end of the video (\(clock))\n")
    }

    @Test func indexFindsTheSlidesAtTheirFrames() throws {
        let video = try Self.rawH264()
        let raw = try Command.framelens(["index", video, "-o", "-"])
        let mp4 = try Command.framelens(["index", TestMedia.sample, "--to", "10", "-o", "-"])
        let times = { (text: String) in text.split(separator: "\n").filter { $0.contains(" --> ") }.map(String.init) }
        #expect(times(raw.text).count == 2)
        #expect(times(raw.text).first == times(mp4.text).first)
        let end = MediaTime.clock(try Self.countedDuration(video), millisecondSeparator: ",", rounding: .up)
        #expect(times(raw.text).last == "00:00:07,367 --> \(end)")
    }
}

/// A stream read from a pipe has no known duration; the player's clock runs on regardless (it stood at 0).
struct UnknownDurationTests {
    @Test func thePlayersClockRunsWhenTheDurationIsUnknown() async throws {
        let fifo = TestMedia.path("stream.h264")
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "cat \"$0\" > \"$1\"", try UntimedStreamTests.rawH264(), fifo]
        try writer.run()
        defer { writer.terminate() }
        let player = try VideoPlayer(url: fifo)
        #expect(player.media.duration == nil && player.duration == nil)
        await player.play()
        try await Task.sleep(for: .milliseconds(400))
        let time = await player.currentTime
        await player.pause()
        #expect(time >= 0.3)
    }
}
