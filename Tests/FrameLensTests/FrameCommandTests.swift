import Foundation
import Testing

/// `framelens frame` writing JPEG, and refusing formats it does not write.
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
