import Foundation
import Testing

/// No FFmpeg frame, packet or codec context, Tesseract engine or ZBar image outlives its use: after seek+analyse
/// cycles every `LiveObjects` count is back where it was after the warm-up (`make soak` runs 10,000).
///
/// The cycles run in `framelens-bench soak`, a process of its own: the counts are process-wide, and this
/// test process runs other tests at the same time.
struct LiveObjectsTests {
    @Test func seeksAndAnalysesLeaveNoObjectsBehind() throws {
        let bench = URL(fileURLWithPath: Command.framelens).deletingLastPathComponent()
            .appendingPathComponent("framelens-bench").path
        // 40 cycles (20 of warm-up), text on every 10th: a leak of one object a cycle, or one a reading, shows
        // in the 20 after the warm-up (two readings). Memory is the benchmark's business (make soak), not the test's.
        // The sample at half its size with a keyframe a second: the same slides, text and codes (ZBar still reads
        // both codes), at a third of the decoding and reading.
        let video = try TestMedia.make("lecture-360p.mp4", [
            "-i", TestMedia.sample, "-vf", "scale=640:360", "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-an",
        ])
        let result = try Command.run(bench, ["soak", video, "40", "10", "1000"])
        let lines = result.text.split(separator: "\n")
        let afterWarmUp = lines.first { $0.hasPrefix("live objects after warm-up:") }?.split(separator: ":").last
        let atTheEnd = lines.first { $0.hasPrefix("live objects at the end:") }?.split(separator: ":").last
        #expect(result.status == 0, "\(result.text)\(result.errorText)")
        #expect(afterWarmUp != nil && afterWarmUp?.trimmingCharacters(in: .whitespaces)
            == atTheEnd?.trimmingCharacters(in: .whitespaces), "\(result.text)")
        #expect(afterWarmUp?.contains("Tesseract engines 1") == true, "the counters count: \(result.text)")
    }

    /// `index` keeps a bounded number of decoded frames whatever the interval: at 30 s between samples as few
    /// as at 0.5 s (it once kept every frame decoded between two samples: 900 of them here at 30 s). Counted
    /// in `framelens-bench index-peak`, a process of its own, on a 48 s slide video of 30 fps without B-frames
    /// (every frame decoded).
    @Test func indexKeepsAsFewFramesAtAnyInterval() throws {
        let video = try TestMedia.make("slides-every-12s.mp4", [
            "-f", "lavfi", "-i", "color=c=white:s=320x180:r=30:d=48", "-vf",
            "drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:fontsize=24:x=20:y=30:"
                + "text='Slide %{eif\\:floor(t/12)+1\\:d} of the talk'",
            "-c:v", "libx264", "-preset", "ultrafast", "-bf", "0", "-g", "300", "-pix_fmt", "yuv420p",
        ])
        let bench = URL(fileURLWithPath: Command.framelens).deletingLastPathComponent()
            .appendingPathComponent("framelens-bench").path
        /// The most frames alive at once, and the cues found.
        func peak(_ interval: String) throws -> (frames: Int, cues: Int)? {
            let result = try Command.run(bench, ["index-peak", video, interval])
            #expect(result.status == 0, "\(result.text)\(result.errorText)")
            guard let match = result.text.firstMatch(of: /(\d+) cues, peak live frames (\d+),/) else { return nil }
            return (Int(match.2)!, Int(match.1)!)
        }
        let often = try #require(try peak("0.5"))
        let seldom = try #require(try peak("30"))
        #expect(often.cues == 4, "every slide indexed at 0.5 s")
        #expect(seldom.frames <= often.frames + 2, "at 30 s \(seldom.frames) frames alive at once, at 0.5 s \(often.frames)")
        #expect(often.frames <= 24 && seldom.frames <= 24, "at 0.5 s \(often.frames), at 30 s \(seldom.frames)")
    }
}
