import Dispatch
import Synchronization

/// A second view of the video for the indexer, working beside the scan on a serial queue of its own:
/// it pins down the changes the scan cannot (decoding every frame between the last unchanged and the
/// first changed one) and decodes exactly the pictures to read that the scan has no intra frame for,
/// in the order they are asked for, while the scan goes on.
///
/// `@unchecked Sendable` because the cursor, which is not, is only ever used on `queue`.
final class ExactFrames: @unchecked Sendable {
    private let queue = DispatchQueue(label: "FrameLens.ExactFrames")
    private let cursor: FrameCursor

    init(url: String, streamIndex: Int) throws(MediaError) {
        // One decoding thread: the scan and the OCR have the cores.
        cursor = FrameCursor(decoder: try VideoDecoder(file: try MediaFile(url: url), streamIndex: streamIndex, threads: 1))
    }

    /// Queues work on the cursor now; the task yields its result.
    func submit<Value: Sendable>(_ work: @escaping @Sendable (FrameCursor) throws -> Value) -> Task<Value, any Error> {
        let promise = Promise<Value>()
        queue.async { promise.fulfill(Result { try work(self.cursor) }) }
        return Task { try await promise.value }
    }
}

/// A value that arrives later, awaited by any number of tasks.
private final class Promise<Value: Sendable>: Sendable {
    private struct State {
        var result: Result<Value, any Error>?
        var waiting: [CheckedContinuation<Value, any Error>] = []
    }

    private let state = Mutex(State())

    func fulfill(_ result: Result<Value, any Error>) {
        let waiting = state.withLock { state in
            state.result = result
            defer { state.waiting = [] }
            return state.waiting
        }
        waiting.forEach { $0.resume(with: result) }
    }

    var value: Value {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<Value, any Error>? in
                    if let result = state.result { return result }
                    state.waiting.append(continuation)
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        }
    }
}
