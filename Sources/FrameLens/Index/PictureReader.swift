/// Reads pictures for the scan on the analyzer's engine pool, leaving out text in moving parts of the
/// picture.
struct PictureReader {
    /// A picture to read.
    enum Picture {
        /// An intra frame of the scan, exact as it is.
        case scanned(VideoFrame)
        /// The frame at this timestamp, decoded exactly by `ExactFrames` (the scan's own frame may be
        /// damaged by a skipped B-frame).
        case exact(Int64)
    }

    let analyzer: FrameAnalyzer
    let options: AnalysisOptions
    let exact: ExactFrames

    func read(_ picture: Picture, ignoring motion: [NormalizedRect]) -> Task<FrameAnalysis, any Error> {
        let frame: Task<VideoFrame, any Error> =
            switch picture {
            case .scanned(let frame): Task { frame }
            case .exact(let pts): exact.submit { try $0.frame(atTimestamp: pts) }
            }
        var options = options
        options.ignoredRegions += motion
        return Task { [analyzer, options] in try await analyzer.analyze(try await frame.value, options: options) }
    }
}
