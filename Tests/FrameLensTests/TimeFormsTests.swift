import Foundation
import Testing

/// Times in ffmpeg's forms (`15s`, `1500ms`) and SRT's (`00:00:15,000`) wherever the CLI takes a time, and
/// the commas of `--at`: SRT's millisecond comma stays in its time, every other comma separates times.
struct TimeFormsTests {
    @Test(arguments: ["15", "15s", "15000ms", "00:00:15,000", "0:15.000"])
    func everyFormOfATimeShowsTheSameFrame(time: String) throws {
        let result = try Command.framelens(["frame", TestMedia.sample, "--at", time, "-o", TestMedia.path("t.png")])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(result.text.hasSuffix(": frame 450 at 00:00:15.000, 1280x720\n"), "\(result.text)")
    }

    /// -0 is 0, not a negative time.
    @Test(arguments: ["-0", "-0.000", "-00:00:00"])
    func minusZeroIsTheFirstFrame(time: String) throws {
        let result = try Command.framelens(["frame", TestMedia.sample, "--at", time, "-o", TestMedia.path("z.png")])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(result.text.hasSuffix(": frame 0 at 00:00:00.000, 1280x720\n"), "\(result.text)")
    }

    @Test func anSRTTimeKeepsItsCommaInAList() throws {
        let folder = TestMedia.path("srt-times") + "/"
        let result = try Command.framelens(["frame", TestMedia.sample, "--at", "00:00:15,000,20,1500ms", "-o", folder])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            == ["00_00_01.500.png", "00_00_15.000.png", "00_00_20.000.png"])
    }

    @Test func otherCommasSeparateTimesEvenBeforeThreeDigits() throws {
        let result = try Command.framelens(["frame", TestMedia.sample, "--at", "5,100", "-o", TestMedia.path("f-%d.png")])
        #expect(result.status == 7)
        #expect(result.errorText == "framelens: time 00:01:40.000 is past the end of the video (00:01:00.000)\n")
    }

    @Test func indexTakesTheSameForms() throws {
        let output = TestMedia.path("forms.json")
        let result = try Command.framelens([
            "index", TestMedia.sample, "--types", "codes", "--from", "00:00:10,000", "--to", "20s", "--interval", "250ms",
            "-o", output,
        ])
        #expect(result.status == 0, "\(result.errorText)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any]
        #expect(json?["from"] as? Double == 10)
        #expect(json?["to"] as? Double == 20)
    }
}
