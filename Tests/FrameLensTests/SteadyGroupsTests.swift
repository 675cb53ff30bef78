import Foundation
import Testing
@testable import FrameLens

/// The scan's keyframe-first decoding: a group of pictures that brings nothing new is decoded as its keyframe
/// alone, and changes are still found at their exact frames.
struct SteadyGroupsTests {
    /// 32 s of slides at 25 fps beside a moving 160x90 inset, x264 with a keyframe every 50 frames and no
    /// scene-cut keyframes: slides change at frames 137 (inside a group) and 450 (a keyframe), and a line is
    /// revealed at 633 (inside a group). Each slide's text spans over a third of the picture's height, as a
    /// page does (the caption tracker leaves pages to the scan).
    static func slides() throws -> String {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let slides: [(lines: [String], start: Int, end: Int)] = [
            (["Pattern review answer", "Every load uses an address", "The table maps the pages", "A fault loads the page"], 0, 137),
            (["Window meadow camera", "Programs larger than memory", "Pages are shared safely", "The kernel decides"], 137, 450),
            (["Rocket market plan", "Clock keeps one bit", "Working sets stay small", "", "Thrashing wastes time"], 450, 800),
            (["", "", "", "Factor result method"], 633, 800),
        ]
        let draw = slides.flatMap { slide in
            slide.lines.enumerated().filter { !$0.element.isEmpty }.map { row, text in
                "drawtext=fontfile=\(font):text='\(text)':fontsize=\(row == 0 ? 34 : 26):x=40:y=\(row == 0 ? 30 : 40 + 40 * row)"
                    + ":fontcolor=0x202020:enable='between(n\\,\(slide.start)\\,\(slide.end - 1))'"
            }
        }.joined(separator: ",")
        return try TestMedia.make("steady-groups.mp4", [
            "-f", "lavfi", "-i", "color=0xF4F4F0:s=640x360:r=25:d=32",
            "-f", "lavfi", "-i", "testsrc2=s=160x90:r=25:d=32",
            "-filter_complex", "[0][1]overlay=x=W-w-16:y=H-h-16,\(draw)",
            "-c:v", "libx264", "-g", "50", "-sc_threshold", "0", "-bf", "3", "-pix_fmt", "yuv420p",
        ])
    }

    /// The slides' texts, one cue each.
    static let slideTexts = [
        "Pattern review answer\nEvery load uses an address\nThe table maps the pages\nA fault loads the page",
        "Window meadow camera\nPrograms larger than memory\nPages are shared safely\nThe kernel decides",
        "Rocket market plan\nClock keeps one bit\nWorking sets stay small\nThrashing wastes time",
        "Rocket market plan\nClock keeps one bit\nWorking sets stay small\nFactor result method\nThrashing wastes time",
    ]

    @Test func slidesAreFoundAtTheirExactFramesWithMostGroupsLeftUndecoded() async throws {
        let indexer = try VideoIndexer(url: try Self.slides(), options: .init())
        let index = try await indexer.run()
        #expect(index.cues.map(\.text) == Self.slideTexts)
        #expect(index.cues.map(\.startFrame) == [0, 137, 450, 633])
        #expect(index.cues.map(\.endFrame) == [137, 450, 633, 800])
        // Decoding every group but its B-frames gives 238 frames. Left undecoded: the steady groups after the
        // first second, and the rest of a group once a change in it has settled; not the time after the
        // reveal, whose one new line the caption tracker follows as it would a caption.
        #expect(indexer.scan.framesDecoded < 180, "the scan decoded \(indexer.scan.framesDecoded) of 800 frames")
    }

    /// With the learned detector following the text: a sample that shows the slide it looked at, but for the inset
    /// playing in its corner, keeps the lines it read there, and the lines it follows on a still slide let steady
    /// groups go undecoded. Comparing every cell instead, the detector looked at each sample, read the inset's
    /// running timecode and frame counter as 39 more cues, and the scan decoded all 238 frames that are not B-frames.
    @Test func theDetectorKeepsASlidesLinesBesideAPlayingInsetAndLeavesSteadyGroupsUndecoded() async throws {
        let options = VideoIndexer.Options(
            analysis: AnalysisOptions(features: [.text], engine: .auto), captionFinder: .detector)
        let indexer = try VideoIndexer(url: try Self.slides(), options: options)
        let index = try await indexer.run()
        #expect(index.cues.map(\.text) == Self.slideTexts)
        #expect(index.cues.map(\.startFrame) == [0, 137, 450, 633])
        #expect(indexer.scan.framesDecoded < 180, "the scan decoded \(indexer.scan.framesDecoded) of 800 frames")
    }

