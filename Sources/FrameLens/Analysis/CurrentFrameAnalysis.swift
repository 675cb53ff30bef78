extension VideoPlayer {
    /// Analyses the frame on screen; the player must be paused.
    ///
    /// The analysis runs while the player stays usable. If the displayed frame changes before it
    /// finishes (play, seek), its result is stale and is not delivered.
    /// - Parameters:
    ///   - analyzer: the analyzer; the process's shared one by default.
    ///   - options: what to look for and where.
    /// - Throws: `AnalysisError` `.notPaused` while playing or seeking, `.stale` when the frame changed
    ///   during the analysis, or the analyzer's errors.
    public func analyzeCurrentFrame(
        with analyzer: FrameAnalyzer = .shared, options: AnalysisOptions = AnalysisOptions()
    ) async throws -> FrameAnalysis {
        guard let frame = currentlyDisplayedFrame else {
            throw AnalysisError(.notPaused, "the player is playing (rate \(rate)); pause it to analyse the frame")
        }
        let generation = displayGeneration
        let analysis = try await analyzer.analyze(frame, options: options)
        try checkStillDisplayed(generation)
        return analysis
    }

    /// Throws `.stale` unless the frame shown at `generation` is still shown, paused.
    private func checkStillDisplayed(_ generation: UInt64) throws(AnalysisError) {
        guard generation == displayGeneration, rate == 0 else {
            throw AnalysisError(.stale, "the displayed frame changed while it was being analysed; the result is stale")
        }
    }
}
