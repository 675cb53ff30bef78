import Foundation

/// Writes files whole or not at all: into a temporary file beside the target, then renamed over it.
package enum AtomicFile {
    /// Writes `bytes` to `path` atomically; `-` writes to standard output.
    ///
    /// - Throws: `MediaError` `.writeFailed` naming the path and the system's reason.
    package static func write(_ bytes: [UInt8], to path: String) throws(MediaError) {
        if path == "-" {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        let temporary = try temporaryFile(for: path)
        defer { unlink(temporary) }
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            throw MediaError(.writeFailed, "cannot write \(path): write failed")
        }
        try commit(temporary, to: path)
    }

    /// Writes a file that `produce` makes at a temporary path beside `path`, then renames it over `path`;
    /// if `produce` throws, nothing is left behind. For `-` the file is made in the temporary directory and
    /// then copied to standard output.
    ///
    /// - Parameter produce: writes the whole file at the path it is given (an empty file when called).
    /// - Throws: `MediaError` `.writeFailed` naming the path and the system's reason, or what `produce` throws.
    package static func write(to path: String, _ produce: (String) async throws -> Void) async throws {
        let temporary = try temporaryFile(for: path)
        defer { unlink(temporary) }
        try await produce(temporary)
        try commit(temporary, to: path)
    }

    /// Creates a folder for output files, and the folders above it, unless it exists.
    ///
    /// - Throws: `MediaError` `.writeFailed` naming the folder.
    package static func createFolder(_ path: String) throws(MediaError) {
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw MediaError(.writeFailed, "cannot create the folder \(path)")
        }
    }

    /// Creates the empty temporary file for `path`: beside it, or in the temporary directory for `-`.
    private static func temporaryFile(for path: String) throws(MediaError) -> String {
        let url = path == "-"
            ? FileManager.default.temporaryDirectory.appendingPathComponent("framelens-output")
            : URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/.\(url.lastPathComponent).\(getpid()).partial"
        guard FileManager.default.createFile(atPath: temporary, contents: nil) else {
            throw MediaError(.writeFailed, "cannot write \(path): \(reason(directory))")
        }
        return temporary
    }

    /// Renames the finished temporary file over `path`, or copies it to standard output for `-`.
    private static func commit(_ temporary: String, to path: String) throws(MediaError) {
        guard path == "-" else {
            guard rename(temporary, path) == 0 else {
                throw MediaError(.writeFailed, "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            return
        }
        guard let handle = FileHandle(forReadingAtPath: temporary) else {
            throw MediaError(.writeFailed, "cannot read back \(temporary)")
        }
        defer { try? handle.close() }
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            FileHandle.standardOutput.write(chunk)
        }
    }

    private static func reason(_ directory: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) || !isDirectory.boolValue {
            return "no such directory \(directory)"
        }
        return FileManager.default.isWritableFile(atPath: directory) ? "write failed" : "permission denied"
    }
}