    /// The detector looks at the slides' pictures, not at what plays in the inset: the whole inset plays
    /// (`PlayingParts`), the bar sweeping across it included. Leaving out only the cells that moved at three of
    /// the last four samples, it looked 50 times (the bar moved other cells) and all the time decoded 945 frames.
    @Test func theDetectorLooksAtTheSlidesNotAtTheInsetPlayingBesideThem() throws {
        let costs = try CostLedgerTests.costs([
            "index", try Self.slides(), "--types", "text", "--caption-finder", "detector", "--engine", "auto",
            "-o", TestMedia.path("steady-groups-detector.srt"),
        ])
        #expect(costs.first { $0.stage == "ppocr detection" }?.calls == 8)
        let decoded = costs.first { $0.stage == "decode" }?.calls ?? 0
        #expect(decoded < 300, "\(decoded) frames decoded")
    }

    @Test func theDecoderLeavesOutTheRestOfASteadyGroupOnceItsKeyframeIsOut() throws {
        let video = try Self.slides()
        let decoder = try VideoDecoder(file: try MediaFile(url: video), streamIndex: 0, threads: 1)
        decoder.stillPicture = { _ in true }
        var numbers: [Int] = []
        while let frame = try decoder.nextFrame() {
            numbers.append(frame.frameNumber)
            if [0, 150, 450].contains(frame.frameNumber) {
                let pixels = try FrameRenderer.render(frame, as: .rgb24).pixels
                #expect(pixels == (try TestMedia.ffmpegFrame(video, number: frame.frameNumber)), "keyframe \(frame.frameNumber)")
            }
        }
        #expect(decoder.damagedPackets == 0)
        #expect(decoder.framesCounted == 800, "frames left out are still counted")
        // The groups with new content come out up to the reference frame that brings it (x264 codes the change
        // at 137 in P139, the line revealed at 633 in P636); the rest of those groups, asked again packet by packet, and
        // the steady groups give only the frames the decoder holds back to put B-frames in order.
        #expect(Set(100...135).union([139]).isSubset(of: numbers) && Set(600...632).union([636]).isSubset(of: numbers))
        for start in stride(from: 0, to: 750, by: 50) where start != 100 && start != 600 {
            let group = numbers.filter { $0 >= start && $0 < start + 50 }
            #expect(group.first == start && group.count <= 8, "group from \(start): \(group)")
        }
        let timestamp = { (frame: Int) in decoder.timestamp(forTime: Double(frame) / 25) }
        #expect(decoder.leftOutSteadyFrames(after: timestamp(150), before: timestamp(200)))
        #expect(!decoder.leftOutSteadyFrames(after: timestamp(100), before: timestamp(135)))
        #expect(decoder.skippedFrames(after: timestamp(200), before: timestamp(250)))
        // The last group has no keyframe after it to show a change: it is decoded.
        #expect(Set(750..<800).isSubset(of: numbers))
    }

    @Test func aGroupIsDecodedWhenTheNextKeyframeShowsAnotherPicture() throws {
        let decoder = try VideoDecoder(file: try MediaFile(url: try Self.slides()), streamIndex: 0, threads: 1)
        var asked: [Double] = []
        decoder.stillPicture = { keyframe in
            asked.append(keyframe.time)
            return false
        }
        var count = 0
        while try decoder.nextFrame() != nil { count += 1 }
        #expect(count == 800)
        // Asked about every keyframe but the first, decoded on its own ahead of the decoder: for the groups
        // with a change (from 4 s and 24 s), once the packet that brings it has been sent.
        #expect(Set(asked) == Set(stride(from: 2.0, through: 30, by: 2)))
    }

    @Test func aGroupWithAPacketAboveTwiceTheUsualSizeIsNotSteady() {
        var groups = SteadyGroups()
        // An inset's usual packets, about 2 kB, in decoding order I0 P4 B2 B1 B3 P8 ...
        for (timestamp, size) in [(0, 40000), (4, 2100), (2, 600), (1, 500), (3, 500), (8, 2000)] as [(Int64, Int)] {
            groups.sent(.init(timestamp: timestamp, size: size), isKeyframe: timestamp == 0)
        }
        let usual: [SteadyGroups.Packet] = [.init(timestamp: 12, size: 2200), .init(timestamp: 10, size: 900),
                                            .init(timestamp: 16, size: 1900)]
        #expect(groups.isSteady(usual))
        // B-frames borrow new content from the reference frame after them: only reference packets count.
        #expect(groups.isSteady(usual + [.init(timestamp: 14, size: 4000)]))
        #expect(!groups.isSteady(usual + [.init(timestamp: 20, size: 6000)]), "a slide change")
        // Footage after the still picture: every packet is large, none stands out from the others.
        #expect(!groups.isSteady((0..<10).map { .init(timestamp: 20 + Int64($0) * 4, size: 30000) }))
    }

    @Test func leftOutFramesAreRecordedUntilForgotten() {
        var groups = SteadyGroups()
        groups.leave(out: 51...99)
        #expect(groups.leftOutAny(after: 50, before: 100))
        #expect(groups.leftOutAny(after: 98, before: 120))
        #expect(!groups.leftOutAny(after: 99, before: 120))
        #expect(!groups.leftOutAny(after: 10, before: 51))
        groups.forget(before: 100)
        #expect(!groups.leftOutAny(after: 50, before: 100))
    }
}
