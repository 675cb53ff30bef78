import Foundation
import Testing

/// Captions and blanks of half a second to 0.9 s, as subtitles have them, are cues of their own at the
/// default interval and at `--interval 0.25`, exact to the frame: none vanishes, and no blank is swallowed by
/// the next cue; and so are ordinary subtitles (0.7-0.9 s captions, 0.8 s blanks) over a still slide and
/// over moving pictures.
struct ShortCueTests {
    /// The captions (text, first frame, first frame after) over a slide whose title stays.
    static let captions = [
        ("Caption one", 15, 39), ("Caption two", 63, 84), ("Caption three", 99, 126), ("Caption four", 144, 159),
        ("Caption five", 186, 210),
    ]

    /// 8 s at 30 fps: a dark slide with its title, and the captions at the bottom (0.8, 0.7, 0.9, 0.5 and
    /// 0.8 s, with blanks of 0.8, 0.5, 0.6 and 0.9 s between). `bFrames`: x264's B-frames, nil for its default;
    /// without them (as screen recorders and live encoders make video), every frame the scan decodes is exact.
    static func video(bFrames: Int? = nil) throws -> String {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let title = "drawtext=fontfile=\(font):text='Slide title':fontsize=40:fontcolor=white:x=40:y=40"
        let captions = Self.captions.map { text, first, after in
            "drawtext=fontfile=\(font):text='\(text)':fontsize=28:fontcolor=white:borderw=2:bordercolor=black"
                + ":x=(w-tw)/2:y=h-60:enable='between(n,\(first),\(after - 1))'"
        }
        return try TestMedia.make(bFrames.map { "short-cues-\($0)-b.mp4" } ?? "short-cues.mp4", [
            "-f", "lavfi", "-i", "color=c=0x304060:s=640x360:r=30:d=8", "-vf", ([title] + captions).joined(separator: ","),
            "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ] + (bFrames.map { ["-bf", "\($0)"] } ?? []))
    }

    /// At the default interval (nil) and at 0.25 s.
    @Test(arguments: [nil, "0.25"])
    func everyCaptionAndEveryBlankIsACue(interval: String?) throws {
        try expectEveryCaptionAndBlank(in: try Self.video(), interval: interval)
    }

    /// The same without B-frames: where the captions came and went is no motion that hides the next one, after a
    /// blank long enough for the scan to stop looking for captions.
    @Test func everyCaptionAndEveryBlankIsACueWithoutBFrames() throws {
        try expectEveryCaptionAndBlank(in: try Self.video(bFrames: 0), interval: nil)
    }

    private func expectEveryCaptionAndBlank(in video: String, interval: String?) throws {
        let result = try Command.framelens([
            "index", video, "--types", "text", "--format", "json", "-o", "-",
        ] + (interval.map { ["--interval", $0] } ?? []))
        #expect(result.status == 0, "\(result.errorText)")
        let index = try JSONSerialization.jsonObject(with: Data(result.output)) as? [String: Any]
        let cues = (index?["cues"] as? [[String: Any]] ?? []).map {
            ($0["startFrame"] as? Int ?? -1, $0["endFrame"] as? Int ?? -1, $0["text"] as? String ?? "")
        }
        var expected: [(Int, Int, String)] = []
        var shown = 0
        for (text, first, after) in Self.captions {
            expected.append((shown, first, "Slide title"))
            expected.append((first, after, "Slide title\n" + text))
            shown = after
        }
        expected.append((shown, 240, "Slide title"))
        #expect(cues.map(\.0) == expected.map(\.0))
        #expect(cues.map(\.1) == expected.map(\.1))
        #expect(cues.map(\.2) == expected.map(\.2))
    }

    // MARK: - At the default interval

    /// Captions of 0.7, 0.8, 0.9 and 0.7 s (text, first frame, first frame after) at 30 fps, with blanks of
    /// 0.8 s between: ordinary subtitle durations.
    static let ordinaryCaptions = [
        ("Caption one", 15, 36), ("Caption two", 60, 84), ("Caption three", 108, 135), ("Caption four", 159, 180),
    ]

    static func drawn(_ captions: [(String, Int, Int)]) -> [String] {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        return captions.map { text, first, after in
            "drawtext=fontfile=\(font):text='\(text)':fontsize=28:fontcolor=white:borderw=2:bordercolor=black"
                + ":x=(w-tw)/2:y=h-60:enable='between(n,\(first),\(after - 1))'"
        }
    }

    /// 8 s at 30 fps: `ordinaryCaptions` under a slide title on a still slide.
    static func stillVideo() throws -> String {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let title = "drawtext=fontfile=\(font):text='Slide title':fontsize=40:fontcolor=white:x=40:y=40"
        return try TestMedia.make("ordinary-captions-still.mp4", [
            "-f", "lavfi", "-i", "color=c=0x304060:s=640x360:r=30:d=8",
            "-vf", ([title] + drawn(ordinaryCaptions)).joined(separator: ","), "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
    }

    /// 8 s at 30 fps: `ordinaryCaptions` over a moving cellular automaton (as `CaptionTrackerTests`).
    static func movingVideo() throws -> String {
        try TestMedia.make("ordinary-captions-moving.mp4", [
            "-f", "lavfi", "-i", "cellauto=s=640x360:r=30:rule=18:seed=3,scale=640:360", "-t", "8",
            "-vf", drawn(ordinaryCaptions).joined(separator: ","), "-c:v", "libx264", "-g", "100", "-sc_threshold", "0",
            "-pix_fmt", "yuv420p",
        ])
    }

    /// `framelens index` at its defaults, but for `options`: the cues as (first frame, first frame after, text).
    static func defaultCues(_ video: String, _ options: [String] = []) throws -> [(Int, Int, String)] {
        let result = try Command.framelens(["index", video, "--types", "text", "--format", "json", "-o", "-"] + options)
        #expect(result.status == 0, "\(result.errorText)")
        let index = try JSONSerialization.jsonObject(with: Data(result.output)) as? [String: Any]
        return (index?["cues"] as? [[String: Any]] ?? []).map {
            ($0["startFrame"] as? Int ?? -1, $0["endFrame"] as? Int ?? -1, $0["text"] as? String ?? "")
        }
    }

    /// With the rules finder (the default) and with the learned detector, whose lines at the captions' place are
    /// another caption after each blank, not one line the detector missed at a sample.
    @Test(arguments: [[], ["--caption-finder", "detector", "--engine", "auto"]])
    func ordinaryCaptionsAndBlanksOverAStillSlideAreCuesAtTheDefaultInterval(options: [String]) throws {
        let cues = try Self.defaultCues(try Self.stillVideo(), options)
        var expected: [(Int, Int, String)] = []
        var shown = 0
        for (text, first, after) in Self.ordinaryCaptions {
            expected += [(shown, first, "Slide title"), (first, after, "Slide title\n" + text)]
            shown = after
        }
        expected.append((shown, 240, "Slide title"))
        #expect(cues.map(\.0) == expected.map(\.0))
        #expect(cues.map(\.1) == expected.map(\.1))
        #expect(cues.map(\.2) == expected.map(\.2))
    }

    /// The learned detector looks once at each picture the still slide shows (the title alone five times, with
    /// each caption once): a sample that shows the picture it last looked at keeps its lines.
    @Test func theDetectorLooksOnceAtEachPictureOfAStillSlide() throws {
        let costs = try CostLedgerTests.costs([
            "index", try Self.stillVideo(), "--types", "text", "--caption-finder", "detector", "--engine", "auto",
            "-o", TestMedia.path("still-detector.srt"),
        ])
        #expect(costs.first { $0.stage == "ppocr detection" }?.calls == 9)
    }

    @Test func ordinaryCaptionsOverMovingPicturesAreCuesAtTheDefaultInterval() throws {
        let cues = try Self.defaultCues(try Self.movingVideo())
        #expect(cues.map(\.0) == Self.ordinaryCaptions.map(\.1))
        #expect(cues.map(\.1) == Self.ordinaryCaptions.map(\.2))
        #expect(cues.map(\.2) == Self.ordinaryCaptions.map(\.0))
    }
}
