import Foundation
import Testing

/// `framelens search` over a library of real videos, and the errors of a bad query or a bad library file.
struct SearchCommandTests {
    @Test func hitsGiveTheVideoTheTimesTheMarkedWordsAndACommand() throws {
        let fixture = try LibraryFixture.sharedTwoVideos()
        let result = try fixture.run(["search", "dfflibmap"])
        #expect(result.status == 0)
        #expect(result.text == """
            \(fixture.folder)/a.mp4 00:00:00.000-00:00:03.000
              Alpha **dfflibmap** slide
              framelens grab \(fixture.folder)/a.mp4 --at 00:00:00.000

            """)
        let lines = result.text.split(separator: "\n")
        let command = try #require(lines.count > 2 ? lines[2] : nil, "no hit").trimmingCharacters(in: .whitespaces)
        let grab = try Command.run("sh", ["-c", "'\(Command.framelens)'" + command.dropFirst("framelens".count) + " --types text"])
        #expect(grab.text == "Alpha dfflibmap slide\n", "the ready command reads the frame again")
    }

    @Test func jsonHitsAndTheirSchema() throws {
        let fixture = try LibraryFixture.sharedTwoVideos()
        let result = try fixture.run(["search", "netlist OR dfflibmap", "--syntax", "fts5", "--json", "--limit", "1"])
        #expect(result.status == 0)
        let hits = try #require(try JSONSerialization.jsonObject(with: Data(result.output)) as? [[String: Any]])
        #expect(hits.count == 1)
        #expect(Set(hits[0].keys) == ["video", "start", "end", "time", "text", "snippet", "rank", "command"])
        #expect(hits[0]["end"] as? Double != nil && hits[0]["rank"] as? Double != nil)
    }

    @Test func queriesTakeFTS5SyntaxAndTheVideoPattern() throws {
        let fixture = try LibraryFixture.sharedTwoVideos()
        let videos = { (arguments: [String]) in
            let hits = try JSONSerialization.jsonObject(
                with: Data(try fixture.run(["search"] + arguments + ["--syntax", "fts5", "--json"]).output))
            return (hits as? [[String: Any]] ?? []).compactMap { ($0["video"] as? String)?.split(separator: "/").last }
        }
        #expect(try videos(["slide"]).count == 2)
        #expect(try videos(["slide", "--video", "*.mkv"]) == ["b.mkv"])
        #expect(try videos(["slide", "--video", "*/week2/*"]) == ["b.mkv"])
        #expect(try videos(["\"netlist slide\""]) == ["b.mkv"])
        #expect(try videos(["\"slide netlist\""]).isEmpty)
        #expect(try videos(["sli*"]).count == 2)
        #expect(try videos(["slide NOT netlist"]) == ["a.mp4"])
        #expect(try videos(["NEAR(alpha slide, 1)"]) == ["a.mp4"])
        #expect(try videos(["nothing"]).isEmpty)
    }

    /// The message names where FTS5 stopped, even where the token it names occurs earlier too.
    @Test(arguments: [
        ("\"netlist slide", "at character 1: unterminated string"),
        ("slide \"netlist\" \"slide", "at character 17: unterminated string"),
        ("slide AND", "at its end: syntax error near \"\""),
        ("(slide", "at its end: syntax error near \"\""),
        ("slide OR OR netlist", "at character 10: syntax error near \"OR\""),
        ("(slide) netlist)", "at character 9: syntax error near \"netlist\""),
        ("a , b", "at character 3: syntax error near \",\""),
        ("nosuch:slide", "at character 1: no such column: nosuch"),
        ("slide {text nosuch}: netlist", "at character 13: no such column: nosuch"),
    ])
    func aQueryThatIsNotFTS5SyntaxIsOneLineAndExit2(query: String, reason: String) throws {
        let fixture = try LibraryFixture.sharedTwoVideos()
        let result = try fixture.run(["search", query, "--syntax", "fts5"])
        #expect(result.status == 2)
        #expect(result.errorText == """
            framelens: search query '\(query)' is not FTS5 syntax \(reason) (words, "a phrase", prefix*, NEAR(a b), a OR b, a NOT b)

            """)
        #expect(result.output.isEmpty)
    }

    /// Queries as typed, the table among them: each finds its one cue, none is an error. The library is
    /// made by importing `Fixtures/library-notes.json`, whose cues are one a second.
    @Test(arguments: [
        ("Zero-width ranges", 0), ("Zero-width", 0), ("RTLIL::IdString", 1), ("std::string", 1), ("c++", 1),
        ("don't", 2), ("Biostrings, and", 2), ("hpages.on.github@gmail.com", 3), ("キーボード", 4), ("ソフトウェア", 4),
        ("エンジニア", 4), ("私", 4), ("탐구", 5), ("탐구하는", 5), ("\"width of\" zero", 6),
    ])
    func typedTextFindsItsCue(query: String, second: Int) throws {
        let fixture = try LibraryFixture.notes()
        let result = try fixture.run(["search", query, "--json"])
        #expect(result.status == 0, "\(result.errorText)")
        let hits = try JSONSerialization.jsonObject(with: Data(result.output)) as? [[String: Any]]
        #expect(hits?.map { $0["start"] as? Double } == [Double(second)])
    }

    @Test func aSubstringHitMarksItInItsSnippet() throws {
        let result = try LibraryFixture.notes().run(["search", "탐구"])
        #expect(result.text == """
            /tmp/fl-schema1/notes.mp4 00:00:05.000-00:00:06.000
              다양한 유형을 **탐구**하는 것으로
              framelens grab /tmp/fl-schema1/notes.mp4 --at 00:00:05.000

            """)
    }

    /// What FTS5 refuses is text like any other without `--syntax fts5`: no error; its words must all occur (`AND`
    /// is a word), and nothing is found when there is nothing to look for.
    @Test(arguments: [("\"netlist slide", ["b.mkv"]), ("slide AND", []), ("(slide", ["a.mp4", "b.mkv"]),
                      ("nosuch:slide", []), ("++ --", [])])
    func noTypedQueryIsAnError(query: String, videos: [String]) throws {
        let fixture = try LibraryFixture.sharedTwoVideos()
        let result = try fixture.run(["search", query, "--json"])
        #expect(result.status == 0 && result.errorText.isEmpty, "\(result.errorText)")
        let hits = try JSONSerialization.jsonObject(with: Data(result.output)) as? [[String: Any]]
        #expect(hits?.compactMap { ($0["video"] as? String)?.split(separator: "/").last.map(String.init) }.sorted() == videos)
    }

    /// A library made by the release before the trigram index (schema 1) is upgraded in place when opened, in one
    /// transaction, its cues kept; a CJK part of a word is then found through the new index.
    @Test func aLibraryOfSchema1IsUpgradedInPlace() throws {
        let library = TestMedia.path("schema1.sqlite")
        try FileManager.default.copyItem(atPath: TestMedia.fixture("library-schema1.sqlite"), toPath: library)
        let sql = { (statement: String) in try Command.run("sqlite3", [library, statement]).text }
        #expect(try sql("PRAGMA user_version") == "1\n")
        let result = try Command.framelens(["search", "ソフトウェア", "--library", library, "--json"])
        #expect(result.status == 0, "\(result.errorText)")
        #expect((try JSONSerialization.jsonObject(with: Data(result.output)) as? [[String: Any]])?.count == 1)
        #expect(try sql("PRAGMA user_version") == "2\n")
        #expect(try sql("SELECT count(*) FROM cues; SELECT count(*) FROM cue_grams WHERE cue_grams MATCH '\"ボード\"'") == "7\n1\n")
        #expect(try Command.framelens(["library", "list", "--library", library]).status == 0)
    }

    @Test func aMissingLibraryIsExit3() throws {
        let missing = TestMedia.path("none.sqlite")
        let result = try Command.framelens(["search", "slide", "--library", missing])
        #expect(result.status == 3)
        #expect(result.errorText == "framelens: no library at \(missing) (framelens library add VIDEO... makes one)\n")
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    /// A file that is not a library is refused by every command, and left byte for byte as it was.
    @Test(arguments: [["search", "slide"], ["library", "list"], ["library", "add"]])
    func aCorruptLibraryFileIsRefusedAndNotWritten(command: [String]) throws {
        let fixture = try LibraryFixture()
        let video = try fixture.put("Alpha dfflibmap slide", at: "a.mp4")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        try garbage.write(to: URL(fileURLWithPath: fixture.library))
        let result = try fixture.run(command + (command.last == "add" ? [video] : []))
        #expect(result.status == 13)
        #expect(result.errorText == "framelens: \(fixture.library) is not a FrameLens library, or is damaged: file is not a database\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.library)) == garbage)
        let folder = (fixture.library as NSString).deletingLastPathComponent
        let name = (fixture.library as NSString).lastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(name) } == [name])
    }

    @Test func anotherProgramsDatabaseIsRefused() throws {
        let fixture = try LibraryFixture()
        #expect(try Command.run("sqlite3", [fixture.library, "CREATE TABLE notes (text TEXT)"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.library))
        let result = try fixture.add([try fixture.put("Alpha dfflibmap slide", at: "a.mp4")])
        #expect(result.status == 13)
        #expect(result.errorText == "framelens: \(fixture.library) is an SQLite database of another program, not a FrameLens library\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.library)) == before)
    }
}
