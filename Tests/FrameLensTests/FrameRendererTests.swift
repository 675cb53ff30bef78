import Testing
@testable import FrameLens

/// The RGB pixels FrameLens writes are ffmpeg's, byte for byte, across codecs, containers, pixel
/// formats, colour matrices and display rotations.
struct FrameRendererTests {
    /// The oracle is ffmpeg's frame for the displayed frame's pts (`-ss` half a frame before it), or,
    /// where `-ss` is approximate (MPEG-TS seeks by bisection and decodes mid-GOP), ffmpeg's frame with
    /// the same index decoded from the start.
    static func expectSameAsFFmpeg(_ video: String, at seconds: Double, fps: Double) async throws {
        let player = try VideoPlayer(url: video)
        try await player.seek(to: Timestamp(seconds: seconds))
        let frame = try #require(await player.currentlyDisplayedFrame)
        let image = try FrameRenderer.render(frame, as: .rgb24)
        let oracle = video.hasSuffix(".ts")
            ? try TestMedia.ffmpegFrame(video, number: frame.frameNumber)
            : try TestMedia.ffmpegFrame(video, at: max(0, frame.time - 0.5 / fps))
        #expect(differingBytes(image.pixels, oracle) == 0, "\(video) at \(seconds) (frame \(frame.frameNumber))")
    }

    @Test(arguments: ["vp9.webm", "mpeg2.ts", "yuv444.mkv", "10bit.mkv", "mjpeg.avi", "bt709.mp4"])
    func matchesFFmpegForOtherFormats(name: String) async throws {
        let video = try TestMedia.variant(name)
        for seconds in [0, 1.27, 2.95] {
            try await Self.expectSameAsFFmpeg(video, at: seconds, fps: 30)
        }
    }

    @Test(arguments: [90, 180, 270])
    func rotatesForDisplayAsFFmpegDoes(degrees: Int) async throws {
        let video = try TestMedia.rotated(degrees)
        for seconds in [0, 2.33] {
            try await Self.expectSameAsFFmpeg(video, at: seconds, fps: 25)
        }
        let player = try VideoPlayer(url: video)
        let frame = try #require(await player.currentlyDisplayedFrame)
        let image = try FrameRenderer.render(frame, as: .rgb24)
        let quarter = degrees % 180 != 0
        #expect((image.width, image.height) == (quarter ? 240 : 320, quarter ? 320 : 240))
    }

    @Test func writesPPMAndRawAsThePixels() throws {
        let image = PixelImage(width: 2, height: 1, format: .rgb24, pixels: [1, 2, 3, 4, 5, 6])
        #expect(try ImageEncoder.encode(image, as: .raw) == [1, 2, 3, 4, 5, 6])
        #expect(try ImageEncoder.encode(image, as: .ppm) == Array("P6\n2 1\n255\n".utf8) + [1, 2, 3, 4, 5, 6])
    }

    @Test func writesPNGThatFFmpegDecodesToTheSamePixels() throws {
        let pixels: [UInt8] = (0..<45).map { (index: Int) -> UInt8 in UInt8(index * 5) }
        let image = PixelImage(width: 5, height: 3, format: .rgb24, pixels: pixels)
        let path = TestMedia.path("tiny.png")
        try AtomicFile.write(try ImageEncoder.encode(image, as: .png), to: path)
        let decoded = try Command.run("ffmpeg", ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        #expect(differingBytes(decoded.output, pixels) == 0)
    }
}
