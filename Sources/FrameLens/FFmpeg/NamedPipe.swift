import Foundation

/// A named pipe (FIFO) opened for FFmpeg without blocking, so that its reads keep to a `ReadDeadline`.
///
/// FFmpeg's `file` protocol opens a FIFO with a blocking `open` and reads it with blocking `read`s, which
/// no interrupt callback can end: a FIFO with no writer, or one whose writer stops, hangs it. Opened here
/// with `O_NONBLOCK` and handed to FFmpeg as `pipe:FD`, a read with no data returns `EAGAIN`, and FFmpeg
/// waits for data polling the interrupt callback. Owns the descriptor; `deinit` closes it.
final class NamedPipe {
    /// What to give `avformat_open_input`: `pipe:FD`.
    let ffmpegURL: String
    private let descriptor: Int32

    /// Opens `path` and waits until data can be read from it, at most `deadline.timeout`.
    ///
    /// - Throws: `MediaError` `.unreadable` when it cannot be opened, or no data comes in time (no writer).
    init(path: String, deadline: ReadDeadline) throws(MediaError) {
        descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw MediaError(.unreadable, "cannot read \(path): \(String(cString: strerror(errno)))", operation: "open")
        }
        ffmpegURL = "pipe:\(descriptor)"
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(min(deadline.timeout * 1000, Double(Int32.max)))
        guard poll(&waiting, 1, milliseconds) > 0 else {
            close(descriptor)
            throw MediaError(.unreadable, "cannot read \(path): \(deadline.stallMessage)", operation: "poll")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Whether `path` names a FIFO.
    static func isPipe(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO
    }
}
