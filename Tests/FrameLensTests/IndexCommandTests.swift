import Foundation
import Testing

/// `framelens index` and `merge` as a user runs them: files, progress, signals, folders, bad input.
struct IndexCommandTests {
    /// The sample's first three slides (`--to 0:20`).
    @Test func writesSRTThatFFmpegReadsBack() throws {
        let output = TestMedia.path("lecture.srt")
        let result = try Command.framelens(["index", TestMedia.sample, "--to", "0:20", "-o", output])
        #expect(result.status == 0)
        #expect(result.errorText.isEmpty, "silent when stderr is not a terminal")
        let cues = try SubtitleOracle.cues(of: output)
        #expect(cues.map(\.start) == SampleTruth.sample.slides.prefix(3).map { SampleTruth.Slide.milliseconds(frame: $0.startFrame) })
        #expect(abs((cues.last?.end ?? 0) - 20) < 0.0005, "the last cue ends at --to")
    }

    @Test func printsMachineReadableProgress() throws {
        let result = try Command.framelens(["index", TestMedia.sample, "--types", "codes", "--progress", "-o", TestMedia.path("p.json")])
        #expect(result.status == 0)
        let lines = result.errorText.split(separator: "\n")
        #expect(lines.count >= 2)
        #expect(lines.allSatisfy { $0.hasPrefix("progress percent=") && $0.contains(" speed=") && $0.contains(" eta=") })
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalStopsCleanlyAndKeepsWhatWasIndexed(signal: Int32, status: Int32) throws {
        let output = TestMedia.path("interrupted.srt")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Command.framelens)
        process.arguments = ["index", TestMedia.sample, "--progress", "-o", output]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Wait for the first progress line: indexing is under way.
        let reader = errors.fileHandleForReading
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("percent=") {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        kill(process.processIdentifier, signal)
        let rest = reader.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = String(decoding: seen + rest, as: UTF8.self)
        #expect(process.terminationStatus == status)
        #expect(stderr.contains("framelens: interrupted at "), "\(stderr)")
        let cues = try SubtitleOracle.cues(of: output)
        #expect(cues.count < 9)
    }

    /// SIGKILL cannot be caught: the output is either absent or whole, wherever the kill falls, the last
    /// one near the end, as the index is about to be written (from the first progress line past 90 %).
    @Test(arguments: [0.5, 1.5, -1])
    func aKilledRunLeavesNoHalfWrittenFile(after seconds: Double) throws {
        let directory = TestMedia.path("killed")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let output = directory + "/out.srt"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Command.framelens)
        process.arguments = ["index", TestMedia.sample, "--types", "codes", "--progress", "-o", output]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        if seconds >= 0 {
            Thread.sleep(forTimeInterval: seconds)
        } else {
            var seen = Data()
            while String(decoding: seen, as: UTF8.self).firstMatch(of: /percent=(9\d|100)\./) == nil {
                let chunk = errors.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                seen += chunk
            }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        if FileManager.default.fileExists(atPath: output) {
            #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Data(try Self.codesIndex.get().output), "a half-written index")
        }
    }

    /// The sample's whole index of codes, as SRT on standard output: made once for the kills that leave a file.
    static let codesIndex = Result { try Command.framelens(["index", TestMedia.sample, "--types", "codes", "-o", "-"]) }

    @Test func indexesAFolderOfVideos() throws {
        let folder = TestMedia.path("videos")
        let outputs = TestMedia.path("indexes")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try VideoIndexerTests.captionedVideo(), toPath: folder + "/captions.mp4")
        try FileManager.default.copyItem(atPath: TestMedia.fixture("cenc.mp4"), toPath: folder + "/drm.mp4")
        try Data("notes".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        let result = try Command.framelens(["index", folder, "--format", "vtt", "-o", outputs])
        #expect(result.status == 6, "the protected video's failure is reported; the others are indexed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outputs) == ["captions.vtt"])
        #expect(try SubtitleOracle.cues(of: outputs + "/captions.vtt").count == 4)
        #expect(result.errorText.contains("skipping \(folder)/notes.txt: not a video"))
        #expect(result.errorText.contains("skipping \(folder)/drm.mp4: \(folder)/drm.mp4 is protected content"))
    }

    /// Two shards of the sample's first 20 s, split inside its second slide: the slide is one cue again.
    @Test func mergeJoinsShardsIntoOneFile() throws {
        let first = TestMedia.path("part1.json")
        let second = TestMedia.path("part2.json")
        #expect(try Command.framelens(["index", TestMedia.sample, "--types", "text", "--to", "0:10", "-o", first]).status == 0)
        #expect(try Command.framelens(
            ["index", TestMedia.sample, "--types", "text", "--from", "0:10", "--to", "0:20", "-o", second]).status == 0)
        let merged = TestMedia.path("merged.srt")
        let result = try Command.framelens(["merge", second, first, "-o", merged])
        #expect(result.status == 0)
        #expect(try SubtitleOracle.cues(of: merged).map(\.start)
            == SampleTruth.sample.slides.prefix(3).map { SampleTruth.Slide.milliseconds(frame: $0.startFrame) })
    }

    @Test(arguments: [
        (["--from", "1:30"], Int32(7), "framelens: --from 1:30: the start time 00:01:30.000 is past the end of the video (00:01:00.000)\n"),
        (["--from", "20", "--to", "10"], Int32(7), "framelens: --from 20 --to 10: the end time 00:00:10.000 is not after the start time 00:00:20.000\n"),
        (["--to", "0"], Int32(7), "framelens: --to 0: the end time 00:00:00.000 is not after the start of the video\n"),
        (["--interval", "0"], Int32(64), "framelens: --interval must be a positive time (0.5, 250ms)\n"),
    ])
    func refusesBadRanges(arguments: [String], status: Int32, message: String) throws {
        let output = TestMedia.path("bad.srt")
        let result = try Command.framelens(["index", TestMedia.sample] + arguments + ["-o", output])
        #expect(result.status == status)
        #expect(result.errorText.hasPrefix(message))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func refusesProtectedAndAudioOnlyFiles() throws {
        let protected = try Command.framelens(["index", TestMedia.fixture("cenc.mp4"), "-o", TestMedia.path("x.srt")])
        #expect(protected.status == 6)
        let audio = try Command.framelens(["index", try TestMedia.audioOnly(), "-o", TestMedia.path("y.srt")])
        #expect(audio.status == 5)
    }
}

