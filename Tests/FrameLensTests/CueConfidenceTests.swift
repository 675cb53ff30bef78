import Foundation
import Testing
@testable import FrameLens

/// Each cue's mean word confidence (`Cue.confidence`, a percent in JSON), and indexes written before it
/// was kept.
struct CueConfidenceTests {
    /// Every cue of the sample lecture's index (made once for the tests that read it whole), as `index --format json`
    /// writes it, is read with a confidence over 80 %.
    @Test func slideCuesOfCleanTextAreReadWithHighConfidence() async throws {
        let json = Data(try IndexFormat.json.encode(try await VideoIndexerTests.sampleIndex.value))
        let raw = try JSONSerialization.jsonObject(with: json) as! [String: Any]
        let cues = raw["cues"] as! [[String: Any]]
        #expect(cues.count == 9)
        for cue in cues {
            // A percent, as the JSON's other confidences, rounded to a tenth.
            let percent = try #require(cue["confidence"] as? Double, "\(cue["text"] ?? "")")
            #expect(percent > 80 && percent <= 100, "\(cue["text"] ?? ""): \(percent)")
            #expect((percent * 10).rounded() == percent * 10)
        }
        let index = try IndexFormat.decodeJSON(json)
        #expect(index.cues.allSatisfy { ($0.confidence ?? 0) > 0.8 && ($0.confidence ?? 2) <= 1 })
        #expect(index.width == 1280 && index.height == 720)
    }

    @Test func aSplitSlideWithACaptionWeighsBothReadingsByTheirWords() throws {
        var slide = Cue(
            start: 0, end: 3, startFrame: 0, endFrame: 75, text: "One two three four five six seven eight nine",
            bounds: try NormalizedRect(x: 0.1, y: 0.1, width: 0.8, height: 0.3), codes: [], detections: [])
        slide.confidence = 0.9
        var caption = Cue(
            start: 1, end: 2, startFrame: 25, endFrame: 50, text: "a b c",
            bounds: try NormalizedRect(x: 0.3, y: 0.8, width: 0.4, height: 0.1), codes: [], detections: [])
        caption.confidence = 0.6
        let parts = CueBuilder.split([slide], at: [caption])
        #expect(parts.map(\.text) == [slide.text, slide.text + "\na b c", slide.text])
        #expect(parts.map(\.confidence) == [0.9, (0.9 * 9 + 0.6 * 3) / 12, 0.9])
    }

    @Test func indexesWrittenBeforeTheFieldStillMergeAndImport() throws {
        let fixture = try LibraryFixture()
        let video = try fixture.put("Older index text", at: "older.mp4")
        let json = TestMedia.path("older-new.json")
        #expect(try Command.framelens(["index", video, "--types", "text", "-o", json, "-q"]).status == 0)
        var raw = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as! [String: Any]
        let cues = (raw["cues"] as! [[String: Any]]).map { cue in cue.filter { !["confidence", "color"].contains($0.key) } }
        #expect(!cues.isEmpty)
        raw["cues"] = cues
        let old = TestMedia.path("older.json")
        try JSONSerialization.data(withJSONObject: raw).write(to: URL(fileURLWithPath: old))
        #expect(try IndexFormat.decodeJSON(try Data(contentsOf: URL(fileURLWithPath: old))).cues.map(\.confidence) == [nil])
        let merged = try Command.framelens(["merge", old, "-o", "-", "--format", "json"])
        #expect(merged.status == 0)
        #expect(!merged.text.contains("\"confidence\""))
        #expect(try fixture.run(["library", "import", old, "-q"]).status == 0)
        let found = try fixture.run(["search", "Older"])
        #expect(found.status == 0)
        #expect(found.text.contains("**Older** index text"))
    }
}
