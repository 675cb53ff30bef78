import Dispatch

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

    /// Runs `work` on the cursor after the work asked for before it; not at all if the task is cancelled
    /// first (`CancellationError`).
    func run<Value: Sendable>(_ work: @escaping @Sendable (FrameCursor) throws -> Value) async throws -> Value {
        try await BlockingWork.run(on: queue) { try work(self.cursor) }
    }
}