extension IndexCommandTests {
    @Test func aDamagedVideoIsIndexedWithAWarning() throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: TestMedia.sample))
        for offset in stride(from: bytes.count / 3, to: bytes.count * 2 / 3, by: 997) { bytes[offset] ^= 0xFF }
        let damaged = TestMedia.path("damaged.mp4")
        try bytes.write(to: URL(fileURLWithPath: damaged))
        let output = TestMedia.path("damaged.srt")
        let result = try Command.framelens(["index", damaged, "--types", "text", "-o", output])
        #expect(result.status == 0)
        #expect(result.errorText.hasPrefix("framelens: warning: \(damaged) is damaged in places ("))
        let cues = try SubtitleOracle.cues(of: output)
        #expect(cues.first?.start == 0 && cues.count >= 5)
    }

    @Test func aTruncatedVideoIsIndexedUpToTheBreakWithAWarningAndExitCode12() throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: TestMedia.sample))
        let cut = TestMedia.path("cut.mp4")
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: cut))
        let output = TestMedia.path("cut.json")
        let result = try Command.framelens(["index", cut, "--types", "text", "-o", output])
        #expect(result.status == 12, "written, but incomplete: a script writing SRT can tell")
        #expect(result.errorText.contains("framelens: warning: \(cut) breaks off at 00:00:"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any]
        #expect(json?["complete"] as? Bool == false)
    }
}

/// An output that cannot be written is found before the video is decoded, and named with the system's reason.
extension IndexCommandTests {
    /// Runs `framelens index --progress` into `FOLDER/out/index.srt`, FOLDER being a fresh tmpfs that `setup`
    /// (shell, with `$folder`) mounts and prepares, in a mount namespace of its own (`unshare -m`): nothing
    /// outside the run sees the mount, and it goes away with the run.
    private static func indexIntoTmpfs(_ setup: String) throws -> (Command.Result, output: String) {
        let folder = TestMedia.path("mounted")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = """
            folder='\(folder)'
            { \(setup); } || exit 99
            exec '\(Command.framelens)' index '\(TestMedia.sample)' --progress -o "$folder/out/index.srt"
            """
        return (try Command.run("unshare", ["-m", "sh", "-c", script]), folder + "/out/index.srt")
    }

    @Test func aReadOnlyFilesystemIsFoundBeforeDecoding() throws {
        let (result, output) = try Self.indexIntoTmpfs("""
            mount -t tmpfs -o size=1m tmpfs "$folder" && mkdir "$folder/out" && mount -o remount,ro "$folder"
            """)
        #expect(result.status == 9)
        #expect(result.errorText == "framelens: cannot write \(output): read-only file system\n", "no progress line: nothing decoded")
    }

    @Test func aFullFilesystemIsFoundBeforeDecoding() throws {
        let (result, output) = try Self.indexIntoTmpfs("""
            mount -t tmpfs -o size=64k tmpfs "$folder" && mkdir "$folder/out" \
            && { dd if=/dev/zero of="$folder/fill" bs=4k 2>/dev/null; true; }
            """)
        #expect(result.status == 9)
        #expect(result.errorText == "framelens: cannot write \(output): no space left on device\n", "no progress line: nothing decoded")
    }
}
