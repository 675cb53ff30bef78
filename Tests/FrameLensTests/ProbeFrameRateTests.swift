import Foundation
import Testing

/// `probe` prints a stream's frame rate as ffmpeg does: NTSC's 30000/1001 is 29.97 fps, not 30.
struct ProbeFrameRateTests {
    @Test(arguments: [("30000/1001", "29.97"), ("24000/1001", "23.98"), ("60000/1001", "59.94"), ("25", "25"), ("12.5", "12.50")])
    func printsTheRateAsFFmpegDoes(rate: String, printed: String) throws {
        let video = try TestMedia.make("rate-\(printed).mp4", [
            "-f", "lavfi", "-i", "testsrc2=s=160x120:r=\(rate):d=1", "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
        let result = try Command.framelens(["probe", video])
        #expect(result.status == 0)
        #expect(result.text.split(separator: "\n").last == "  #0 video h264 (avc1) 160x120 \(printed) fps")
        // ffmpeg's own banner says the same.
        let ffmpeg = try Command.run("ffmpeg", ["-hide_banner", "-nostdin", "-i", video])
        #expect(ffmpeg.errorText.contains(", \(printed) fps,"), "\(ffmpeg.errorText)")
    }
}
