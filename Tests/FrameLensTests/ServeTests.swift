import Foundation
import Testing

/// `framelens serve`: the API gives what the command line gives, serves only the named videos, and binds
/// to loopback. (The page itself is tested in Chromium by Tests/e2e.)
struct ServeTests {
    static let sample = URL(fileURLWithPath: TestMedia.sample).resolvingSymlinksInPath().path

    @Test func apiGivesTheBytesOfGrabAndFrame() throws {
        let server = try RunningServer([Self.sample])
        let videos = try server.get("/api/videos")
        #expect(videos.status == 200)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(videos.body)) as? [[String: Any]])
        #expect(list.map { $0["id"] as? String } == ["lecture-mp4"])
        #expect(list[0]["duration"] as? Double == 60)
        #expect(list[0]["protected"] as? Bool == false)

        let analysis = try server.get("/api/videos/lecture-mp4/analysis?t=15")
        #expect(analysis.status == 200)
        #expect(analysis.headers["content-type"] == "application/json; charset=utf-8")
        // The same analysis: the API gives exact times and confidences, the command line rounds them to
        // the millisecond and to a tenth of a percent.
        let grabbed = try Command.framelens(["grab", Self.sample, "--at", "15", "--json"]).output
        #expect(sameJSON(
            try JSONSerialization.jsonObject(with: Data(analysis.body)),
            try JSONSerialization.jsonObject(with: Data(grabbed)), within: 0.05))

        let frame = try server.get("/api/videos/lecture-mp4/frame?t=0:15")
        let png = TestMedia.path("frame.png")
        #expect(try Command.framelens(["frame", Self.sample, "--at", "15", "-o", png]).status == 0)
        #expect(frame.headers["content-type"] == "image/png")
        #expect(frame.body == Array(try Data(contentsOf: URL(fileURLWithPath: png))))
    }

    @Test func indexIsMadeInTheBackgroundAndGivesTheBytesOfIndex() throws {
        let clip = try TestMedia.make("lecture-clip.mp4", ["-ss", "25", "-t", "10", "-i", TestMedia.sample, "-an"])
        let server = try RunningServer([clip])
        var index = try server.get("/api/videos/lecture-clip-mp4/index")
        #expect(index.status == 202)
        #expect(index.text.contains("\"status\" : \"running\""))
        var polls = 0
        while index.status == 202 && polls < 600 {
            Thread.sleep(forTimeInterval: 0.5)
            index = try server.get("/api/videos/lecture-clip-mp4/index")
            polls += 1
        }
        #expect(index.status == 200)
        #expect(index.text.contains("\"cues\""))
        #expect(index.body == (try Command.framelens(["index", clip, "--format", "json", "-o", "-"])).output)
    }

    @Test func mediaAnswersRangeRequests() throws {
        let server = try RunningServer([Self.sample])
        let file = Array(try Data(contentsOf: URL(fileURLWithPath: Self.sample)))
        let size = file.count
        let media = "/api/videos/lecture-mp4/media"

        let whole = try server.get(media)
        #expect(whole.status == 200)
        #expect(whole.body == file)
        #expect(whole.headers["accept-ranges"] == "bytes")
        #expect(whole.headers["content-type"] == "video/mp4")

        let part = try server.get(media, headers: ["Range: bytes=100-199"])
        #expect(part.status == 206)
        #expect(part.headers["content-range"] == "bytes 100-199/\(size)")
        #expect(part.body == Array(file[100...199]))

        let tail = try server.get(media, headers: ["Range: bytes=-16"])
        #expect(tail.status == 206)
        #expect(tail.body == Array(file[(size - 16)...]))

        let open = try server.get(media, headers: ["Range: bytes=\(size - 5)-"])
        #expect(open.headers["content-range"] == "bytes \(size - 5)-\(size - 1)/\(size)")
        #expect(open.body == Array(file[(size - 5)...]))

        let beyond = try server.get(media, headers: ["Range: bytes=\(size)-"])
        #expect(beyond.status == 416)
        #expect(beyond.headers["content-range"] == "bytes */\(size)")

        let head = try server.get(media, method: "HEAD")
        #expect(head.status == 200)
        #expect(head.headers["content-length"] == String(size))

        let none = try server.get(media, headers: ["Range: bytes=-0"])
        #expect(none.status == 416, "the last 0 bytes are no bytes (RFC 9110 §14.1.3)")
        #expect(none.headers["content-range"] == "bytes */\(size)")
    }

    /// The ETag the server sends is honoured: `If-None-Match` answers 304, `If-Range` keeps a range only
    /// for that same version.
    @Test func mediaAnswersConditionalRequests() throws {
        let server = try RunningServer([Self.sample])
        let file = Array(try Data(contentsOf: URL(fileURLWithPath: Self.sample)))
        let media = "/api/videos/lecture-mp4/media"
        let tag = try #require(try server.get(media, method: "HEAD").headers["etag"])

        for match in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
            let cached = try server.get(media, headers: ["If-None-Match: \(match)"])
            #expect(cached.status == 304, "\(match)")
            #expect(cached.body.isEmpty && cached.headers["etag"] == tag)
        }
        #expect(try server.get(media, headers: ["If-None-Match: \"other\""]).status == 200)

        let same = try server.get(media, headers: ["Range: bytes=0-9", "If-Range: \(tag)"])
        #expect(same.status == 206 && same.body == Array(file[0...9]))
        for other in ["\"other\"", "W/\(tag)", "Wed, 21 Oct 2015 07:28:00 GMT"] {
            let changed = try server.get(media, headers: ["Range: bytes=0-9", "If-Range: \(other)"])
            #expect(changed.status == 200, "\(other): another version gets the whole file")
            #expect(changed.body == file)
        }
    }

    @Test(arguments: [
        ("HEAD", "/api/videos", "GET"), ("POST", "/api/videos", "GET"), ("DELETE", "/api/videos/lecture-mp4/frame", "GET"),
        ("PUT", "/api/videos/lecture-mp4/media", "GET, HEAD"), ("POST", "/", "GET"), ("POST", "/app.js", "GET"),
    ])
    func aKnownRouteAskedWithAnotherMethodAnswers405(method: String, path: String, allowed: String) throws {
        let server = try RunningServer([Self.sample])
        let reply = try server.get(path, method: method)
        #expect(reply.status == 405)
        #expect(reply.headers["allow"] == allowed)
        if method != "HEAD" { #expect(reply.error == "\(method) is not allowed on \(path) (allowed: \(allowed))") }
        #expect(try server.get("/api/nothing", method: method).status == 404)
    }

    /// Quiet connections are closed after `--idle-timeout`, a byte at a time included, and past
    /// `--max-connections` new clients wait until one closes instead of using up file descriptors.
    @Test func idleAndTricklingConnectionsAreClosedAndCapped() async throws {
        let server = try RunningServer([Self.sample, "--idle-timeout", "2", "--max-connections", "2"])
        let idle = try RawConnection(port: server.port)
        let trickling = try RawConnection(port: server.port)
        let started = Date()
        // A third client waits for a free connection: it is answered once a quiet one is closed.
        async let third = { (try await server.getInBackground("/api/videos"), Date()) }()
        // A byte every quarter second for 4 s: a whole request never arrives, so the connection is closed at 2 s.
        for byte in "GET /api/videos HTTP/1.1\r\nHost:" {
            guard trickling.send(String(byte)) else { break }
            try await Task.sleep(for: .milliseconds(250))
        }
        #expect(trickling.isClosedByServer(within: 0.5))
        #expect(idle.isClosedByServer(within: 0.5))
        let (reply, answered) = try await third
        #expect(reply.status == 200)
        #expect(answered.timeIntervalSince(started) >= 2, "the third client waited for a free connection")
    }

    @Test func badRequestsGetJSONErrorsAndNoPathEscapes() throws {
        let folder = TestMedia.directory.appendingPathComponent("served-\(UUID().uuidString.prefix(6))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.sample, toPath: folder + "/Talk One.mp4")
        try "not a video".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
        let outside = TestMedia.path("outside.mp4")
        try FileManager.default.copyItem(atPath: Self.sample, toPath: outside)
        try FileManager.default.createSymbolicLink(atPath: folder + "/escape.mp4", withDestinationPath: outside)
        let server = try RunningServer([folder])

        let ids = try server.get("/api/videos").text
        #expect(ids.contains("\"id\" : \"talk-one-mp4\""))
        #expect(!ids.contains("escape"), "a symlink pointing out of the folder is not served")
        #expect(!ids.contains("notes"))

        let cases: [(path: String, status: Int, error: String)] = [
            ("/api/videos/nope/analysis?t=1", 404, "no video with id 'nope'"),
            ("/api/videos/talk-one-mp4/analysis", 400, "missing t: the time of the frame, in seconds"),
            ("/api/videos/talk-one-mp4/analysis?t=abc", 400, "time 'abc' is not seconds (12.5, 15s, 1500ms), MM:SS(.mmm) or HH:MM:SS(.mmm)"),
            ("/api/videos/talk-one-mp4/frame?t=-1", 400, "time -1 is negative; times start at 0"),
            ("/api/videos/talk-one-mp4/analysis?t=61", 400,
             "time 00:01:01.000 is past the end of the video (00:01:00.000)"),
            ("/api/videos/escape-mp4/media", 404, "no video with id 'escape-mp4'"),
            ("/api/videos/..%2F..%2F..%2Fetc%2Fpasswd/media", 404, "no video with id '..%2F..%2F..%2Fetc%2Fpasswd'"),
            ("/api/videos/../../../etc/passwd", 404, "Not Found"),
            ("/../../../../etc/passwd", 404, "Not Found"),
            ("/%2e%2e/%2e%2e/etc/passwd", 404, "Not Found"),
            ("/Talk%20One.mp4", 404, "Not Found"),
        ]
        for (path, status, error) in cases {
            let reply = try server.get(path)
            #expect(reply.status == status, "\(path)")
            #expect(reply.error == error, "\(path)")
            #expect(!reply.text.contains("root:"), "\(path)")
        }
    }

    @Test func listensOnLoopbackOnly() throws {
        let server = try RunningServer([Self.sample])
        // /proc/net/tcp lists listening sockets (state 0A) as HEXIP:HEXPORT; 0100007F is 127.0.0.1.
        let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
        let port = String(format: "%04X", server.port)
        var listening: [String] = []
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            if fields.count > 3, fields[1].hasSuffix(":" + port), fields[3] == "0A" { listening.append(fields[1]) }
        }
        #expect(listening == ["0100007F:" + port])
    }

    @Test func protectedVideosAreListedAndRefused() throws {
        let server = try RunningServer([TestMedia.fixture("cenc.mp4"), TestMedia.fixture("mixed.mp4")])
        let list = try #require(
            try JSONSerialization.jsonObject(with: Data(try server.get("/api/videos").body)) as? [[String: Any]])
        #expect(list.map { $0["id"] as? String } == ["cenc-mp4", "mixed-mp4"])
        #expect(list.map { $0["protected"] as? Bool } == [true, false])
        for path in ["/api/videos/cenc-mp4/analysis?t=0.5", "/api/videos/cenc-mp4/frame?t=0.5", "/api/videos/cenc-mp4/index"] {
            let reply = try server.get(path)
            #expect(reply.status == 403)
            #expect(reply.error == "cenc.mp4 is protected (DRM): FrameLens does not decode or read protected streams")
        }
        let clear = try server.get("/api/videos/mixed-mp4/analysis?t=0.5")
        #expect(clear.status == 200)
        #expect(clear.text.contains("\"width\" : 160"), "the clear stream is the one read")
    }

    @Test func anAnalysisOvertakenByANewerRequestOfItsClientIsNotDelivered() async throws {
        let server = try RunningServer([Self.sample])
        _ = try server.get("/api/videos/lecture-mp4/analysis?t=1")  // the player is open and warm
        // Sent back to back on open connections (no process start between them, as with curl): the two
        // requests of client a overlap, since one reading takes far longer than sending the other.
        let connections = try (0..<3).map { _ in try RawConnection(port: server.port) }
        for (connection, query) in zip(connections, ["t=15&client=a", "t=30&client=b", "t=45&client=a"]) {
            connection.send("GET /api/videos/lecture-mp4/analysis?\(query) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        }
        let (first, third, second) = (connections[0].response(), connections[1].response(), connections[2].response())
        // Which of client a's reaches the server last is up to the scheduler: that one is delivered, the other
        // is stale.
        let (stale, delivered, frame) = first.status.contains(" 409 ") ? (first, second, 1350) : (second, first, 450)
        #expect(stale.status.hasPrefix("HTTP/1.1 409 "))
        #expect(stale.body.contains("a newer frame was asked for while this one was being read; the result is stale"))
        #expect(delivered.status.hasPrefix("HTTP/1.1 200 "))
        #expect(delivered.body.contains("\"frameNumber\" : \(frame)"))
        #expect(third.status.hasPrefix("HTTP/1.1 200 "), "another client's request does not make this one stale")
        #expect(third.body.contains("\"frameNumber\" : 900"))
    }

    /// `serve --library FILE`: `/api/search` gives the hits `search --json` prints (with exact times), each with
    /// the id of the served video it opens.
    @Test func apiSearchesTheLibrary() throws {
        let fixture = try LibraryFixture()
        let video = try fixture.put("Alpha dfflibmap slide", at: "a.mp4")
        #expect(try fixture.add([video]).status == 0)
        let server = try RunningServer([video, "--library", fixture.library])
        let hits = try server.get("/api/search?q=dfflibmap&limit=5")
        #expect(hits.status == 200)
        let served = try #require(try JSONSerialization.jsonObject(with: Data(hits.body)) as? [[String: Any]])
        #expect(served.map { $0["videoID"] as? String } == ["a-mp4"])
        #expect(sameJSON(
            served.map { $0.filter { $0.key != "videoID" } },
            try JSONSerialization.jsonObject(with: Data(try fixture.run(["search", "dfflibmap", "--json"]).output)),
            within: 0.001))
        let typed = try server.get("/api/search?q=%22dfflibmap")
        #expect(typed.status == 200, "a query is text as typed by default: an unbalanced quote is no error")
        #expect(String(decoding: typed.body, as: UTF8.self).contains("Alpha **dfflibmap** slide"))
        let bad = try server.get("/api/search?q=%22dfflibmap&syntax=fts5")
        #expect(bad.status == 400)
        #expect(bad.error == #"search query '"dfflibmap' is not FTS5 syntax at character 1: unterminated string (words, "a phrase", prefix*, NEAR(a b), a OR b, a NOT b)"#)
        #expect(try server.get("/api/search").error == "missing q: what to search for")
        #expect(try server.get("/api/search?q=x&syntax=sql").error == "syntax: text or fts5")
        #expect(try server.get("/api/search?q=x&limit=0").status == 400)
        #expect(try RunningServer([video]).get("/api/search?q=x").status == 404)
    }

    @Test(arguments: [
        (["serve"], Int32(64), "Error: name at least one video or folder to serve, or --library"),
        (["serve", TestMedia.sample, "--port", "70000"], 64, "Error: --port must be between 0 and 65535"),
        (["serve", "/no/such/video.mp4"], 3, "framelens: /no/such/video.mp4: no such file or folder"),
        (["serve", TestMedia.sample, "--library", "/no/such/library.sqlite"], 3,
         "framelens: no library at /no/such/library.sqlite (framelens library add VIDEO... makes one)"),
        (["serve", TestMedia.sample, "--lang", "../x"], 64,
         "Error: --lang: '../x' is not a list of languages (BCP-47 locales or Tesseract codes, joined with +)"),
    ])
    func badCommandLinesFailWithOneLine(arguments: [String], status: Int32, message: String) throws {
        let result = try Command.framelens(arguments)
        #expect(result.status == status)
        #expect(result.errorText.split(separator: "\n").first.map(String.init) == message)
    }

    /// `serve` exits with the command line's codes for the same errors (4 not a video, 5 no video stream).
    @Test func badVideosExitWithTheCommandLinesCodes() throws {
        let notes = TestMedia.fixture("README.md")
        let notVideo = try Command.framelens(["serve", notes])
        #expect(notVideo.status == 4)
        #expect(notVideo.errorText.hasPrefix("framelens: \(notes) is not a video FrameLens can read: "))
        let empty = TestMedia.path("no-videos")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let none = try Command.framelens(["serve", empty])
        #expect(none.status == 5)
        #expect(none.errorText == "framelens: no video to serve in \(empty)\n")
        #expect(try Command.framelens(["probe", notes]).status == notVideo.status)
    }
}

/// Whether two decoded JSON values are the same, numbers within `tolerance`.
func sameJSON(_ a: Any, _ b: Any, within tolerance: Double) -> Bool {
    switch (a, b) {
    case let (a as [String: Any], b as [String: Any]):
        return a.keys.sorted() == b.keys.sorted() && a.keys.allSatisfy { sameJSON(a[$0]!, b[$0]!, within: tolerance) }
    case let (a as [Any], b as [Any]):
        return a.count == b.count && zip(a, b).allSatisfy { sameJSON($0, $1, within: tolerance) }
    case let (a as NSNumber, b as NSNumber) where !(a is Bool):
        return abs(a.doubleValue - b.doubleValue) <= tolerance
    default:
        return "\(a)" == "\(b)"
    }
}
