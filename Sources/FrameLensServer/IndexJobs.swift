import FrameLens

/// Indexes videos in the background when the page first asks, and keeps each index in memory.
actor IndexJobs {
    /// Where one video's index stands.
    enum State: Sendable {
        /// Being made: the fraction done (0-1) and the cues found so far.
        case running(fraction: Double, cues: Int)
        /// Made: the index JSON, the bytes `framelens index --format json` writes.
        case done([UInt8])
        /// Failed, with the one-line reason.
        case failed(String)
    }

    private let options: VideoIndexer.Options
    private var states: [String: State] = [:]
    private var jobs: [String: Task<Void, Never>] = [:]

    init(options: VideoIndexer.Options) {
        self.options = options
    }

    /// The index's state; asking starts the indexing if it has not started yet.
    func state(of video: ServedVideo) -> State {
        if let state = states[video.id] { return state }
        start(video)
        return states[video.id] ?? .running(fraction: 0, cues: 0)
    }

    private func start(_ video: ServedVideo) {
        states[video.id] = .running(fraction: 0, cues: 0)
        let options = options
        // Progress reports go through one stream, read by one task, so that they arrive in the order sent;
        // only the newest waiting report is kept.
        let (reports, reporter) = AsyncStream.makeStream(of: VideoIndexer.Progress.self, bufferingPolicy: .bufferingNewest(1))
        Task { [weak self] in
            for await report in reports { await self?.update(video.id, report) }
        }
        jobs[video.id] = Task.detached(priority: .utility) { [weak self] in
            let result: State
            defer { reporter.finish() }
            do {
                let indexer = try await VideoIndexer.open(url: video.path, options: options)
                let index = try await indexer.run(
                    progress: { reporter.yield($0) }, isCancelled: { Task.isCancelled })
                result = .done(try IndexFormat.json.encode(index))
            } catch let error as any ReportedError {
                result = .failed(error.message)
            } catch {
                result = .failed("indexing failed: \(error)")
            }
            await self?.finish(video.id, result)
        }
    }

    private func update(_ id: String, _ progress: VideoIndexer.Progress) {
        guard case .running = states[id] else { return }
        let fraction = progress.total > .zero ? min(1, progress.indexed.seconds / progress.total.seconds) : 0
        states[id] = .running(fraction: fraction, cues: progress.segments)
    }

    private func finish(_ id: String, _ state: State) {
        states[id] = state
        jobs[id] = nil
    }

    deinit {
        jobs.values.forEach { $0.cancel() }
    }
}
