import Foundation
import Testing

/// `framelens serve --library [FILE]`: the library's videos are served, `/api/search` names the served video
/// of each hit, `/api/videos/ID/thumbnail` gives its exact frame, small; a bare `--library` is the default
/// library. (The page's search box is tested in Chromium by Tests/e2e.)
struct ServeLibraryTests {
    static func json(_ reply: RunningServer.Reply) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(reply.body))
    }

    /// `--library` with no file, last on the command line, serves the library `FRAMELENS_LIBRARY` names, else
    /// `$XDG_DATA_HOME/framelens/library.sqlite`, with no video named: its videos are the catalogue.
    @Test(arguments: ["FRAMELENS_LIBRARY", "XDG_DATA_HOME"])
    func aBareLibraryOptionServesTheDefaultLibrary(variable: String) throws {
        let fixture = try LibraryFixture.twoVideos()
        var environment = ["FRAMELENS_LIBRARY": fixture.library]
        if variable == "XDG_DATA_HOME" {
            let data = TestMedia.path("data")
            try FileManager.default.createDirectory(atPath: data + "/framelens", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: fixture.library, toPath: data + "/framelens/library.sqlite")
            environment = ["FRAMELENS_LIBRARY": "", "XDG_DATA_HOME": data]
        }
        let server = try RunningServer(["--library"], environment: environment)
        let videos = try #require(try Self.json(try server.get("/api/videos")) as? [[String: Any]])
        #expect(videos.map { $0["id"] as? String } == ["a-mp4", "b-mkv"])
        #expect(videos.map { $0.keys.sorted() } == [["id", "name"], ["id", "name"]], "not probed before they are opened")
        let opened = try #require(try Self.json(try server.get("/api/videos/b-mkv")) as? [String: Any])
        #expect(opened["name"] as? String == "b.mkv" && opened["duration"] as? Double == 4 && opened["protected"] as? Bool == false)
        #expect((opened["streams"] as? [[String: Any]])?.map { $0["codec"] as? String } == ["h264"])
        let listed = try #require(try Self.json(try server.get("/api/videos")) as? [[String: Any]])
        #expect(listed.map { $0["duration"] as? Double } == [nil, 4], "listed with its details once opened")

        let summary = try #require(try Self.json(try server.get("/api/library")) as? [String: Any])
        #expect(summary["videos"] as? Int == 2 && summary["served"] as? Int == 2 && summary["cues"] as? Int == 2)
        #expect((summary["library"] as? String)?.hasSuffix(variable == "XDG_DATA_HOME" ? "/framelens/library.sqlite" : "library.sqlite") == true)

        let reply = try server.get("/api/search?q=slide")
        #expect(reply.status == 200)
        let hits = try #require(try Self.json(reply) as? [[String: Any]])
        #expect(Set(hits.compactMap { $0["videoID"] as? String }) == ["a-mp4", "b-mkv"])
        for hit in hits {
            let path = try #require(hit["video"] as? String)
            #expect(hit["videoID"] as? String == (path.hasSuffix("/a.mp4") ? "a-mp4" : "b-mkv"))
        }
        // Without videoID, the hits `search --json` prints (exact times here).
        let printed = try JSONSerialization.jsonObject(with: Data(try fixture.run(["search", "slide", "--json"]).output))
        #expect(sameJSON(hits.map { $0.filter { $0.key != "videoID" } }, printed, within: 0.001))
    }

    /// A video named on the command line that the library holds too is served once; a library video whose
    /// file is gone is not served, and its hits say so with a null videoID.
    @Test func libraryVideosJoinTheNamedOnesOnceAndGoneOnesAreLeftOut() throws {
        let fixture = try LibraryFixture.twoVideos()
        try FileManager.default.removeItem(atPath: fixture.folder + "/week2/b.mkv")
        let server = try RunningServer([fixture.folder + "/a.mp4", TestMedia.sample, "--library", fixture.library])
        let videos = try #require(try Self.json(try server.get("/api/videos")) as? [[String: Any]])
        #expect(videos.map { $0["id"] as? String } == ["a-mp4", "lecture-mp4"])
        let summary = try #require(try Self.json(try server.get("/api/library")) as? [String: Any])
        #expect(summary["videos"] as? Int == 2 && summary["served"] as? Int == 1)
        let hits = try #require(try Self.json(try server.get("/api/search?q=slide")) as? [[String: Any]])
        #expect(hits.count == 2)
        let ids = hits.map { ($0["video"] as? String).map { ($0 as NSString).lastPathComponent } ?? "" }
        let served = Dictionary(uniqueKeysWithValues: zip(ids, hits.map { $0["videoID"] }))
        #expect(served["a.mp4"] as? String == "a-mp4")
        #expect(served["b.mkv"] is NSNull, "the gone video's hit has videoID null")
    }

    /// A library's video lists the library's cues beside the player while its file is unchanged; once the file
    /// changes it is indexed again, and the new index is what is listed. A library's file that is no longer a
    /// video is listed, and opening it is the probe's error.
    @Test func aLibraryVideosSlidesAreTheLibrarysCuesUntilItsFileChanges() throws {
        let fixture = try LibraryFixture.twoVideos()
        let server = try RunningServer(["--library", fixture.library])
        let reply = try server.get("/api/videos/a-mp4/index")
        #expect(reply.status == 200)
        let stored = try #require(try Self.json(reply) as? [String: Any])
        let hits = try #require(
            try JSONSerialization.jsonObject(with: Data(try fixture.run(["search", "dfflibmap", "--json"]).output)) as? [[String: Any]])
        #expect(stored["source"] as? String == "library" && stored["video"] as? String == hits.first?["video"] as? String)
        #expect(stored["from"] as? Double == 0 && stored["to"] as? Double == 3 && stored["complete"] as? Bool == true)
        let cues = try #require(stored["cues"] as? [[String: Any]])
        #expect(sameJSON(cues, hits.map { $0.filter { ["start", "end", "time", "text"].contains($0.key) } }, within: 0))
        #expect(cues.map { $0["text"] as? String } == ["Alpha dfflibmap slide"])

        try fixture.put("Charlie changed slide", at: "a.mp4")
        var index: [String: Any] = [:]
        for _ in 0..<300 {
            let again = try server.get("/api/videos/a-mp4/index")
            index = try #require(try Self.json(again) as? [String: Any])
            if again.status == 200 { break }
            #expect(again.status == 202 && index["status"] as? String == "running")
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(index["source"] == nil, "indexed again by the server")
        #expect((index["cues"] as? [[String: Any]])?.map { $0["text"] as? String } == ["Charlie changed slide"])

        try Data("not a video\n".utf8).write(to: URL(fileURLWithPath: fixture.folder + "/week2/b.mkv"))
        let broken = try server.get("/api/videos/b-mkv")
        #expect(broken.status == 422)
        #expect(broken.error == "\(fixture.folder)/week2/b.mkv is not a video FrameLens can read: Invalid data found when processing input")
        #expect(try server.get("/api/videos/b-mkv/frame?t=1").error == broken.error)
    }

    /// The thumbnail is the frame shown at the time asked, exactly (the last dark frame, then the first light
    /// one), at most 320 pixels wide, as JPEG; asked again it is the same bytes.
    @Test func thumbnailsShowTheExactFrameSmall() throws {
        let fixture = try LibraryFixture()
        let flash = try TestMedia.make("dark-then-light.mp4", [
            "-f", "lavfi", "-i", "color=black:s=640x360:r=25:d=1", "-f", "lavfi", "-i", "color=white:s=640x360:r=25:d=1",
            "-filter_complex", "[0:v][1:v]concat=n=2:v=1:a=0", "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
        let video = fixture.folder + "/flash.mp4"
        try FileManager.default.copyItem(atPath: flash, toPath: video)
        #expect(try fixture.add([video]).status == 0)
        let server = try RunningServer(["--library", fixture.library])

        for (time, dark) in [("0.96", true), ("1.0", false), ("00:00:01.960", false)] {
            let reply = try server.get("/api/videos/flash-mp4/thumbnail?t=\(time)")
            #expect(reply.status == 200, "\(time)")
            #expect(reply.headers["content-type"] == "image/jpeg")
            let picture = TestMedia.path("thumbnail.jpg")
            try Data(reply.body).write(to: URL(fileURLWithPath: picture))
            let size = try Command.run(
                "ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", picture])
            #expect(size.text == "320,180\n", "\(time)")
            let gray = try Command.run("ffmpeg", ["-v", "error", "-i", picture, "-f", "rawvideo", "-pix_fmt", "gray", "-"])
            let mean = gray.output.reduce(0) { $0 + Int($1) } / max(1, gray.output.count)
            #expect(dark ? mean < 20 : mean > 235, "the thumbnail at \(time) s has mean luma \(mean)")
            #expect(try server.get("/api/videos/flash-mp4/thumbnail?t=\(time)").body == reply.body, "cached")
        }
        let cases: [(path: String, status: Int, error: String)] = [
            ("/api/videos/flash-mp4/thumbnail?t=3", 400, "time 00:00:03.000 is past the end of the video (00:00:02.000)"),
            ("/api/videos/flash-mp4/thumbnail", 400, "missing t: the time of the frame, in seconds"),
            ("/api/videos/nope/thumbnail?t=1", 404, "no video with id 'nope'"),
        ]
        for (path, status, error) in cases {
            let reply = try server.get(path)
            #expect(reply.status == status, "\(path)")
            #expect(reply.error == error, "\(path)")
        }
        #expect(try server.get("/api/videos/flash-mp4/thumbnail?t=1", method: "POST").status == 405)
    }

    /// No library: `/api/search` and `/api/library` answer 404 with a message; a library file that goes away
    /// while the server runs is 404 too, naming it.
    @Test func searchWithoutALibraryIs404() throws {
        let fixture = try LibraryFixture.twoVideos()
        let alone = try RunningServer([fixture.folder + "/a.mp4"])
        for path in ["/api/search?q=slide", "/api/library"] {
            let reply = try alone.get(path)
            #expect(reply.status == 404)
            #expect(reply.error == "no library: start serve with --library [FILE]")
        }
        let server = try RunningServer(["--library", fixture.library])
        #expect(try server.get("/api/search?q=slide").status == 200)
        for file in [fixture.library, fixture.library + "-wal", fixture.library + "-shm"] {
            try? FileManager.default.removeItem(atPath: file)
        }
        let gone = try server.get("/api/search?q=slide")
        #expect(gone.status == 404)
        #expect(gone.error == "no library at \(fixture.library) (framelens library add VIDEO... makes one)")
    }

    /// `serve --library` with a missing, damaged or empty default library is one line and the library's code.
    @Test(arguments: ["missing", "damaged", "empty"])
    func aBadDefaultLibraryIsOneLine(kind: String) throws {
        let fixture = try LibraryFixture()
        let expected: (status: Int32, message: String)
        switch kind {
        case "missing":
            expected = (3, "no library at \(fixture.library) (framelens library add VIDEO... makes one)")
        case "damaged":
            try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }).write(to: URL(fileURLWithPath: fixture.library))
            expected = (13, "\(fixture.library) is not a FrameLens library, or is damaged: file is not a database")
        default:
            let video = try fixture.put("Alpha dfflibmap slide", at: "a.mp4")
            #expect(try fixture.add([video]).status == 0)
            #expect(try fixture.run(["library", "remove", video]).status == 0)
            expected = (5, "the library \(fixture.library) holds no video to serve (framelens library add VIDEO... adds some)")
        }
        let result = try Command.run(
            Command.framelens, ["serve", "--library", "--port", "0"], environment: ["FRAMELENS_LIBRARY": fixture.library])
        #expect(result.status == expected.status)
        #expect(result.errorText == "framelens: \(expected.message)\n")
    }
}
