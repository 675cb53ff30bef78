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
    /// - Throws: `MediaError` for a time outside the video or a decoding error, or the analyzer's errors.
    public func analyzeFrames(
        at times: [Timestamp], with analyzer: FrameAnalyzer = .shared, options: AnalysisOptions = AnalysisOptions()
    ) async throws -> [FrameAnalysis] {
        var reads: [Task<FrameAnalysis, any Error>] = []
        var analyses: [FrameAnalysis] = []
        for time in times {
            try seek(to: time)
            let frame = displayed
            if reads.count >= analyzer.enginesPerLanguage { analyses.append(try await reads.removeFirst().value) }
            reads.append(Task { try await analyzer.analyze(frame, options: options) })
        }
        for read in reads { analyses.append(try await read.value) }
        return analyses
    }
}
