extension VideoPlayer {
    /// Analyses the frames shown at several times, with one decoder and the models loaded once: the player
    /// seeks to the next time while the frames before it are read, as many at once as the analyzer has
    /// engines. The player is left showing the last of them.
    ///
    /// - Parameters:
    ///   - times: the times, in the order their analyses are wanted (ascending is quickest).
    ///   - analyzer: the analyzer; the process's shared one by default.
    ///   - options: what to look for and where.
    /// - Returns: one analysis per time, in the same order.
    /// - Throws: `MediaError` for a time outside the video or a decoding error, the analyzer's errors, or
    ///   `CancellationError`. The reads are the call's child tasks: on an error or a cancellation, reads not
    ///   yet begun are not run, and the call returns once those begun have finished.
    public func analyzeFrames(
        at times: [Timestamp], with analyzer: FrameAnalyzer = .shared, options: AnalysisOptions = AnalysisOptions()
    ) async throws -> [FrameAnalysis] {
        try await withThrowingTaskGroup(of: (Int, FrameAnalysis).self) { reads in
            var analyses = [FrameAnalysis?](repeating: nil, count: times.count)
            var running = 0
            for (index, time) in times.enumerated() {
                try Task.checkCancellation()
                try seek(to: time)
                let frame = displayed
                if running >= analyzer.enginesPerLanguage, let (done, analysis) = try await reads.next() {
                    analyses[done] = analysis
                    running -= 1
                }
                reads.addTask { (index, try await analyzer.analyze(frame, options: options)) }
                running += 1
            }
            while let (done, analysis) = try await reads.next() { analyses[done] = analysis }
            return analyses.map { $0! }
        }
    }
}
