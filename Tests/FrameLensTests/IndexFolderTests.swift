import Foundation
import Testing

/// `framelens index FOLDER -o OUT`: one index per video, never two on one name, never over an input, and
/// only into a folder.
struct IndexFolderTests {
    /// A folder holding `talk.mp4`, `talk.mkv` (the same captions in another container) and `notes.mp4`
    /// beside a `notes.txt`.
    static func folder() throws -> String {
        let folder = TestMedia.path("talks")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let video = try VideoIndexerTests.captionedVideo()
        try FileManager.default.copyItem(atPath: video, toPath: folder + "/talk.mp4")
        try TestMedia.ffmpeg(["-i", video, "-c", "copy", folder + "/talk.mkv"])
        try FileManager.default.copyItem(atPath: video, toPath: folder + "/notes.mp4")
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        return folder
    }

    @Test func videosSharingANameKeepTheirExtensions() throws {
        let folder = try Self.folder()
        let outputs = TestMedia.path("indexes")
        let result = try Command.framelens(["index", folder, "--types", "text", "-o", outputs])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outputs).sorted()
            == ["notes.srt", "talk.mkv.srt", "talk.mp4.srt"])
        #expect(try SubtitleOracle.cues(of: outputs + "/talk.mkv.srt").count == 4)
        #expect(try SubtitleOracle.cues(of: outputs + "/talk.mp4.srt").count == 4)
        #expect(result.text == """
            \(folder)/notes.mp4 -> \(outputs)/notes.srt
            \(folder)/talk.mkv -> \(outputs)/talk.mkv.srt
            \(folder)/talk.mp4 -> \(outputs)/talk.mp4.srt

            """)
    }

    @Test func anIndexIsNeverWrittenOverAFileOfTheFolder() throws {
        let folder = try Self.folder()
        let result = try Command.framelens(["index", folder, "--types", "text", "--format", "txt", "-o", folder])
        #expect(result.status == 9)
        #expect(result.errorText.contains(
            "framelens: skipping \(folder)/notes.mp4: its index \(folder)/notes.txt would overwrite a file of the folder being indexed\n"))
        #expect(try String(contentsOfFile: folder + "/notes.txt", encoding: .utf8) == "my notes\n")
        #expect(FileManager.default.fileExists(atPath: folder + "/talk.mkv.txt"))
        #expect(FileManager.default.fileExists(atPath: folder + "/talk.mp4.txt"))
    }

    @Test(arguments: [("-", "standard output"), ("single.srt", "the file single.srt")])
    func aFolderIsNotIndexedIntoOneFile(output: String, named: String) throws {
        let folder = try Self.folder()
        let directory = TestMedia.path("cwd")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let result = try Command.run(
            "sh", ["-c", "cd '\(directory)' && exec '\(Command.framelens)' index '\(folder)' -o '\(output)'"])
        #expect(result.status == 64)
        #expect(result.errorText
            == "framelens: \(folder) is a folder: -o names a folder to write one index per video into (-o indexes/), not \(named)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "no folder named \(output)")
        #expect(result.output.isEmpty)
    }
}

/// `--vtt-position`: plain WebVTT cues by default, positioned over their text when asked.
struct CuePositionTests {
    @Test func webVTTIsPlainByDefaultAndPositionedOnRequest() throws {
        let video = try VideoIndexerTests.captionedVideo()
        let plain = try Command.framelens(["index", video, "--types", "text", "--format", "vtt", "-o", "-"])
        let positioned = try Command.framelens(["index", video, "--types", "text", "--vtt-position", "text", "--format", "vtt", "-o", "-"])
        #expect(plain.status == 0 && positioned.status == 0)
        let timings = { (result: Command.Result) in result.text.split(separator: "\n").filter { $0.contains(" --> ") } }
        #expect(timings(plain).count == 4)
        #expect(timings(plain).allSatisfy { !$0.contains("line:") && !$0.contains("align:") }, "\(timings(plain))")
        #expect(timings(positioned).count == 4)
        #expect(timings(positioned).allSatisfy { $0.contains(" line:") && $0.contains(" position:") && $0.contains(" size:") })
        #expect(zip(timings(plain), timings(positioned)).allSatisfy { $1.hasPrefix($0 + " line:") })
    }

    @Test func refusesAnUnknownPosition() throws {
        let output = TestMedia.path("x.vtt")
        let result = try Command.framelens(["index", TestMedia.sample, "--vtt-position", "top", "-o", output])
        #expect(result.status == 64)
        #expect(result.errorText == "framelens: --vtt-position top is not a position (bottom or text)\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
