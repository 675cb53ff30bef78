import Foundation

/// A file written whole or not at all: into a temporary file beside the target, synced to disk, then renamed
/// over it, and its folder synced, so that a crash leaves the old file or the new one, never an empty one.
///
/// Making one creates the temporary file at once, so that a destination that cannot be written (a missing
/// or read-only folder, a full disk) is found before the work that fills it. The temporary file has a
/// name no other writer can guess or share (`mkstemp`), and the finished file keeps the mode of the file it
/// replaces (a new one gets the usual `0666` less the umask). A destination that is not a regular file
/// (`/dev/full`, a terminal) is written in place, never replaced; `-` is standard output. Dropping an
/// `AtomicFile` that was not committed removes its temporary file.
package final class AtomicFile {
    /// The path the file is written to, as given; `-` for standard output.
    package let path: String
    /// Where the content is written until `commit()`: beside `path`, or in the temporary directory when
    /// `path` is not a regular file.
    package let temporaryPath: String
    /// The mode the finished file gets (permission bits), when it replaces or creates a regular file.
    private let mode: mode_t?
    private var committed = false

    /// Creates the temporary file for `path`.
    ///
    /// - Throws: `OutputError` `.writeFailed`: `cannot write PATH: REASON`, the reason being what the system
    ///   said (`read-only file system`, `no space left on device`, `permission denied`), or `no such
    ///   directory DIR` when the folder is missing.
    package init(_ path: String) throws(OutputError) {
        self.path = path
        let existing = Self.status(of: path)
        let replacesInPlace = path == "-" || existing.map { $0.st_mode & S_IFMT != S_IFREG } ?? false
        let directory = replacesInPlace ? NSTemporaryDirectory() : (path as NSString).deletingLastPathComponent
        let folder = directory.isEmpty ? "." : directory
        let name = replacesInPlace ? "framelens-output" : (path as NSString).lastPathComponent
        var template = Array("\(folder)/.\(name).XXXXXX.partial".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 8) }
        guard descriptor >= 0 else {
            throw Self.failure(path, errno == ENOENT || errno == ENOTDIR ? "no such directory \(folder)" : nil)
        }
        close(descriptor)
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        mode = replacesInPlace ? nil : existing.map { $0.st_mode & 0o7777 } ?? 0o666 & ~Self.umask
        if !replacesInPlace, Self.isFull(folder) {
            unlink(temporaryPath)
            throw Self.failure(path, Self.reason(ENOSPC))
        }
    }

    deinit {
        if !committed { unlink(temporaryPath) }
    }

    /// Appends `bytes` to the temporary file.
    ///
    /// - Throws: `OutputError` `.writeFailed` with the system's reason (`no space left on device`).
    package func write(_ bytes: [UInt8]) throws(OutputError) {
        let descriptor = open(temporaryPath, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure(path) }
        defer { close(descriptor) }
        try Self.writeAll(bytes[...], to: descriptor, naming: path)
    }

    /// Makes the temporary file the file at `path`: synced, given its mode and renamed over `path`, then
    /// the folder synced; or, for `-` or a path that is not a regular file, copied into it.
    ///
    /// - Throws: `OutputError` `.writeFailed` with the system's reason.
    package func commit() throws(OutputError) {
        let source = open(temporaryPath, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw Self.failure(path) }
        defer { close(source) }
        guard let mode else {
            try copy(source)
            return
        }
        guard fchmod(source, mode) == 0, fsync(source) == 0, rename(temporaryPath, path) == 0 else {
            throw Self.failure(path)
        }
        committed = true
        let folder = (path as NSString).deletingLastPathComponent
        let directory = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw Self.failure(path) }
        defer { close(directory) }
        guard fsync(directory) == 0 else { throw Self.failure(path) }
    }

    /// Copies the finished temporary file into standard output or the non-regular file at `path`.
    private func copy(_ source: Int32) throws(OutputError) {
        let target = path == "-" ? STDOUT_FILENO : open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard target >= 0 else { throw Self.failure(path) }
        defer { if target != STDOUT_FILENO { close(target) } }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(source, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw Self.failure(path) }
            if count == 0 { return }
            try Self.writeAll(buffer[..<count], to: target, naming: path)
        }
    }

    // MARK: - Whole files

    /// Writes `bytes` to `path` atomically; `-` writes to standard output.
    ///
    /// - Throws: `OutputError` `.writeFailed` naming the path and the system's reason.
    package static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
        if path == "-" {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        let file = try AtomicFile(path)
        try file.write(bytes)
        try file.commit()
    }

    /// Creates a folder for output files, and the folders above it, unless it exists.
    ///
    /// - Throws: `OutputError` `.writeFailed` naming the folder that cannot be made and the system's reason.
    package static func createFolder(_ path: String) throws(OutputError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw OutputError.cannotCreateFolder(path, reason(EEXIST))
            }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try createFolder(parent) }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
            throw OutputError.cannotCreateFolder(path, reason(errno))
        }
    }

    // MARK: - The system's answers

    /// `bytes`, all of them, to `descriptor`, going on after a signal interrupts a write.
    private static func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32, naming path: String) throws(OutputError) {
        var written = bytes.startIndex
        while written < bytes.endIndex {
            let result = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + (written - bytes.startIndex), bytes.endIndex - written) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { throw failure(path) }
            written += result
        }
    }

    /// `cannot write PATH: REASON`, the reason being `errno`'s unless one is given.
    private static func failure(_ path: String, _ given: String? = nil) -> OutputError {
        OutputError.cannotWrite(path, given ?? reason(errno))
    }

    /// The system's text for an error number, as a clause: `read-only file system`.
    static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// The status of the file at `path`, following links; nil when there is none (or for `-`).
    private static func status(of path: String) -> stat? {
        var status = stat()
        return path != "-" && stat(path, &status) == 0 ? status : nil
    }

    /// Whether the filesystem holding `folder` has no block left for this process to write.
    private static func isFull(_ folder: String) -> Bool {
        var info = statvfs()
        guard statvfs(folder, &info) == 0, info.f_blocks > 0 else { return false }
        return (geteuid() == 0 ? info.f_bfree : info.f_bavail) == 0
    }

    /// The process's umask, read without changing it (`umask(2)` can only be read by setting it, which would
    /// race with other threads creating files); the usual 022 when the kernel does not say.
    private static var umask: mode_t {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
        return line.flatMap { mode_t($0.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) } ?? 0o022
    }
}
