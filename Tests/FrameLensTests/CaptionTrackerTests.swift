import Foundation
import Testing
@testable import FrameLens

/// Captions burned into moving video, found by `CaptionTracker` and read from their clean pictures.
struct CaptionTrackerTests {
    /// 8 s at 25 fps of a moving cellular automaton (busy texture scrolling every frame; seeded, so the
    /// same every time) with three captions: white outlined text at the bottom from frame 10, replaced with
    /// no gap at frame 60, and yellow text on a dark box at the top from frame 140 to 190.
    static func captionedMovingVideo() throws -> String {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let outlined = "fontsize=30:x=(w-text_w)/2:y=h-60:fontcolor=white:borderw=2:bordercolor=black"
        let boxed = "fontsize=30:x=(w-text_w)/2:y=30:fontcolor=yellow:box=1:boxcolor=0x202020:boxborderw=6"
        let draw = [
            ("Moving pictures are hard", outlined, 10, 60), ("Captions hold still", outlined, 60, 110),
            ("Read them at the top", boxed, 140, 190),
        ].map { text, style, start, end in
            "drawtext=fontfile=\(font):text='\(text)':\(style):enable='between(n\\,\(start)\\,\(end - 1))'"
        }.joined(separator: ",")
        return try TestMedia.make("moving-captions.mp4", [
            "-f", "lavfi", "-i", "cellauto=s=640x360:r=25:rule=18:seed=3,scale=640:360", "-t", "8", "-vf", draw,
            "-c:v", "libx264", "-g", "100", "-sc_threshold", "0", "-pix_fmt", "yuv420p",
        ])
    }

    @Test func captionsOverMovingVideoAreReadWithExactFrames() async throws {
        let index = try await VideoIndexer(url: try Self.captionedMovingVideo(), options: .init()).run()
        #expect(index.cues.map(\.text) == ["Moving pictures are hard", "Captions hold still", "Read them at the top"])
        #expect(index.cues.map(\.startFrame) == [10, 60, 140])
        #expect(index.cues.map(\.endFrame) == [60, 110, 190])
    }
}
