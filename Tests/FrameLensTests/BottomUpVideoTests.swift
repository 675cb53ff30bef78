import Foundation
import Testing

@testable import FrameLens

/// Raw RGB in AVI stored bottom-up (a `BI_RGB` bitmap header with a positive height) comes out of FFmpeg
/// 5.1 with a negative linesize: the AVI demuxer marks it "BottomUp" and the rawvideo decoder points
/// `data[0]` at the last row. Its frames are shown, written and read upright, as ffmpeg shows them.
struct BottomUpVideoTests {
    /// 640x360 BGR24 at 10 fps, 2 s, with "Upright text" at the top, stored bottom-up. ffmpeg's AVI muxer
    /// writes raw RGB top-down (a negative height), so the rows are flipped when encoding and the height's
    /// sign is turned afterwards: the file then says that its rows run bottom-up, which they do.
    static func video() throws -> String {
        let topDown = try TestMedia.make("top-down.avi", [
            "-f", "lavfi", "-i",
            "color=c=white:s=640x360:r=10:d=2,drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:"
                + "text='Upright text':fontsize=48:fontcolor=black:x=60:y=40,vflip",
            "-c:v", "rawvideo", "-pix_fmt", "bgr24",
        ])
        var bytes = try Data(contentsOf: URL(fileURLWithPath: topDown))
        // The stream format chunk: "strf", its size, then BITMAPINFOHEADER's biSize, biWidth, biHeight.
        let chunk = try #require(bytes.firstRange(of: Data("strf".utf8))).lowerBound
        let heightOffset = chunk + 16
        let height = bytes[heightOffset..<heightOffset + 4].withUnsafeBytes { Int32(littleEndian: $0.loadUnaligned(as: Int32.self)) }
        #expect(height == -360, "ffmpeg wrote the rows top-down")
        withUnsafeBytes(of: (-height).littleEndian) { bytes.replaceSubrange(heightOffset..<heightOffset + 4, with: $0) }
        let path = TestMedia.path("bottom-up.avi")
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func framesAreFfmpegsAndTextReadsUpright() throws {
        let video = try Self.video()
        let frame = try Command.framelens(["frame", video, "--at", "1", "--format", "raw", "-o", "-"])
        #expect(frame.status == 0)
        let ffmpeg = try TestMedia.ffmpegFrame(video, number: 10)
        #expect(ffmpeg.count == 640 * 360 * 3)
        #expect(differingBytes(frame.output, ffmpeg) == 0)
        let grab = try Command.framelens(["grab", video, "--at", "1", "--types", "text"])
        #expect(grab.status == 0)
        #expect(grab.text.hasPrefix("Upright text\n"))
    }

    /// FFmpeg's own decoder gives the frame with a negative linesize; the frame FrameLens keeps holds the
    /// same rows top-down with a positive stride.
    @Test func aBottomUpPlaneIsCopiedTopDown() throws {
        let decoded = try DecodedPicture(firstOf: try Self.video())
        #expect(decoded.firstPlaneStride == -640 * 3, "the decoder hands the frame out bottom-up")
        let kept = try decoded.kept()
        let (base, stride, rows) = kept.plane(0)
        #expect(stride == 640 * 3 && rows == 360)
        for row in [0, 1, 40, 359] {
            let copied = UnsafeRawBufferPointer(start: base + row * stride, count: 640 * 3)
            #expect(Array(copied) == decoded.firstPlaneRow(row, count: 640 * 3), "row \(row)")
        }
    }
}
