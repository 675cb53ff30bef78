import Foundation
import Testing

/// `FRAMELENS_COSTS=1` makes framelens say on standard error where its time went (`CostLedger`, for the
/// benchmarks): each stage that ran, with its calls, megapixels and seconds, then the process's CPU and wall time.
struct CostLedgerTests {
    /// Two seconds of one line of text at 25 fps, a keyframe every 2 s and no B-frames: a grab at 1 s decodes the
    /// 26 frames from the keyframe to it and one more, which tells when the shown frame ends.
    static func video() throws -> String {
        try TestMedia.make("costs.mp4", [
            "-f", "lavfi", "-i", "color=c=white:s=320x180:r=25:d=2", "-vf",
            "drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:fontsize=28:x=20:y=60:text='Costs counted'",
            "-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-bf", "0", "-pix_fmt", "yuv420p",
        ])
    }

    /// The `costs:` lines of `framelens ARGUMENTS`, as (stage, calls, megapixels, seconds).
    static func costs(_ arguments: [String]) throws -> [(stage: String, calls: Int, megapixels: Double, seconds: Double)] {
        let result = try Command.run(Command.framelens, arguments, environment: ["FRAMELENS_COSTS": "1"])
        #expect(result.status == 0, "\(result.errorText)")
        let lines = result.errorText.split(separator: "\n").map(String.init)
        #expect(lines.first == "costs: stage, calls, megapixels, seconds", "\(result.errorText)")
        return lines.dropFirst().compactMap { line in
            let fields = line.dropFirst("costs: ".count).split(separator: " ").map(String.init)
            guard line.hasPrefix("costs: "), fields.count >= 4,
                  let calls = Int(fields[fields.count - 3]), let megapixels = Double(fields[fields.count - 2]),
                  let seconds = Double(fields[fields.count - 1]) else { return nil }
            return (fields.dropLast(3).joined(separator: " "), calls, megapixels, seconds)
        }
    }

    @Test func aGrabOfCodesCountsItsDecodingAndItsZBarScan() throws {
        let costs = try Self.costs(["grab", try Self.video(), "--at", "1", "--types", "codes"])
        #expect(costs.map(\.stage) == ["decode", "zbar"])
        #expect(costs.first?.calls == 27)
        #expect(costs.last?.calls == 1 && (costs.last?.megapixels ?? 0) > 0)
        #expect(costs.allSatisfy { $0.seconds >= 0 && $0.seconds < 60 })
    }

    @Test func aGrabOfTextCountsTesseractsLayoutAndRecognitionAndTheProcess() throws {
        let result = try Command.run(
            Command.framelens, ["grab", try Self.video(), "--at", "1", "--types", "text"], environment: ["FRAMELENS_COSTS": "1"])
        let costs = try Self.costs(["grab", try Self.video(), "--at", "1", "--types", "text"])
        #expect(costs.map(\.stage) == ["decode", "tesseract layout", "tesseract recognition"])
        #expect(costs.dropFirst().allSatisfy { $0.calls >= 1 && $0.megapixels >= 0.05 })
        let process = result.errorText.split(separator: "\n").filter { $0.hasPrefix("costs: process-") }
        #expect(process.map { $0.split(separator: " ")[1] } == ["process-cpu", "process-wall"], "\(result.errorText)")
        #expect(process.allSatisfy { Double($0.split(separator: " ")[2]).map { $0 > 0 } == true })
        #expect(result.text.contains("Costs counted"), "\(result.text)")
    }

    /// `frame` decodes the 27 frames and turns the one shown into a picture file: its output, of the frame's pixels.
    @Test func aFrameCountsItsDecodingAndItsPicture() throws {
        let costs = try Self.costs(["frame", try Self.video(), "--at", "1", "-o", TestMedia.path("costs-frame.png")])
        #expect(costs.map(\.stage) == ["decode", "output"])
        #expect(costs.map(\.calls) == [27, 1])
        #expect(costs.last?.megapixels == 0.1)
    }

    /// A line read surely is recognised once, at its own size: not read a second time with the whole frame
    /// (0.23 megapixels once a 180-line frame is doubled) by Tesseract's own page layout (`UnsurePlaces`).
    @Test func aLineReadSurelyIsRecognisedOnceNotTheWholeFrameAgain() throws {
        let costs = try Self.costs(["grab", try Self.video(), "--at", "1", "--types", "text"])
        let recognition = try #require(costs.first { $0.stage == "tesseract recognition" })
        #expect(recognition.calls == 1)
        #expect(recognition.megapixels <= 0.1)
    }

    /// An index looks at each of the 50 frames once (2.9 megapixels in all) after decoding it, and encodes one file.
    @Test func anIndexCountsItsScanOfEachFrameAndItsOutput() throws {
        let costs = try Self.costs(["index", try Self.video(), "--types", "codes", "-o", "-"])
        #expect(costs.map(\.stage) == ["decode", "scan", "zbar", "output"])
        #expect(costs.first { $0.stage == "scan" }.map { ($0.calls, $0.megapixels) } ?? (0, 0) == (50, 2.9))
        #expect(costs.last?.calls == 1)
    }

    @Test func withoutTheVariableNothingIsSaid() throws {
        let result = try Command.framelens(["grab", try Self.video(), "--at", "1", "--types", "codes"])
        #expect(result.status == 0)
        #expect(result.errorText == "")
    }
}
