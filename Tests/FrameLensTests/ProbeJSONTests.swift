import Foundation
import Testing

/// `probe --json` says what ffprobe says about each stream, and only a video stream is playable.
struct ProbeJSONTests {
    /// Anamorphic video (SAR 4:3), German stereo audio at 48 kHz and French subtitles, in MP4.
    static func video() throws -> String {
        let subtitles = TestMedia.path("subs.srt")
        try "1\n00:00:00,000 --> 00:00:01,000\nBonjour\n".write(toFile: subtitles, atomically: true, encoding: .utf8)
        return try TestMedia.make("streams.mp4", [
            "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=2", "-f", "lavfi", "-i", "sine=d=2:r=48000",
            "-i", subtitles, "-map", "0", "-map", "1", "-map", "2", "-vf", "setsar=4/3", "-c:v", "libx264",
            "-profile:v", "main", "-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "2", "-c:s", "mov_text",
            "-metadata:s:a:0", "language=deu", "-metadata:s:s:0", "language=fra",
        ])
    }

    @Test func streamsAreDescribedAsFFprobeDescribesThem() throws {
        let video = try Self.video()
        let result = try Command.framelens(["probe", "--json", video])
        #expect(result.status == 0, "\(result.errorText)")
        let ours = try #require(try JSONSerialization.jsonObject(with: Data(result.output)) as? [String: Any])
        let streams = try #require(ours["streams"] as? [[String: Any]])
        let oracle = try Command.run("ffprobe", ["-v", "error", "-show_streams", "-of", "json", video])
        let theirs = try #require(
            (try JSONSerialization.jsonObject(with: Data(oracle.output)) as? [String: Any])?["streams"] as? [[String: Any]])
        #expect(streams.count == 3 && theirs.count == 3)
        let ratio = { (value: Any?) -> String? in
            (value as? [String: Any]).map { "\($0["numerator"] as? Int ?? 0):\($0["denominator"] as? Int ?? 0)" }
        }
        for (mine, truth) in zip(streams, theirs) {
            #expect(mine["kind"] as? String == truth["codec_type"] as? String)
            #expect(ratio(mine["timeBase"])?.replacingOccurrences(of: ":", with: "/") == truth["time_base"] as? String)
            #expect(mine["frameCount"] as? Int == (truth["nb_frames"] as? String).flatMap { Int($0) })
            #expect(mine["profile"] as? String == truth["profile"] as? String)
            #expect(mine["language"] as? String == (truth["tags"] as? [String: Any])?["language"] as? String)
        }
        let (video0, audio, subtitle) = (streams[0], streams[1], streams[2])
        #expect(video0["pixelFormat"] as? String == theirs[0]["pix_fmt"] as? String)
        #expect(ratio(video0["sampleAspectRatio"]) == theirs[0]["sample_aspect_ratio"] as? String)
        #expect(ratio(video0["displayAspectRatio"]) == theirs[0]["display_aspect_ratio"] as? String)
        #expect(audio["sampleRate"] as? Int == (theirs[1]["sample_rate"] as? String).flatMap { Int($0) })
        #expect(audio["channels"] as? Int == theirs[1]["channels"] as? Int)
        // The values themselves, so that a field both leave out cannot pass unseen.
        #expect(video0["pixelFormat"] as? String == "yuv420p" && video0["profile"] as? String == "Main")
        #expect(ratio(video0["displayAspectRatio"]) == "16:9" && video0["frameCount"] as? Int == 50)
        #expect(audio["language"] as? String == "deu" && audio["sampleRate"] as? Int == 48000 && audio["channels"] as? Int == 2)
        #expect(subtitle["language"] as? String == "fra")
        #expect(streams.map { $0["isPlayable"] as? Bool } == [true, false, false])
    }
}
