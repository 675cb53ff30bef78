import Foundation
import Testing

/// Videos at a variable frame rate, as desktop recorders write them (a frame only when the screen changes,
/// a view held for seconds being one frame): `index` finds every view at the frame that shows it, and frame
/// numbers are the frames' places in the stream (ffmpeg's `n`), not the time times a frame rate.
struct VariableFrameRateTests {
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// The views of `recording(_:)`: text and first frame at 30 fps (the frame at 221 is at 7.367 s).
    static let views = [
        ("Alpha opens the file", 0), ("Bravo reads the header", 60), ("Charlie parses the tokens", 132),
        ("Delta builds the tree", 221), ("Echo writes the output", 285),
    ]

    /// A screen recording of 12 s: the views, each held until the next, drawn at 30 fps, then every frame that
    /// repeats the one before dropped (`mpdecimate`, `-fps_mode vfr`): one frame per view, the fourth held from
    /// 7.367 s. `container` is webm (VP9), mkv or mp4 (H.264); a keyframe every other frame, so that a
    /// player seeks.
    static func recording(_ container: String) throws -> String {
        let drawn = views.enumerated().map { index, view in
            let after = index + 1 < views.count ? views[index + 1].1 : 360
            return "drawtext=fontfile=\(font):text='\(view.0)':fontsize=40:fontcolor=black:x=40:y=60"
                + ":enable='between(n,\(view.1),\(after - 1))'"
        }
        let codec = container == "webm"
            ? ["-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0", "-g", "2"]
            : ["-c:v", "libx264", "-g", "2", "-pix_fmt", "yuv420p"]
        return try TestMedia.make("recording-vfr.\(container)", [
            "-f", "lavfi", "-i", "color=c=white:s=640x360:r=30:d=12",
            "-vf", (drawn + ["mpdecimate"]).joined(separator: ","), "-fps_mode", "vfr",
        ] + codec)
    }

