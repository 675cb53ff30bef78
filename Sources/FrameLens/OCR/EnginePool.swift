/// Tesseract engines for one language set, loaded lazily and reused: at most `size` of them.
///
/// Checking out never blocks a thread: a caller either gets an idle engine, or leave to load a new one
/// while the pool is below its size, or waits (suspended) until an engine comes back.
final class EnginePool: Sendable {
    private struct State {
        var idle: [TesseractEngine] = []
        var loaded = 0
        var waiting: [CheckedContinuation<TesseractEngine?, Never>] = []
    }

    let languages: String
    let size: Int
    private let state = Locked(State())

    init(languages: String, size: Int) {
        self.languages = languages
        self.size = max(1, size)
    }

    /// An idle engine, or nil when the caller should load one (and check it in, or report the failure).
    func checkOut() async -> TesseractEngine? {
        let engine: TesseractEngine? = await withCheckedContinuation { continuation in
            state.withLock { state in
                if let engine = state.idle.popLast() {
                    continuation.resume(returning: engine)
                } else if state.loaded < size {
                    state.loaded += 1
                    continuation.resume(returning: nil)
                } else {
                    state.waiting.append(continuation)
                }
            }
        }
        // An engine handed over by `checkIn` was last used on another thread: taking the lock it was handed
        // over under orders that use before this one where ThreadSanitizer sees it (it does not see the
        // continuation's resumption).
        state.withLock { _ in }
        return engine
    }

    /// Returns an engine: to the first waiting caller, else to the idle list.
    func checkIn(_ engine: TesseractEngine) {
        state.withLock { state in
            if state.waiting.isEmpty {
                state.idle.append(engine)
            } else {
                state.waiting.removeFirst().resume(returning: engine)
            }
        }
    }

    /// A load that `checkOut` allowed failed: the next waiting caller may try.
    func loadFailed() {
        state.withLock { state in
            if state.waiting.isEmpty {
                state.loaded -= 1
            } else {
                state.waiting.removeFirst().resume(returning: nil)
            }
        }
    }
}
