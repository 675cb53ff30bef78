import Dispatch
import Synchronization

/// Tesseract engines for one language set, loaded lazily and reused: at most one per core.
///
/// `withEngine` checks an engine out under a `Mutex`, creating one when none is idle and the pool is
/// below its size, and otherwise waits for one to come back.
final class EnginePool: Sendable {
    let languages: String
    private let idle = Mutex<[TesseractEngine]>([])
    private let slots: DispatchSemaphore

    init(languages: String, size: Int) {
        self.languages = languages
        slots = DispatchSemaphore(value: max(1, size))
    }

    /// Runs `body` with an engine of its own; blocks while every engine is busy.
    ///
    /// - Throws: `AnalysisError` when an engine cannot be loaded, or what `body` throws.
    func withEngine<Result>(_ body: (TesseractEngine) throws -> Result) throws -> Result {
        slots.wait()
        defer { slots.signal() }
        let engine = try idle.withLock { $0.popLast() } ?? TesseractEngine(languages: languages)
        defer { idle.withLock { $0.append(engine) } }
        return try body(engine)
    }

    /// Loads one engine now if none is loaded yet, so that the first analysis does not pay for it.
    func warmUp() throws {
        try withEngine { _ in }
    }
}
