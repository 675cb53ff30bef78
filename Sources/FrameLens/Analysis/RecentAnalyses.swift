/// The analyzer's latest analyses, by what they read: a frame that shows the same pixels as one of them, read
/// with the same options, is answered from it at once (a pause on a still slide where a pause was before).
struct RecentAnalyses: Sendable {
    /// What an analysis depends on: the digest of the luma plane (the only plane read), the picture's geometry
    /// and the options.
    struct Key: Hashable, Sendable {
        let digest: String
        let geometry: [Int]
        let options: AnalysisOptions

        /// The key of a frame's analysis; nil for a frame without an 8-bit luma plane (read after conversion).
        init?(_ frame: VideoFrame, options: AnalysisOptions) {
            guard frame.hasEightBitLumaPlane else { return nil }
            let hash = SHA256()
            frame.withLumaPlane { plane in
                plane.withUnsafeBytes { bytes, bytesPerRow in
                    for row in 0..<plane.height {
                        hash.update(UnsafeRawBufferPointer(rebasing: bytes[(row * bytesPerRow)..<(row * bytesPerRow + plane.width)]))
                    }
                }
            }
            digest = hash.hexDigest()
            geometry = [frame.width, frame.height, frame.rotation, frame.displaySize.width, frame.displaySize.height]
            self.options = options
        }
    }

    /// How many analyses are kept.
    static let capacity = 8

    private var entries: [(key: Key, analysis: FrameAnalysis)] = []

    /// The analysis kept for `key`, timed as `frame`, the most recent from now on; nil when none is kept.
    mutating func analysis(for key: Key, of frame: VideoFrame) -> FrameAnalysis? {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        let entry = entries.remove(at: index)
        entries.append(entry)
        let kept = entry.analysis
        return FrameAnalysis(
            time: Timestamp(keeping: frame.time), pts: frame.pts, timeBase: frame.timeBase, frameNumber: frame.frameNumber,
            width: kept.width, height: kept.height, languages: kept.languages, locales: kept.locales, text: kept.text,
            codes: kept.codes, detections: kept.detections, screen: kept.screen)
    }

    /// Keeps an analysis, forgetting the least recently used beyond `capacity`.
    mutating func remember(_ analysis: FrameAnalysis, for key: Key) {
        entries.removeAll { $0.key == key }
        entries.append((key, analysis))
        if entries.count > Self.capacity { entries.removeFirst() }
    }
}