    /// Six pictures at irregular times (`setpts`: 0, 1.45, 3.2, 5.25, 7.6 and 10.25 s; Matroska keeps
    /// milliseconds, 7.599), in H.264 with B-frames, some of them on screen for seconds.
    static func irregular() throws -> String {
        let words = ["Kilo", "Lima", "Mike", "November", "Oscar", "Papa"]
        let drawn = words.enumerated().map { index, word in
            "drawtext=fontfile=\(font):text='\(word) is picture \(index + 1)':fontsize=40:fontcolor=white"
                + ":x=40:y=60:enable='eq(n,\(index))'"
        }
        return try TestMedia.make("irregular.mkv", [
            "-f", "lavfi", "-i", "color=c=0x203040:s=640x360:r=1:d=6",
            "-vf", (drawn + ["settb=1/1000", "setpts='(N*1.3+N*N*0.15)/TB'"]).joined(separator: ","),
            "-fps_mode", "vfr", "-enc_time_base", "1:1000",
            "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
    }

    /// `recording("mp4")` as a phone records it: the picture coded turned a quarter anticlockwise, with a
    /// display matrix that turns it back upright.
    static func rotated() throws -> String {
        let coded = try TestMedia.make("recording-vfr-turned.mp4", [
            "-i", try recording("mkv"), "-vf", "transpose=cclock", "-fps_mode", "passthrough", "-c:v", "libx264",
            "-pix_fmt", "yuv420p",
        ])
        let path = TestMedia.path("recording-vfr-rotated.mp4")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: coded))
        try DisplayMatrix.write(clockwise: 90, into: &bytes)
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The presentation times of a video's frames in display order, as ffprobe reports them.
    static func frameTimes(_ video: String) throws -> [Double] {
        let result = try Command.run("ffprobe", [
            "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time", "-of", "csv=p=0", video,
        ])
        guard result.status == 0 else { throw CommandFailure(command: "ffprobe", output: result.errorText) }
        // A frame with side data gets an empty field after its time ("0.000000,").
        return result.text.split(separator: "\n").compactMap { Double($0.split(separator: ",").first ?? "") }
    }

    /// A time as FrameLens writes it: rounded up to the millisecond.
    static func milliseconds(_ seconds: Double) -> Double {
        (seconds * 1000 - 1e-6).rounded(.up) / 1000
    }

    /// `index --format json`'s cues: start, first frame and text.
    static func cues(_ video: String, _ extra: [String] = []) throws -> [(start: Double, frame: Int, text: String)] {
        let result = try Command.framelens(["index", video, "--types", "text", "--format", "json", "-o", "-"] + extra)
        guard result.status == 0 else { throw CommandFailure(command: "framelens index", output: result.errorText) }
        let index = try JSONSerialization.jsonObject(with: Data(result.output)) as? [String: Any]
        return (index?["cues"] as? [[String: Any]] ?? []).map {
            ($0["start"] as? Double ?? -1, $0["startFrame"] as? Int ?? -1, $0["text"] as? String ?? "")
        }
    }

    @Test(arguments: ["webm", "mkv", "mp4"])
    func everyViewOfARecordingStartsAtTheFrameThatShowsIt(container: String) throws {
        let video = try Self.recording(container)
        let times = try Self.frameTimes(video)
        #expect(times.map { ($0 * 30).rounded() } == Self.views.map { Double($0.1) }, "one frame per view")
        let cues = try Self.cues(video)
        #expect(cues.map(\.text) == Self.views.map(\.0))
        #expect(cues.map(\.start) == times.map(Self.milliseconds))
        #expect(cues.map(\.frame) == Array(times.indices))
    }

    @Test func picturesAtIrregularTimesStartAtTheirFrames() throws {
        let video = try Self.irregular()
        let times = try Self.frameTimes(video)
        #expect(times == [0, 1.45, 3.2, 5.25, 7.599, 10.25])
        let cues = try Self.cues(video)
        #expect(cues.map(\.start) == times)
        #expect(cues.map(\.frame) == Array(0..<6))
        #expect(cues.map(\.text) == ["Kilo", "Lima", "Mike", "November", "Oscar", "Papa"].enumerated().map {
            "\($0.element) is picture \($0.offset + 1)"
        })
    }

    @Test func aRotatedRecordingIsReadUprightAtItsFrames() throws {
        let video = try Self.rotated()
        let times = try Self.frameTimes(video)
        #expect(times.count == Self.views.count)
        let cues = try Self.cues(video)
        #expect(cues.map(\.text) == Self.views.map(\.0))
        #expect(cues.map(\.start) == times.map(Self.milliseconds))
        #expect(cues.map(\.frame) == Array(times.indices))
    }

    /// The frame held from 7.367 s is the recording's fourth (number 3), not frame 221 (7.367 s x 30 fps);
    /// its pixels are ffmpeg's frame n = 3. After it, a time past the next keyframe makes the player seek,
    /// and the frame found there still has its place.
    @Test(arguments: ["webm", "mkv", "mp4"])
    func frameNumbersArePlacesInTheStream(container: String) throws {
        let video = try Self.recording(container)
        let times = try Self.frameTimes(video)
        let pattern = TestMedia.path("held-%d.raw")
        let result = try Command.framelens(["frame", video, "--at", "8.5,9.52", "-o", pattern])
        #expect(result.status == 0, "\(result.errorText)")
        let clock = { (seconds: Double) in String(format: "00:00:%06.3f", Self.milliseconds(seconds)) }
        #expect(result.text == """
            \(pattern.replacingOccurrences(of: "%d", with: "1")): frame 3 at \(clock(times[3])), 640x360
            \(pattern.replacingOccurrences(of: "%d", with: "2")): frame 4 at \(clock(times[4])), 640x360

            """)
        let written = Array(try Data(contentsOf: URL(fileURLWithPath: pattern.replacingOccurrences(of: "%d", with: "1"))))
        #expect(differingBytes(written, try TestMedia.ffmpegFrame(video, number: 3)) == 0)
        let grabbed = try Command.framelens(["grab", video, "--at", "8.5", "--types", "text", "--json"])
        let analysis = try JSONSerialization.jsonObject(with: Data(grabbed.output)) as? [String: Any]
        #expect(analysis?["frameNumber"] as? Int == 3)
    }
}
