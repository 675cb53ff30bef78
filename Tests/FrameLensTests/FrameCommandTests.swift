import Foundation
import Testing

/// `framelens frame` writing JPEG, refusing formats it does not write, and writing several times at once.
struct FrameCommandTests {
    /// The picture `frame` writes at a time, as a file of the given extension.
    static func picture(at time: String, _ pathExtension: String) throws -> [UInt8] {
        let path = TestMedia.path("single.\(pathExtension)")
        let result = try Command.framelens(["frame", TestMedia.sample, "--at", time, "-o", path])
        guard result.status == 0 else { throw CommandFailure(command: "framelens frame", output: result.errorText) }
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func writesJPEGAsFFmpegEncodesTheSameFrame() throws {
        let png = TestMedia.path("frame.png")
        #expect(try Command.framelens(["frame", TestMedia.sample, "--at", "0:48.034", "-o", png]).status == 0)
        let oracle = TestMedia.path("oracle.jpg")
        try TestMedia.ffmpeg(["-i", png, "-q:v", "2", oracle])
        let expected = Array(try Data(contentsOf: URL(fileURLWithPath: oracle)))
        let jpg = TestMedia.path("frame.jpg")
        let result = try Command.framelens(["frame", TestMedia.sample, "--at", "0:48.034", "-o", jpg])
        #expect(result.status == 0)
        #expect(result.text == "\(jpg): frame 1441 at 00:00:48.034, 1280x720\n")
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: jpg))) == expected, "ffmpeg's MJPEG bytes for these pixels")
        #expect(try Self.picture(at: "0:48.034", "JPEG") == expected, "the .jpeg extension, in any case, is JPEG too")
        let piped = try Command.framelens(["frame", TestMedia.sample, "--at", "0:48.034", "--format", "jpg", "-o", "-"])
        #expect(piped.status == 0 && piped.output == expected)
    }

    @Test(arguments: [
        (["-o", "slide.gif"],
         "framelens: cannot write slide.gif: .gif is not a format this command writes (png, jpg, ppm or raw); use one of those extensions or --format\n"),
        (["-o", "slide.png", "--format", "tiff"],
         "framelens: --format tiff is not a format this command writes (png, jpg, ppm or raw)\n"),
    ])
    func refusesAFormatItDoesNotWrite(arguments: [String], message: String) throws {
        let directory = TestMedia.path("formats")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let result = try Command.run(
            "sh", ["-c", "cd \(directory) && exec \(Command.framelens) frame \(TestMedia.sample) --at 5 \(arguments.joined(separator: " "))"])
        #expect(result.status == 64)
        #expect(result.errorText == message)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "never a silent PNG")
    }

    @Test func standardOutputAndNamesWithoutExtensionKeepPNG() throws {
        let piped = try Command.framelens(["frame", TestMedia.sample, "--at", "5", "-o", "-"])
        #expect(piped.status == 0)
        #expect(piped.output == (try Self.picture(at: "5", "png")))
        let bare = TestMedia.path("frame")
        #expect(try Command.framelens(["frame", TestMedia.sample, "--at", "5", "-o", bare]).status == 0)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: bare))) == piped.output)
    }
}

extension FrameCommandTests {
    @Test func numbersSeveralFramesAsFFmpegsImage2MuxerDoes() throws {
        let directory = TestMedia.path("numbered")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let result = try Command.framelens([
            "frame", TestMedia.sample, "--at", "0:20,5", "--at", "10", "-o", directory + "/f-%03d.png",
        ])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(result.text == """
            \(directory)/f-001.png: frame 150 at 00:00:05.000, 1280x720
            \(directory)/f-002.png: frame 300 at 00:00:10.000, 1280x720
            \(directory)/f-003.png: frame 600 at 00:00:20.000, 1280x720

            """)
        for (number, time) in [(1, "5"), (2, "10"), (3, "20")] {
            let written = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/f-00\(number).png"))
            #expect(Array(written) == (try Self.picture(at: time, "png")), "frame \(number) as frame --at \(time) writes it")
        }
    }

    @Test func writesAFolderOfFramesNamedAfterTheTimesOfATimesFile() throws {
        let times = TestMedia.path("times.txt")
        try Data("# the slides to keep\n0:48.034\n\n12.5   # the agenda\n".utf8).write(to: URL(fileURLWithPath: times))
        let folder = TestMedia.path("frames") + "/"
        let result = try Command.framelens(["frame", TestMedia.sample, "--times-file", times, "--format", "jpg", "-o", folder])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(result.text == """
            \(folder)00_00_12.500.jpg: frame 375 at 00:00:12.500, 1280x720
            \(folder)00_00_48.034.jpg: frame 1441 at 00:00:48.034, 1280x720

            """)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "00_00_48.034.jpg"))) == (try Self.picture(at: "0:48.034", "jpg")))
    }

    @Test(arguments: [
        (["--at", "5,10", "-o", "slide.png"], Int32(64),
         "framelens: several times need -o to be a pattern such as frame-%03d.png or a folder such as frames/, not one file (slide.png)\n"),
        (["--at", "5", "--at", "10", "-o", "-"], Int32(64),
         "framelens: several times need -o to be a pattern such as frame-%03d.png or a folder such as frames/, not standard output\n"),
        (["--at", "5", "-o", "f-%d-%d.png"], Int32(64),
         "framelens: -o f-%d-%d.png has 2 frame numbers (%d); a pattern holds one, e.g. frame-%03d.png\n"),
        (["-o", "slide.png"], Int32(64), "framelens: give a time with --at, or a file of times with --times-file\n"),
        (["--at", "5,ten", "-o", "f-%d.png"], Int32(7), "framelens: time 'ten' is not seconds (12.5, 15s, 1500ms), MM:SS(.mmm) or HH:MM:SS(.mmm)\n"),
        (["--at", "5,", "-o", "f-%d.png"], Int32(7), "framelens: time '' is not seconds (12.5, 15s, 1500ms), MM:SS(.mmm) or HH:MM:SS(.mmm)\n"),
        (["--at", "5,1:30", "-o", "f-%d.png"], Int32(7),
         "framelens: time 00:01:30.000 is past the end of the video (00:01:00.000)\n"),
        (["--times-file", "no-such-times.txt", "-o", "frames/"], Int32(3), "framelens: no such file: no-such-times.txt\n"),
    ])
    func refusesAmbiguousOrBadTimes(arguments: [String], status: Int32, message: String) throws {
        let directory = TestMedia.path("refused")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let result = try Command.run(
            "sh", ["-c", "cd \(directory) && exec \(Command.framelens) frame \(TestMedia.sample) \(arguments.joined(separator: " "))"])
        #expect(result.status == status)
        #expect(result.errorText == message)
        #expect(result.output.isEmpty)
    }

    @Test func namesTheLineOfABadTimeInATimesFile() throws {
        let times = TestMedia.path("bad-times.txt")
        try Data("5\n# fine so far\nten\n".utf8).write(to: URL(fileURLWithPath: times))
        let result = try Command.framelens(["frame", TestMedia.sample, "--times-file", times, "-o", TestMedia.path("f-%d.png")])
        #expect(result.status == 7)
        #expect(result.errorText == "framelens: \(times) line 3: time 'ten' is not seconds (12.5, 15s, 1500ms), MM:SS(.mmm) or HH:MM:SS(.mmm)\n")
    }
}
