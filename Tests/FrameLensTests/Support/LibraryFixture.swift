import Foundation
import Testing

/// A library file and a folder of slide videos for the `library` and `search` tests, each test its own.
struct LibraryFixture {
    /// The library file (not made yet).
    let library = TestMedia.path("library.sqlite")
    /// The folder of videos.
    let folder = TestMedia.path("videos")

    /// A 3-second 640x360 video showing one line of text, made once per test process.
    static func slide(_ text: String, seconds: Int = 3) throws -> String {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        return try TestMedia.make("slide-\(text.replacingOccurrences(of: " ", with: "-"))-\(seconds).mp4", [
            "-f", "lavfi", "-i", "color=gray:s=640x360:r=25:d=\(seconds)",
            "-vf", "drawtext=fontfile=\(font):text='\(text)':fontsize=40:x=40:y=150:fontcolor=white:box=1:boxcolor=black",
            "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
    }

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// A library of two videos, added: `a.mp4` (3 s) and `week2/b.mkv` (4 s), both mentioning "slide".
    static func twoVideos() throws -> LibraryFixture {
        try FixtureClock.timed("library", "twoVideos") { try makeTwoVideos() }
    }

    /// The library of `twoVideos()`, made once per test process for the tests that only read it (`search`): a
    /// test that adds, removes or changes anything makes its own.
    static func sharedTwoVideos() throws -> LibraryFixture { try shared.get() }

    private static let shared = Result { try twoVideos() }

    private static func makeTwoVideos() throws -> LibraryFixture {
        let fixture = try LibraryFixture()
        try fixture.put("Alpha dfflibmap slide", at: "a.mp4")
        try fixture.put("Bravo netlist slide", at: "week2/b.mkv", seconds: 4)
        let added = try fixture.add([fixture.folder])
        #expect(added.status == 0, "\(added.errorText)")
        return fixture
    }

    /// A library of the cues of `Fixtures/library-notes.json`, imported: one a second, from 0 s, reading
    /// `Zero-width ranges are empty`, `RTLIL::IdString and std::string in c++`, `don't mix Biostrings, and IRanges`,
    /// `Contact hpages.on.github@gmail.com`, a Japanese and a Korean caption, and `the width of zero`.
    static func notes() throws -> LibraryFixture {
        let fixture = try LibraryFixture()
        let imported = try fixture.run(["library", "import", TestMedia.fixture("library-notes.json")])
        #expect(imported.status == 0, "\(imported.errorText)")
        return fixture
    }

    /// Copies a slide video into the folder under `name` (subfolders made as needed); returns its path.
    @discardableResult
    func put(_ text: String, at name: String, seconds: Int = 3) throws -> String {
        let path = folder + "/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: try Self.slide(text, seconds: seconds), toPath: path)
        return path
    }

    /// Runs `framelens` with `--library` this fixture's library appended.
    func run(_ arguments: [String]) throws -> Command.Result {
        try Command.framelens(arguments + ["--library", library])
    }

    /// `library add` of the given paths, reading text only.
    func add(_ paths: [String], _ extra: [String] = []) throws -> Command.Result {
        try run(["library", "add"] + paths + ["--types", "text"] + extra)
    }
}
