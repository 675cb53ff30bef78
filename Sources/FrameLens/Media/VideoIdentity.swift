import Foundation

/// Which file a video is: its absolute path, size, modification time, and a hash of its content, so that a
/// library can tell a video it has (the same size, time and hash), a changed one, and a moved one (the same
/// hash elsewhere).
///
/// The hash is SHA-256 of the file's first MiB, then its last MiB (the two overlap in a file under 2 MiB),
/// then its size in decimal digits: what
/// `(head -c 1048576 F; tail -c 1048576 F; stat -c %s F | tr -d '\n') | sha256sum` prints. It reads 2 MiB
/// whatever the video's length, and a re-encoded, cut or appended file changes its first or last MiB.
public struct VideoIdentity: Sendable, Codable, Equatable {
    /// The file's absolute path, without `.` or `..` parts.
    public var path: String
    /// Its size in bytes.
    public var size: Int64
    /// Its modification time, in nanoseconds since 1970.
    public var modified: Int64
    /// SHA-256 of its first and last MiB and its size, in hexadecimal.
    public var hash: String

    /// The bytes read from each end of the file.
    static let endLength = 1 << 20

    /// An identity as recorded elsewhere (an index written by another machine).
    public init(path: String, size: Int64, modified: Int64, hash: String) {
        self.path = path
        self.size = size
        self.modified = modified
        self.hash = hash
    }

    /// Reads the identity of a regular file.
    ///
    /// - Parameter path: the file, relative to the working directory or absolute.
    /// - Throws: `MediaError`: `.fileNotFound`, `.notAFile` (a folder, a pipe, a device), `.unreadable`.
    public init(ofFileAt path: String) throws(MediaError) {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let descriptor = open(absolute, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code: MediaError.Code = errno == ENOENT ? .fileNotFound : .unreadable
            throw MediaError(code, code == .fileNotFound ? "no such file: \(path)" : "cannot read \(path): \(String(cString: strerror(errno)))", operation: "open")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw MediaError(.unreadable, "cannot read \(path): \(String(cString: strerror(errno)))", operation: "fstat")
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw MediaError(.notAFile, "\(path) is not a file") }
        let size = Int64(status.st_size)
        let hash = SHA256()
        try Self.hashRange(descriptor, from: 0, length: min(size, Int64(Self.endLength)), into: hash, path: path)
        let tail = min(size, Int64(Self.endLength))
        try Self.hashRange(descriptor, from: size - tail, length: tail, into: hash, path: path)
        Array("\(size)".utf8).withUnsafeBytes { hash.update($0) }
        self.init(
            path: absolute, size: size,
            modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
            hash: hash.hexDigest())
    }

    /// Whether another identity is the same file unchanged: the same size, modification time and hash.
    public func isUnchanged(from other: VideoIdentity) -> Bool {
        size == other.size && modified == other.modified && hash == other.hash
    }

    private static func hashRange(
        _ descriptor: Int32, from offset: Int64, length: Int64, into hash: SHA256, path: String
    ) throws(MediaError) {
        var buffer = [UInt8](repeating: 0, count: Int(length))
        var done = 0
        while done < buffer.count {
            let count = buffer.withUnsafeMutableBytes { bytes in
                pread(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            }
            guard count > 0 else {
                let reason = count == 0 ? "it became shorter while read" : String(cString: strerror(errno))
                throw MediaError(.unreadable, "cannot read \(path): \(reason)", operation: "pread")
            }
            done += count
        }
        buffer.withUnsafeBytes { hash.update($0) }
    }
}
