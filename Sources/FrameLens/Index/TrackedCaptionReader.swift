/// Turns a caption `TextTracks` followed into a cue: its lines' readings, and its first and last frames
/// pinned down among the frames between the samples, on the caption's own part of the picture.
///
/// Between a sample without the caption and one with it, each frame's pixels of that part are placed on the
/// way from the one to the other (on the pixels that differ between them: a fade's share of the way); the
/// caption starts at the first frame where it shows at all (`showing`), and ends at the first where it has
/// gone (`gone` of the way to the sample without it). A caption that takes another's place starts where that
/// one has gone: they are told apart on the same pixels (`TextTracks.Track.startRegion`), and meet at a frame.
///
/// A caption seen at a single sample is read again on the frames halfway to the samples around it: it is text
/// when one of them shows its lines too. A caption on screen for at least a sampling interval shows on one.
struct TrackedCaptionReader {
    /// A pixel takes part when it differs by at least this many levels between the two samples.
    static let changedLevels = 40
    /// With fewer such pixels than this share of the caption's part, nothing tells the frames apart: the
    /// sample stands.
    static let fewestChanged = 0.01
    /// The share of the way from the sample without a caption to one with it where it shows, and the share of
    /// the way from one with it to one without where it has gone.
    static let showing = 0.15
    static let gone = 0.85

    let analyzer: FrameAnalyzer
    let options: AnalysisOptions
    let exact: ExactFrames
    /// The frames found lately: a caption replaced at its place ends at the frame its successor starts at,
    /// found between the same two samples on the same pixels, so it is decoded for once.
    private let found = FoundEdges()

    /// The caption's cue, or nil when what it reads is not text. `start`, the start of the range, is where a
    /// caption on screen at the first sample starts; `end`, the end of the range, where one that lasted to it ends.
    func cue(for caption: TextTracks.Caption, rangeStart start: Boundary?, rangeEnd end: Boundary?) async throws -> Cue? {
        let lines = caption.lines.map(\.reading).filter(CaptionReader.isText)
        guard !lines.isEmpty, !CueBuilder.isClutter(lines) else { return nil }
        if caption.seenOnce, try await !isShownAgain(caption) { return nil }
        let (edge, after) = try await edges(of: caption)
        let first = start ?? edge
        let last = after ?? end ?? Boundary(caption.last)
        let block = RecognizedBlock(lines: lines)
        return Cue(
            start: first.time, end: last.time, startFrame: first.frameNumber, endFrame: last.frameNumber,
            text: block.text, bounds: block.bounds.normalized, codes: [],
            detections: options.detections(in: RecognizedText(blocks: [block]), codes: []),
            readTime: Timestamp(keeping: caption.first.time), confidence: Cue.meanConfidence(of: lines.flatMap(\.words)))
    }

    /// Whether a frame halfway between the caption's sample and the sample before or after it shows each of its
    /// lines at its place (`TextTracks.continues`).
    private func isShownAgain(_ caption: TextTracks.Caption) async throws -> Bool {
        let neighbours = [caption.before, caption.after].compactMap { $0 }
        for neighbour in neighbours where abs(neighbour.frameNumber - caption.first.frameNumber) > 1 {
            let halfway = (neighbour.pts + caption.first.pts) / 2
            let frame = try await exact.run { cursor in try cursor.frame(atTimestamp: halfway) }
            let lines = try await analyzer.readLines(of: frame, options: options)
            let shown = caption.lines.allSatisfy { track in
                lines.contains { TextTracks.continues(track.reading, with: $0) }
            }
            if shown { return true }
        }
        return false
    }

    /// The caption's first frame, and the first frame after it (nil when it lasted to the end of the scan). Where
    /// the frames between two samples cannot be decoded, the samples stand.
    private func edges(of caption: TextTracks.Caption) async throws -> (first: Boundary, after: Boundary?) {
        try await exact.run { [found] cursor in
            let first = caption.before.map { before in
                found.frame(
                    from: before, to: caption.first, in: caption.startRegion,
                    share: caption.replaces ? Self.gone : Self.showing, cursor)
            }
            let after = caption.after.map { after in
                found.frame(from: caption.last, to: after, in: caption.endRegion, share: Self.gone, cursor)
            }
            return (first ?? Boundary(caption.first), after)
        }
    }

    /// `TrackedCaptionReader.frame`'s latest answers. Used only on `ExactFrames`' queue, one call at a time.
    private final class FoundEdges: @unchecked Sendable {
        private struct Question: Equatable {
            let from: Int64, to: Int64, region: NormalizedRect, share: Double
        }
        private static let remembered = 8
        private var answers: [(question: Question, frame: Boundary)] = []

        /// The first frame at least `share` of the way between the samples (`TrackedCaptionReader.frame`), `to`
        /// when the frames between cannot be decoded.
        func frame(
            from: TextTracks.Sample, to: TextTracks.Sample, in region: NormalizedRect, share: Double, _ cursor: FrameCursor
        ) -> Boundary {
            let question = Question(from: from.pts, to: to.pts, region: region, share: share)
            if let known = answers.first(where: { $0.question == question }) { return known.frame }
            let frame = (try? TrackedCaptionReader.frame(from: from, to: to, in: region, share: share, cursor)) ?? Boundary(to)
            answers = [(question, frame)] + answers.prefix(Self.remembered - 1)
            return frame
        }
    }

    /// The first frame after `from`, up to `to`, at least `share` of the way from `from`'s pixels of `region` to
    /// `to`'s; `to` when none is or nothing tells them apart.
    static func frame(
        from: TextTracks.Sample, to: TextTracks.Sample, in region: NormalizedRect, share: Double, _ cursor: FrameCursor
    ) throws -> Boundary {
        guard to.frameNumber - from.frameNumber > 1 else { return Boundary(to) }
        let before = try pixels(of: try cursor.frame(atTimestamp: from.pts), in: region)
        var frames: [(boundary: Boundary, pixels: [UInt8])] = []
        while let frame = try cursor.step(), frame.pts <= to.pts {
            frames.append((Boundary(time: frame.time, frameNumber: frame.frameNumber), try pixels(of: frame, in: region)))
            if frame.pts == to.pts { break }
        }
        guard let after = frames.last?.pixels, after.count == before.count else { return Boundary(to) }
        let way = before.indices.map { Int(after[$0]) - Int(before[$0]) }
        let changed = way.indices.filter { abs(way[$0]) >= changedLevels }
        guard Double(changed.count) >= fewestChanged * Double(before.count) else { return Boundary(to) }
        let length = changed.reduce(0) { $0 + way[$1] * way[$1] }
        for (boundary, pixels) in frames.dropLast() where pixels.count == before.count {
            let along = changed.reduce(0) { $0 + (Int(pixels[$1]) - Int(before[$1])) * way[$1] }
            if Double(along) >= share * Double(length) { return boundary }
        }
        return Boundary(to)
    }

    /// The luma of `region` of the frame as displayed.
    private static func pixels(of frame: VideoFrame, in region: NormalizedRect) throws -> [UInt8] {
        let image = try LumaImage(frame)
        let rect = image.pixelRect(region)
        return image.withPlane { $0.pixels(in: rect) }
    }
}

extension Boundary {
    /// Where a sample is.
    init(_ sample: TextTracks.Sample) {
        self.init(time: sample.time, frameNumber: sample.frameNumber)
    }
}
