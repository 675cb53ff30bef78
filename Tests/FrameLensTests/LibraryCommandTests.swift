import Foundation
import Testing

/// `framelens library add/list/remove/stats/import` on real videos and a real SQLite file.
struct LibraryCommandTests {
    @Test func addIndexesAFolderRecursivelyAndReAddingSkipsWhatIsUnchanged() throws {
        let fixture = try LibraryFixture()
        try fixture.put("Alpha dfflibmap slide", at: "a.mp4")
        try fixture.put("Bravo netlist slide", at: "week2/b.mp4")
        try Data("notes\n".utf8).write(to: URL(fileURLWithPath: fixture.folder + "/notes.txt"))
        let first = try fixture.add([fixture.folder])
        #expect(first.status == 0, "\(first.errorText)")
        #expect(first.text == """
            added \(fixture.folder)/a.mp4: 1 cue
            added \(fixture.folder)/week2/b.mp4: 1 cue
            library \(fixture.library): 2 added, 0 updated, 0 moved, 0 unchanged

            """)
        let again = try fixture.add([fixture.folder])
        #expect(again.status == 0)
        #expect(again.text == """
            unchanged \(fixture.folder)/a.mp4
            unchanged \(fixture.folder)/week2/b.mp4
            library \(fixture.library): 0 added, 0 updated, 0 moved, 2 unchanged

            """)
        let list = try fixture.run(["library", "list"])
        #expect(list.status == 0)
        #expect(list.text == """
            00:00:03.000  1 cue  \(fixture.folder)/a.mp4
            00:00:03.000  1 cue  \(fixture.folder)/week2/b.mp4

            """)
        let stats = try fixture.run(["library", "stats"])
        #expect(stats.text.hasPrefix("""
            library: \(fixture.library)
            videos: 2
            cues: 2
            indexed time: 00:00:06.000
            size on disk: 
            """))
    }

    @Test func aChangedVideoHasItsCuesReplaced() throws {
        let fixture = try LibraryFixture()
        let video = try fixture.put("Alpha dfflibmap slide", at: "a.mp4")
        #expect(try fixture.add([video]).status == 0)
        try fixture.put("Charlie yosys slide", at: "a.mp4")
        let changed = try fixture.add([video])
        #expect(changed.status == 0, "\(changed.errorText)")
        #expect(changed.text == """
            updated \(video): 1 cue
            library \(fixture.library): 0 added, 1 updated, 0 moved, 0 unchanged

            """)
        #expect(try fixture.run(["search", "dfflibmap"]).text == "")
        #expect(try fixture.run(["search", "yosys"]).text == """
            \(video) 00:00:00.000-00:00:03.000
              Charlie **yosys** slide
              framelens grab \(video) --at 00:00:00.000

            """)
        #expect(try fixture.run(["library", "stats"]).text.contains("\ncues: 1\n"))
    }

    @Test func aMovedVideoIsFoundByItsHashAndKeepsItsCues() throws {
        let fixture = try LibraryFixture()
        let video = try fixture.put("Alpha dfflibmap slide", at: "a.mp4")
        #expect(try fixture.add([fixture.folder]).status == 0)
        let moved = fixture.folder + "/archive/renamed.mp4"
        try FileManager.default.createDirectory(atPath: fixture.folder + "/archive", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: video, toPath: moved)
        let result = try fixture.add([fixture.folder])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(result.text == """
            moved \(video) -> \(moved)
            library \(fixture.library): 0 added, 0 updated, 1 moved, 0 unchanged

            """)
        #expect(try fixture.run(["search", "dfflibmap", "--json"]).text.contains("\"video\" : \"\(moved)\""))
        #expect(try fixture.run(["library", "list"]).text == "00:00:03.000  1 cue  \(moved)\n")
    }

    @Test func removeTakesVideosAndFoldersOut() throws {
        let fixture = try LibraryFixture()
        try fixture.put("Alpha dfflibmap slide", at: "a.mp4")
        try fixture.put("Bravo netlist slide", at: "week2/b.mp4")
        #expect(try fixture.add([fixture.folder]).status == 0)
        let removed = try fixture.run(["library", "remove", fixture.folder + "/week2"])
        #expect(removed.status == 0)
        #expect(removed.text == "removed \(fixture.folder)/week2/b.mp4\n")
        #expect(try fixture.run(["search", "netlist"]).text == "")
        #expect(try fixture.run(["library", "list"]).text == "00:00:03.000  1 cue  \(fixture.folder)/a.mp4\n")
        let unknown = try fixture.run(["library", "remove", fixture.folder + "/none.mp4"])
        #expect(unknown.status == 3)
        #expect(unknown.errorText == "framelens: \(fixture.folder)/none.mp4 is not in the library \(fixture.library)\n")
    }

    @Test func importTakesIndexesByTheVideoIdentityTheyRecord() throws {
        let fixture = try LibraryFixture()
        let video = try fixture.put("Alpha dfflibmap slide", at: "a.mp4")
        let json = TestMedia.path("a.json")
        #expect(try Command.framelens(["index", video, "--types", "text", "--format", "json", "-o", json]).status == 0)
        let imported = try fixture.run(["library", "import", json])
        #expect(imported.status == 0, "\(imported.errorText)")
        #expect(imported.text == """
            added \(video): 1 cue
            library \(fixture.library): 1 added, 0 updated, 0 moved, 0 unchanged

            """)
        #expect(try fixture.run(["library", "import", json]).text.hasPrefix("unchanged \(video)\n"))
        #expect(try fixture.add([video]).text.hasPrefix("unchanged \(video)\n"), "add knows the imported video")
        let hits = try fixture.run(["search", "dfflibmap"])
        #expect(hits.text.hasPrefix("\(video) 00:00:00.000-00:00:03.000\n"))
    }

    @Test func anIndexWithoutAnIdentityIsRefused() throws {
        let fixture = try LibraryFixture()
        let json = TestMedia.path("old.json")
        try Data(#"{"video": "talk.mp4", "from": 0, "to": 3, "complete": true, "warnings": [], "cues": []}"#.utf8)
            .write(to: URL(fileURLWithPath: json))
        let result = try fixture.run(["library", "import", json])
        #expect(result.status == 4)
        #expect(result.errorText == """
            framelens: \(json) records no video identity (an index written before identities were recorded, or of a URL or standard input); index the video again

            """)
    }

    /// The library holds whole videos only: a run stopped (Ctrl-C) or killed while indexing the second of
    /// three videos keeps the first, and a later run adds the rest. The second is 60 s of slides five seconds apart,
    /// so that its indexing lasts well past its first progress line, where the add is stopped.
    @Test(arguments: [SIGINT, SIGKILL])
    func anInterruptedAddKeepsTheVideosStoredBefore(signal: Int32) throws {
        let fixture = try LibraryFixture()
        let first = try fixture.put("Alpha dfflibmap slide", at: "1.mp4")
        let second = fixture.folder + "/2.mp4"
        try FileManager.default.copyItem(atPath: try TestMedia.make("counting-slides.mp4", [
            "-f", "lavfi", "-i", "color=gray:s=640x360:r=25:d=60",
            "-vf", "drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:text='Bravo netlist slide %{eif\\:floor(t/5)\\:d}'"
                + ":fontsize=40:x=40:y=150:fontcolor=white:box=1:boxcolor=black",
            "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ]), toPath: second)
        try fixture.put("Charlie yosys slide", at: "3.mp4")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Command.framelens)
        process.arguments = ["library", "add", fixture.folder, "--types", "text", "--progress", "--library", fixture.library]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The second video's progress comes once the first is stored: the add is stopped there until the signal.
        var seen = ""
        while !seen.contains("video=\(second)\n") {
            let chunk = errors.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGSTOP)
        #expect(!seen.contains("video-percent=100.0 video=\(second)"), "the second video was indexed before the stop")
        // A reader while the add writes: the library as it is, the first video.
        #expect(try fixture.run(["library", "list"]).text == "00:00:03.000  1 cue  \(first)\n")
        kill(process.processIdentifier, signal)
        kill(process.processIdentifier, SIGCONT)
        process.waitUntilExit()
        #expect(process.terminationStatus == (signal == SIGINT ? 130 : SIGKILL), "\(seen)")
        #expect(try fixture.run(["library", "list"]).text == "00:00:03.000  1 cue  \(first)\n")
        #expect(try fixture.run(["search", "netlist"]).text == "")
        let rest = try fixture.add([fixture.folder])
        #expect(rest.status == 0)
        #expect(rest.text.hasPrefix("unchanged \(first)\nadded \(second): "))
        #expect(rest.text.contains("\nadded \(fixture.folder)/3.mp4: 1 cue\n"))
    }

    @Test func severalVideosAreIndexedAtOnceWithJobs() throws {
        let fixture = try LibraryFixture()
        for (index, text) in ["Alpha dfflibmap slide", "Bravo netlist slide", "Charlie yosys slide"].enumerated() {
            try fixture.put(text, at: "\(index).mp4")
        }
        let result = try fixture.add([fixture.folder], ["--jobs", "2"])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(result.text.hasSuffix("library \(fixture.library): 3 added, 0 updated, 0 moved, 0 unchanged\n"))
        #expect(try fixture.run(["library", "stats"]).text.contains("\nvideos: 3\ncues: 3\n"))
    }
}
