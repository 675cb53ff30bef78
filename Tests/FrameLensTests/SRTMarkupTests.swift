import Foundation
import Testing
@testable import FrameLens

/// SRT text that looks like markup survives players: ffmpeg, which drops `<live>` as an unknown tag,
/// reads it back as it was on screen (with an invisible zero-width space after the `<`).
struct SRTMarkupTests {
    @Test func aTagLikeTextSurvivesFFmpeg() throws {
        let cue = Cue(start: 0, end: 1, startFrame: 0, endFrame: 30, text: "Watch <live> now\na < b", bounds: nil, codes: [], detections: [])
        let srt = SubtitleText.srt([cue])
        #expect(srt == "1\n00:00:00,000 --> 00:00:01,000\nWatch <\u{200B}live> now\na <\u{200B} b\n")
        let path = TestMedia.path("tags.srt")
        try Data(srt.utf8).write(to: URL(fileURLWithPath: path))
        let result = try Command.run("ffmpeg", ["-nostdin", "-v", "error", "-i", path, "-f", "ass", "-"])
        #expect(result.status == 0)
        let dialogue = result.text.split(whereSeparator: \.isNewline).first { $0.hasPrefix("Dialogue:") }
        #expect(dialogue?.hasSuffix(",Watch <\u{200B}live> now\\Na <\u{200B} b") == true, "\(dialogue ?? "")")
    }
}
