import Foundation
import Synchronization
internal import CFFmpeg

/// A deadline for each of FFmpeg's blocking reads of one input, checked by the demuxer's interrupt callback
/// (`AVFormatContext.interrupt_callback`), so that a stalled input (a network peer that stops sending, a
/// pipe whose writer stops writing) ends the read with an error instead of hanging.
///
/// Arm it before a call that reads (open, probe, a packet, a seek); FFmpeg polls the callback while it waits,
/// and the call fails once the deadline has passed. `Sendable` because the callback may run on FFmpeg's
/// threads: the deadline is an atomic.
final class ReadDeadline: Sendable {
    /// How long one read may wait for data: `FRAMELENS_READ_TIMEOUT` seconds when set, else 30 s.
    static let defaultTimeout: Double = {
        ProcessInfo.processInfo.environment["FRAMELENS_READ_TIMEOUT"].flatMap(Double.init)
            .flatMap { $0 > 0 && $0 <= 86_400 ? $0 : nil } ?? 30
    }()

    /// The longest wait, in seconds.
    let timeout: Double
    /// When the current read gives up, in `av_gettime_relative` microseconds; `Int64.max` when disarmed.
    private let deadline = Atomic<Int64>(.max)
    private let expired = Atomic<Bool>(false)

    init(timeout: Double = ReadDeadline.defaultTimeout) {
        self.timeout = timeout
    }

    /// Runs one reading call with the deadline armed.
    func reading<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        deadline.store(av_gettime_relative() + Int64(timeout * 1_000_000), ordering: .relaxed)
        defer { deadline.store(.max, ordering: .relaxed) }
        return try body()
    }

    /// Whether a reading call was stopped by the deadline. It stays set: FFmpeg's I/O context keeps the
    /// interruption as its error, and every later read fails with it.
    var hasExpired: Bool { expired.load(ordering: .relaxed) }

    /// What to say when it was: "no data for 30 s (the input stalled)".
    var stallMessage: String {
        let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
        return "no data for \(seconds) s (the input stalled)"
    }

    /// Whether the deadline has passed; records it when it has.
    fileprivate func check() -> Bool {
        guard av_gettime_relative() > deadline.load(ordering: .relaxed) else { return false }
        expired.store(true, ordering: .relaxed)
        return true
    }

    /// The callback to install in a format context; the deadline must outlive the context.
    var interruptCallback: AVIOInterruptCB {
        AVIOInterruptCB(
            callback: { opaque in
                guard let opaque else { return 0 }
                return Unmanaged<ReadDeadline>.fromOpaque(opaque).takeUnretainedValue().check() ? 1 : 0
            },
            opaque: Unmanaged.passUnretained(self).toOpaque())
    }
}
