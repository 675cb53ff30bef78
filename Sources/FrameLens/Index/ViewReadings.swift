/// The readings of the stretches one cue covers, line by line, to give the cue each line as it was read best:
/// over a view read while a pointer moved across it, each line shows uncovered most of the time and reads alike
/// and surely then, while each place the pointer covers gives a reading of its own, with words read unsurely.
struct ViewReadings {
    /// One line of the view and its readings, by text, with the frames each was read on.
    private struct Line {
        let place: RecognizedLine
        var readings: [(line: RecognizedLine, frames: Int)]

        var frames: Int { readings.reduce(0) { $0 + $1.frames } }

        /// The reading with the fewest words read unsurely (under `CueBuilder.clutterConfidence`: what the pointer
        /// covered, or a garbled reading of a caption over moving footage), then read over the most frames, then
        /// the surer.
        var surestReading: RecognizedLine {
            let unsure = { (line: RecognizedLine) in
                line.words.filter { $0.confidence < CueBuilder.clutterConfidence }.count
            }
            let surest = readings.max { a, b in
                if unsure(a.line) != unsure(b.line) { return unsure(a.line) > unsure(b.line) }
                return a.frames != b.frames ? a.frames < b.frames : a.line.confidence < b.line.confidence
            }
            return surest?.line ?? place
        }

        mutating func add(_ line: RecognizedLine, frames: Int) {
            if let index = readings.firstIndex(where: { $0.line.text == line.text }) {
                readings[index].frames += frames
            } else {
                readings.append((line, frames))
            }
        }
    }

    /// The first reading, the one later stretches are compared with.
    let first: FrameAnalysis
    /// The view's lines, in groups: the first reading's blocks, then a group per line it lacked.
    private var groups: [[Line]]
    private var frames: Int
    /// Whether a stretch showed the view partly covered (`CoveredView`): until then the first reading stands.
    private var wasCovered = false

    init(_ segment: CueBuilder.Segment, _ analysis: FrameAnalysis) {
        let frames = segment.endFrame - segment.startFrame
        first = analysis
        self.frames = frames
        groups = (analysis.text?.blocks ?? []).map { block in
            block.lines.map { Line(place: $0, readings: [($0, frames)]) }
        }
    }

    /// Adds the reading of a stretch that shows the view (`covered`: with something moving over it).
    mutating func add(_ segment: CueBuilder.Segment, _ analysis: FrameAnalysis, covered: Bool) {
        let count = segment.endFrame - segment.startFrame
        frames += count
        wasCovered = wasCovered || covered
        let known = groups.indices.flatMap { g in groups[g].indices.map { (g, $0) } }
        let lines = analysis.lines
        let pairs = CoveredView.pairedByPlace(known.map { groups[$0.0][$0.1].place }, lines)
        for (old, new) in pairs { groups[known[old].0][known[old].1].add(lines[new], frames: count) }
        for (index, line) in lines.enumerated() where !pairs.contains(where: { $0.new == index }) {
            let top = line.bounds.normalized.y
            let before = groups.firstIndex { group in group.first.map { $0.place.bounds.normalized.y > top } ?? false }
            groups.insert([Line(place: line, readings: [(line, count)])], at: before ?? groups.count)
        }
    }

    /// The view as read line by line, when a stretch showed it covered: each line read over at least half the
    /// view's frames (a pointer read as a letter is not), in its surest reading; nil when the first reading stands.
    func assembled(options: AnalysisOptions) -> FrameAnalysis? {
        guard wasCovered else { return nil }
        let blocks = groups.compactMap { group -> RecognizedBlock? in
            let lines = group.filter { 2 * $0.frames >= frames }.map(\.surestReading)
            return lines.isEmpty ? nil : RecognizedBlock(lines: lines)
        }
        let text = RecognizedText(blocks: blocks)
        return FrameAnalysis(
            time: first.time, pts: first.pts, timeBase: first.timeBase, frameNumber: first.frameNumber,
            width: first.width, height: first.height, languages: first.languages, locales: first.locales, text: text,
            codes: first.codes,
            detections: options.detections(in: text, codes: first.codes), screen: first.screen)
    }
}

extension FrameAnalysis {
    /// The lines read, block after block.
    var lines: [RecognizedLine] { (text?.blocks ?? []).flatMap(\.lines) }
}
