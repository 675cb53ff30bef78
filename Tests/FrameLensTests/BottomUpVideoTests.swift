import Foundation
import Testing

/// Raw RGB in AVI is stored bottom-up: FFmpeg hands its frames out with a negative linesize. They are
/// shown, written and read upright, as ffmpeg shows them.
struct BottomUpVideoTests {
    static func video() throws -> String {
        try TestMedia.make("bottom-up.avi", [
            "-f", "lavfi", "-i",
            "color=c=white:s=640x360:r=10:d=2,drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:"
                + "text='Upright text':fontsize=48:fontcolor=black:x=60:y=40",
            "-c:v", "rawvideo", "-pix_fmt", "bgr24",
        ])
    }

    @Test func framesAreFfmpegsAndTextReadsUpright() throws {
        let video = try Self.video()
        let frame = try Command.framelens(["frame", video, "--at", "1", "--format", "raw", "-o", "-"])
        #expect(frame.status == 0)
        #expect(frame.output == (try TestMedia.ffmpegFrame(video, number: 10)))
        let grab = try Command.framelens(["grab", video, "--at", "1", "--types", "text"])
        #expect(grab.status == 0)
        #expect(grab.text.hasPrefix("Upright text\n"))
    }
}
