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
        let cancelled = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                queue.async {
                    if cancelled.isSet {
                        ifSkipped()
                        continuation.resume(throwing: CancellationError())
                    } else {
                        continuation.resume(with: Result { try work() })
                    }
                }
            }
        } onCancel: {
            cancelled.set()
        }
    }
}

/// Set once, by the task's cancellation handler; read by the queue.
private final class CancellationFlag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }

    func set() { value.store(true, ordering: .releasing) }
}
