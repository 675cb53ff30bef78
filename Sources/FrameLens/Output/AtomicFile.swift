import Foundation

/// Writes files whole or not at all: into a temporary file beside the target, then renamed over it.
public enum AtomicFile {
    /// Writes `bytes` to `path` atomically; `-` writes to standard output.
    ///
    /// - Throws: `MediaError` `.writeFailed` naming the path and the system's reason.
    public static func write(_ bytes: [UInt8], to path: String) throws(MediaError) {
        if path == "-" {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/.\(url.lastPathComponent).\(getpid()).partial"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            throw MediaError(.writeFailed, "cannot write \(path): \(reason(directory))")
        }
        guard rename(temporary, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw MediaError(.writeFailed, "cannot write \(path): \(message)")
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
