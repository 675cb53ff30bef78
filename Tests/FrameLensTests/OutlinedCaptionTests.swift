import Foundation
import Testing
@testable import FrameLens

/// Light letters with a dark outline over a pale, still wall (a presenter's room, a sky): the wall stays in
/// the caption's clean picture, so the picture's threshold splits the outline from letters and wall alike.
struct OutlinedCaptionTests {
    /// 6 s at 25 fps of a pale still wall with sensor noise and a dark box crossing below, with two light
    /// yellow, black-outlined captions at the top: frames 10-70 and 80-140.
    static func paleWallVideo() throws -> String {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let style = "fontsize=26:x=(w-text_w)/2:y=40:fontcolor=0xFFFFA0:borderw=2:bordercolor=black"
        let captions = [("Light letters on a light wall", 10, 70), ("Outlined and hard to threshold", 80, 140)]
            .map { text, first, last in
                "drawtext=fontfile=\(font):text='\(text)':\(style):enable='between(n\\,\(first)\\,\(last))'"
            }
        return try TestMedia.make("pale-wall-captions.mp4", [
            "-f", "lavfi", "-i", "color=c=0xB4ACA4:s=1280x720:r=25", "-f", "lavfi", "-i", "color=c=0x505060:s=180x200:r=25",
            "-filter_complex", (["[0][1]overlay=x='mod(t*300,1100)':y=400", "noise=alls=4:allf=t"] + captions).joined(separator: ","),
            "-t", "6", "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
    }

    /// The second caption is read from its fill: its grey and black-and-white readings are `| to thrashold`.
    @Test func lightOutlinedLettersOverAPaleWallAreReadFromTheirFill() async throws {
        let index = try await VideoIndexer(url: try Self.paleWallVideo(), options: .init()).run()
        #expect(index.cues.map(\.startFrame) == [10, 80])
        #expect(index.cues.map(\.endFrame) == [71, 141])
        #expect(index.cues.last?.text == "Outlined and hard to threshold")
    }

    @Test func theFillIsTheLighterSideSplitAgain() {
        // Outline 20, wall 180, fill 240: the picture's threshold (between outline and the rest) is 100.
        let pixels: [UInt8] = [20, 20, 180, 180, 180, 240, 240, 20]
        #expect(GrayLevels.fillOnly(pixels, threshold: 100) == [255, 255, 255, 255, 255, 0, 0, 255])
        #expect(GrayLevels.fillOnly([10, 20], threshold: 100) == nil)
    }
}
