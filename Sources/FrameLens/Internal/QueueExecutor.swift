import Dispatch

/// A serial executor on a Dispatch queue of its own, for code that blocks (FFmpeg's demuxing and
/// decoding): an actor that runs on it, or a task that prefers it, keeps that work off Swift's cooperative
/// thread pool, as swift-nio keeps blocking work on `NIOThreadPool`.
final class QueueExecutor: SerialExecutor, TaskExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(isolatedTo: self.asUnownedSerialExecutor(), taskExecutor: self.asUnownedTaskExecutor()) }
    }
}
