import Dispatch
import Testing
@testable import FrameLens

/// Cancelling a task reaches the blocking work it asked for: work not yet begun is not run.
struct CancellationTests {
    @Test func workCancelledBeforeTheQueueGetsToItIsNotRun() async throws {
        let queue = DispatchQueue(label: "CancellationTests")
        let gate = DispatchSemaphore(value: 0)
        queue.async { gate.wait() }  // the queue is busy until the task is cancelled
        let ran = Locked(false)
        let skipped = Locked(false)
        let work = Task {
            try await BlockingWork.run(on: queue) { ran.withLock { $0 = true } } ifSkipped: { skipped.withLock { $0 = true } }
        }
        work.cancel()
        gate.signal()
        await #expect(throws: CancellationError.self) { try await work.value }
        #expect(!ran.withLock { $0 })
        #expect(skipped.withLock { $0 })
    }

    @Test func workBegunBeforeTheCancellationFinishes() async throws {
        let queue = DispatchQueue(label: "CancellationTests")
        let started = DispatchSemaphore(value: 0)
        let cancelled = DispatchSemaphore(value: 0)
        let work = Task {
            try await BlockingWork.run(on: queue) {
                started.signal()
                cancelled.wait()
                return 42
            }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                started.wait()
                continuation.resume()
            }
        }
        work.cancel()
        cancelled.signal()
        #expect(try await work.value == 42)
    }

    /// An analysis whose task is cancelled before an engine is free is not run, and gives the engine it
    /// waited for back: with one engine, the next analysis gets it.
    @Test func aCancelledAnalysisGivesItsEngineBack() async throws {
        let analyzer = FrameAnalyzer(enginesPerLanguage: 1)
        let player = try VideoPlayer(url: TestMedia.sample)
        try await player.seek(to: 15)
        let frame = try #require(await player.currentlyDisplayedFrame)
        let options = AnalysisOptions(features: [.text])
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await analyzer.analyze(frame, options: options)
        }
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(analyzer.picturesRead.withLock { $0 }.isEmpty)
        let next = try await analyzer.analyze(frame, options: options)
        #expect(next.text?.transcript.hasPrefix("Course Logistics") == true)
        #expect(analyzer.picturesRead.withLock { $0 }.values.reduce(0, +) == 1)
    }
}
