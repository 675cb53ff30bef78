import Foundation
import Testing

@testable import FrameLens

/// The decoder's guards against hostile streams: capped threads, and damage that skips, not aborts.
/// (Pictures too large to decode are bad-input cases, in `BadInputTests`.)
struct VideoDecoderTests {
    @Test func threadsAreCapped() throws {
        let file = try MediaFile(url: TestMedia.sample)
        #expect(try VideoDecoder(file: file, streamIndex: 0, threads: 64).threadCount == VideoDecoder.maximumThreads)
        #expect(try VideoDecoder(file: file, streamIndex: 0, threads: 1).threadCount == 1)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(try VideoDecoder(file: file, streamIndex: 0).threadCount == min(cores + 1, VideoDecoder.maximumThreads))
    }

    /// A transport stream with garbage written over a tenth of it, a third of the way in (ffmpeg reports the
    /// damage): the damaged packets are skipped, and the frames after them still come out, to the end.
    @Test func corruptPacketsAreSkipped() throws {
        let clean = try TestMedia.make("clean.ts", [
            "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=4", "-c:v", "libx264", "-g", "25", "-bf", "2",
            "-f", "mpegts",
        ])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: clean)))
        for index in (bytes.count / 3)..<(bytes.count / 3 + bytes.count / 10) {
            bytes[index] = UInt8(truncatingIfNeeded: (index &* 2_654_435_761) >> 13)
        }
        let damaged = TestMedia.path("damaged.ts")
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let oracle = try Command.run("ffmpeg", ["-nostdin", "-v", "error", "-i", damaged, "-f", "null", "-"])
        #expect(!oracle.errorText.isEmpty, "ffmpeg finds the damage")

        let decoder = try VideoDecoder(file: try MediaFile(url: damaged), streamIndex: 0, threads: 1)
        var last: VideoFrame?
        var frames = 0
        while let frame = try decoder.nextFrame() {
            frames += 1
            last = frame
        }
        #expect(frames >= 60, "most of the 100 frames come out")
        #expect(try #require(last).time > 3.5, "decoding goes on to the end")
    }
}
