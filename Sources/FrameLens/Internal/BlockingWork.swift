import Dispatch
import Synchronization

/// The one way async code runs blocking work (OCR, code scanning, decoding between frames): on a Dispatch
/// queue, off Swift's cooperative pool. Work whose task is cancelled before the queue gets to it is not
/// run: `ifSkipped` runs in its place, and the call throws `CancellationError` (as swift-nio's
/// `NIOThreadPool.runIfActive`). Work already running finishes.
enum BlockingWork {
    static func run<Value: Sendable>(
        on queue: DispatchQueue, _ work: @escaping @Sendable () throws -> Value,
        ifSkipped: @escaping @Sendable () -> Void = {}
    ) async throws -> Value {
        let cancelled = Flag()
        let finished = Flag()
        defer { finished.synchronize() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                queue.async {
                    if cancelled.isSet {
                        ifSkipped()
                        continuation.resume(throwing: CancellationError())
                    } else {
                        let result = Result { try work() }
                        finished.set()
                        continuation.resume(with: result)
                    }
                }
            }
        } onCancel: {
            cancelled.set()
        }
    }
}

/// A value that is not `Sendable`, made or used on `BlockingWork`'s queue and handed between it and the one
/// task awaiting it: never shared, only passed along, one holder at a time.
struct Handover<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// Set once, read by another thread: whether the task was cancelled (set by its cancellation handler,
/// read by the queue), or that the work is over (set by the queue, read by the task).
///
/// The second orders the hand-over of the work's result (a decoded frame, say) in a way ThreadSanitizer
/// sees: the continuation's own ordering on Linux is invisible to it.
private final class Flag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }

    func set() { value.store(true, ordering: .releasing) }

    /// Reads the flag for its ordering alone: what was written before `set` is visible after this.
    func synchronize() { _ = isSet }
}
