import Foundation
import Testing

/// `framelens search` over a library of real videos, and the errors of a bad query or a bad library file.
struct SearchCommandTests {
    @Test func hitsGiveTheVideoTheTimesTheMarkedWordsAndACommand() throws {
        let fixture = try LibraryFixture.twoVideos()
        let result = try fixture.run(["search", "dfflibmap"])
        #expect(result.status == 0)
        #expect(result.text == """
            \(fixture.folder)/a.mp4 00:00:00.000-00:00:03.000
              Alpha **dfflibmap** slide
              framelens grab \(fixture.folder)/a.mp4 --at 00:00:00.000

            """)
        let command = result.text.split(separator: "\n")[2].trimmingCharacters(in: .whitespaces)
        let grab = try Command.run("sh", ["-c", "'\(Command.framelens)'" + command.dropFirst("framelens".count) + " --types text"])
        #expect(grab.text == "Alpha dfflibmap slide\n", "the ready command reads the frame again")
    }

    @Test func jsonHitsAndTheirSchema() throws {
        let fixture = try LibraryFixture.twoVideos()
        let result = try fixture.run(["search", "netlist OR dfflibmap", "--json", "--limit", "1"])
        #expect(result.status == 0)
        let hits = try #require(try JSONSerialization.jsonObject(with: Data(result.output)) as? [[String: Any]])
        #expect(hits.count == 1)
        #expect(Set(hits[0].keys) == ["video", "start", "end", "time", "text", "snippet", "rank", "command"])
        #expect(hits[0]["end"] as? Double != nil && hits[0]["rank"] as? Double != nil)
    }

    @Test func queriesTakeFTS5SyntaxAndTheVideoPattern() throws {
        let fixture = try LibraryFixture.twoVideos()
        let videos = { (arguments: [String]) in
            let hits = try JSONSerialization.jsonObject(with: Data(try fixture.run(["search"] + arguments + ["--json"]).output))
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

    @Test(arguments: [
        ("\"netlist slide", "unterminated string"),
        ("slide AND", "syntax error near \"\""),
        ("(slide", "syntax error near \"\""),
        ("nosuch:slide", "no such column: nosuch"),
    ])
    func aQueryThatIsNotFTS5SyntaxIsOneLineAndExit2(query: String, reason: String) throws {
        let fixture = try LibraryFixture.twoVideos()
        let result = try fixture.run(["search", query])
        #expect(result.status == 2)
        #expect(result.errorText == """
            framelens: search query '\(query)' is not FTS5 syntax: \(reason) (words, "a phrase", prefix*, NEAR(a b), a OR b, a NOT b)

            """)
        #expect(result.output.isEmpty)
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
