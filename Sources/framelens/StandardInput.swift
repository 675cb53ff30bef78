import Foundation
import FrameLens

/// Standard input as the video (`-`, `pipe:`, `pipe:0` or `/dev/stdin`): read to its end into a temporary
/// file first, so that every command can seek in it, know its duration and open it twice (as `index` does),
/// and a pipe is read whole or not at all.
///
/// The file is unlinked as soon as it is made and reached through `/proc/self/fd/N` (each open of which is
/// a file of its own, with its own position), so nothing is left behind however the process ends.
/// Messages and outputs name it as the user did (`pipe:0`), never by that path.
enum StandardInput {
    /// The names that mean standard input.
    static let names: Set = ["-", "pipe:", "pipe:0", "/dev/stdin"]

    /// The saved copy's path and the name the user gave standard input, once it is read.
    private static let saved = Locked<(path: String, name: String)?>(nil)

    /// The path to open for `video`: `video` itself, or for standard input, a saved copy of all of it.
    ///
    /// - Throws: `MediaError` `.unreadable` when standard input is a terminal or cannot be read;
    ///   `OutputError` `.writeFailed` when its copy cannot be saved.
    static func openable(_ video: String) throws -> String {
        guard names.contains(video) else { return video }
        if let path = saved.withLock({ $0?.path }) { return path }
        guard isatty(STDIN_FILENO) == 0 else {
            throw MediaError(.unreadable, "\(video) is standard input, which is a terminal: pipe a video into it (cat talk.ts | framelens ...)")
        }
        var template = Array((NSTemporaryDirectory() + "framelens-stdin-XXXXXX").utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { throw MediaError(.unreadable, "cannot save \(video): \(String(cString: strerror(errno)))") }
        unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        try copy(from: STDIN_FILENO, to: file, naming: video)
        let path = "/proc/self/fd/\(file)"
        saved.withLock { $0 = (path, video) }
        return path
    }

    /// `text` with the saved copy's path replaced by the name the user gave standard input.
    static func shown(_ text: String) -> String {
        guard let saved = saved.withLock({ $0 }) else { return text }
        return text.replacingOccurrences(of: saved.path, with: saved.name)
    }

    /// Copies everything `input` holds to `output`, to its end.
    private static func copy(from input: Int32, to output: Int32, naming video: String) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count == 0 { return }
            if count < 0 {
                if errno == EINTR { continue }
                throw MediaError(.unreadable, "cannot read \(video): \(String(cString: strerror(errno)))")
            }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else {
                    throw OutputError(.writeFailed, "cannot save \(video) to \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
                }
                written += result
            }
        }
    }
}
