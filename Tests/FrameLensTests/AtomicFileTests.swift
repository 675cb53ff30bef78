import Foundation
import Testing

@testable import FrameLens

/// `AtomicFile` writes whole files or nothing, keeps what it replaces' mode, never shares or leaves a
/// temporary file, and says what the system said when it cannot write.
struct AtomicFileTests {
    /// A fresh, empty folder of this test process.
    private static func folder() throws -> String {
        let path = TestMedia.path("atomic")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    private static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func aReplacedFileKeepsItsMode() throws {
        let path = try Self.folder() + "/index.srt"
        FileManager.default.createFile(atPath: path, contents: Data("old".utf8))
        chmod(path, 0o640)
        try AtomicFile.write(Array("new".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(try Self.mode(path) == 0o640)
    }

    @Test func aNewFileGetsTheUsualModeLessTheUmask() throws {
        let path = try Self.folder() + "/index.srt"
        try AtomicFile.write(Array("new".utf8), to: path)
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let umask = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
            .flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) })
        #expect(try Self.mode(path) == 0o666 & ~umask)
    }

    /// One process writing one path twice at once: each writer has its own temporary file, unguessable,
    /// and both leave nothing but the file.
    @Test func twoWritersOfOnePathShareNoTemporaryFile() throws {
        let folder = try Self.folder()
        let path = folder + "/index.srt"
        let first = try AtomicFile(path), second = try AtomicFile(path)
        #expect(first.temporaryPath != second.temporaryPath)
        for file in [first, second] {
            let name = (file.temporaryPath as NSString).lastPathComponent
            #expect(name.hasPrefix(".index.srt.") && name.hasSuffix(".partial") && name.count == ".index.srt.XXXXXX.partial".count)
            #expect(!name.contains(String(getpid())))
        }
        try first.write(Array("first".utf8))
        try second.write(Array("second".utf8))
        try first.commit()
        try second.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["index.srt"])
    }

    @Test func aFileNotCommittedLeavesNothing() throws {
        let folder = try Self.folder()
        do {
            let file = try AtomicFile(folder + "/index.srt")
            try file.write(Array("half".utf8))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aMissingFolderIsNamed() {
        let error = #expect(throws: OutputError.self) { try AtomicFile("/no/such/dir/f.srt") }
        #expect(error?.code == .writeFailed)
        #expect(error?.message == "cannot write /no/such/dir/f.srt: no such directory /no/such/dir")
    }

    @Test func aFolderThatIsAFileIsNamed() throws {
        let file = try Self.folder() + "/plain"
        FileManager.default.createFile(atPath: file, contents: Data())
        let error = #expect(throws: OutputError.self) { try AtomicFile(file + "/f.srt") }
        #expect(error?.message == "cannot write \(file)/f.srt: no such directory \(file)")
    }

    /// A character device (here a copy of `/dev/full`, made with `mknod` so that nothing can replace the
    /// real one) is written in place, never renamed over, and its error is the system's.
    @Test func aFullDeviceIsWrittenInPlaceAndSaysSo() throws {
        let device = try Self.folder() + "/full"
        var full = stat()
        try #require(stat("/dev/full", &full) == 0)
        try #require(mknod(device, S_IFCHR | 0o666, full.st_rdev) == 0, "mknod needs root: \(String(cString: strerror(errno)))")
        let error = #expect(throws: OutputError.self) { try AtomicFile.write(Array("cues".utf8), to: device) }
        #expect(error?.code == .writeFailed)
        #expect(error?.message == "cannot write \(device): no space left on device")
        var status = stat()
        #expect(stat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "still the device")
        #expect(try FileManager.default.contentsOfDirectory(atPath: (device as NSString).deletingLastPathComponent) == ["full"])
    }

    @Test func aFolderThatCannotBeCreatedSaysWhy() throws {
        let file = try Self.folder() + "/plain"
        FileManager.default.createFile(atPath: file, contents: Data())
        let error = #expect(throws: OutputError.self) { try AtomicFile.createFolder(file + "/slides") }
        #expect(error?.message == "cannot create the folder \(file): file exists")
    }
}
