import Foundation
import Testing

/// Every kind of bad input gets one clear line naming the problem, a distinct exit code, and no output file.
struct BadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let video: @Sendable () throws -> String
        let time: String
        let status: Int32
        let message: String
        var testDescription: String { name }
    }

    static let truncated: @Sendable () throws -> String = {
        let whole = try Data(contentsOf: URL(fileURLWithPath: try TestMedia.make("faststart.mp4", [
            "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=4", "-c:v", "libx264", "-g", "25", "-movflags", "+faststart",
        ])))
        let path = TestMedia.path("truncated.mp4")
        try whole.prefix(whole.count * 2 / 5).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A PNG wider than FrameLens decodes (16400 pixels; at most 16384 a side).
    static let tooWide: @Sendable () throws -> String = {
        try TestMedia.make("too-wide.png", ["-f", "lavfi", "-i", "color=s=16400x8", "-frames:v", "1"])
    }

    /// A raw MJPEG stream whose pictures grow past the limit after five small ones: the container's size
    /// (from the first picture) is fine, the decoded frames are not.
    static let growsTooWide: @Sendable () throws -> String = {
        let small = try TestMedia.make("small.mjpeg", ["-f", "lavfi", "-i", "color=s=32x16:r=25:d=0.2", "-c:v", "mjpeg", "-f", "mjpeg"])
        let wide = try TestMedia.make("wide.mjpeg", ["-f", "lavfi", "-i", "color=s=16400x16:r=25:d=0.2", "-c:v", "mjpeg", "-f", "mjpeg"])
        let path = TestMedia.path("grows.mjpeg")
        try (Data(contentsOf: URL(fileURLWithPath: small)) + Data(contentsOf: URL(fileURLWithPath: wide)))
            .write(to: URL(fileURLWithPath: path))
        return path
    }

    static let cases: [Case] = [
        Case(name: "missing file", video: { "/no/such/video.mp4" }, time: "1", status: 3,
             message: "no such file: /no/such/video.mp4"),
        Case(name: "directory", video: { TestMedia.directory.path }, time: "1", status: 3,
             message: "\(TestMedia.directory.path) is a directory, not a video"),
        Case(name: "zero-byte file", video: {
            let path = TestMedia.path("empty.mp4")
            try Data().write(to: URL(fileURLWithPath: path))
            return path
        }, time: "1", status: 4, message: "is empty (0 bytes)"),
        Case(name: "not a video", video: {
            let path = TestMedia.path("notes.mp4")
            try Data("These are lecture notes, not a video.\n".utf8).write(to: URL(fileURLWithPath: path))
            return path
        }, time: "1", status: 4, message: "is not a video FrameLens can read: Invalid data found when processing input"),
        Case(name: "truncated file", video: truncated, time: "3.5", status: 8,
             message: "is truncated or damaged: its video breaks off at"),
        Case(name: "audio-only file", video: { try TestMedia.audioOnly() }, time: "1", status: 5,
             message: "has no video stream (only audio)"),
        Case(name: "cover art only", video: { try TestMedia.coverArtOnly() }, time: "1", status: 5,
             message: "has no video stream (only audio and an attached picture)"),
        Case(name: "protected content", video: { TestMedia.fixture("cenc.mp4") }, time: "1", status: 6,
             message: "is protected content: its video stream is encrypted (cenc packet encryption info)"),
        Case(name: "negative time", video: { TestMedia.sample }, time: "-1", status: 7,
             message: "framelens: time -1 is negative; times start at 0"),
        Case(name: "time past the end", video: { TestMedia.sample }, time: "1:00.5", status: 7,
             message: "framelens: time 00:01:00.500 is past the end of the video (00:01:00.000)"),
        Case(name: "unreadable time", video: { TestMedia.sample }, time: "ten", status: 7,
             message: "framelens: time 'ten' is not seconds (12.5, 15s, 1500ms), MM:SS(.mmm) or HH:MM:SS(.mmm)"),
        Case(name: "time too large for any clock", video: { TestMedia.sample }, time: "9300000000000000", status: 7,
             message: "framelens: time '9300000000000000' is too large (at most 1000000000 seconds)"),
        Case(name: "pictures too large", video: tooWide, time: "0", status: 8,
             message: "has 16400x8 pictures, larger than FrameLens decodes (at most 16384 pixels a side, 16384x8192 in all)"),
        Case(name: "pictures that grow too large", video: growsTooWide, time: "0.3", status: 8,
             message: "has 16400x16 pictures, larger than FrameLens decodes"),
    ]

    @Test(arguments: cases)
    func frameCommandRefusesBadInput(_ bad: Case) throws {
        let output = TestMedia.path("out.png")
        let result = try Command.framelens(["frame", try bad.video(), "--at", bad.time, "-o", output])
        #expect(result.status == bad.status)
        let lines = result.errorText.split(separator: "\n")
        #expect(lines.count == 1, "one line, not a trace: \(result.errorText)")
        #expect(result.errorText.hasPrefix("framelens: "))
        #expect(result.errorText.contains(bad.message), "\(result.errorText)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func grabAndIndexRefuseATimeTooLargeForAnyClock() throws {
        for arguments in [["grab", TestMedia.sample, "--at", "9300000000000000"],
                          ["index", TestMedia.sample, "--from", "9300000000000000", "-o", TestMedia.path("i.srt")]] {
            let result = try Command.framelens(arguments)
            #expect(result.status == 7, "\(arguments[0]): \(result.errorText)")
            #expect(result.errorText.hasSuffix("'9300000000000000' is too large (at most 1000000000 seconds)\n"), "\(result.errorText)")
        }
    }

    @Test func unwritableOutputLeavesNothingBehind() throws {
        let directory = TestMedia.path("readonly")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let result = try Command.framelens(["frame", TestMedia.sample, "--at", "1", "-o", "/no/such/dir/f.png"])
        #expect(result.status == 9)
        #expect(result.errorText == "framelens: cannot write /no/such/dir/f.png: no such directory /no/such/dir\n")
    }

    /// `-1` after `--stream` is its value, not an option: ArgumentParser used to say "Missing value".
    @Test(arguments: [
        ["frame", TestMedia.sample, "--stream", "-1", "--at", "1", "-o", "x.png"],
        ["grab", TestMedia.sample, "--at", "1", "--stream", "-1"],
        ["index", TestMedia.sample, "--stream", "-1", "-o", "x.srt"],
    ])
    func aNegativeStreamIndexIsNamed(arguments: [String]) throws {
        let result = try Command.framelens(arguments)
        #expect(result.status == 64)
        #expect(result.errorText == "framelens: --stream -1 is negative: streams are numbered from 0 (framelens probe lists them)\n")
    }

    @Test func protectedStreamCannotBeChosenByIndex() throws {
        let result = try Command.framelens(["frame", TestMedia.fixture("mixed.mp4"), "--stream", "0", "--at", "0.5", "-o", TestMedia.path("x.png")])
        #expect(result.status == 6)
        #expect(result.errorText.contains("is protected content"))
    }
}
