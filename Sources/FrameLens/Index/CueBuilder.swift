/// Turns the analysed stretches of video into cues: neighbours showing the same text become one cue,
/// and stretches with nothing readable end the cue before them.
///
/// "The same text" allows for OCR noise (a normalised edit distance up to `noiseTolerance`), but a
/// text that gained or lost a line, or several characters (a bullet revealed), starts a new cue.
enum CueBuilder {
    static let noiseTolerance = 0.15
    static let growthCharacters = 8

    /// A stretch of video with one picture, and what was read on it.
    struct Segment {
        var start: Double
        var startFrame: Int
        var end: Double
        var endFrame: Int
        var analysis: FrameAnalysis?
    }

    static func cues(from segments: [Segment]) -> [Cue] {
        var cues: [Cue] = []
        for segment in segments {
            guard let analysis = segment.analysis else { continue }
            let text = analysis.text?.transcript ?? ""
            guard !text.isEmpty || !analysis.codes.isEmpty else { continue }
            if let last = cues.last, last.endFrame == segment.startFrame, isSameContent(last, text, analysis.codes) {
                cues[cues.count - 1].end = segment.end
                cues[cues.count - 1].endFrame = segment.endFrame
                continue
            }
            cues.append(Cue(
                start: segment.start, end: segment.end, startFrame: segment.startFrame, endFrame: segment.endFrame,
                text: text, bounds: bounds(of: analysis), codes: analysis.codes, detections: analysis.detections))
        }
        return cues
    }

    /// Whether a new reading shows what a cue already holds, give or take OCR noise.
    static func isSameContent(_ cue: Cue, _ text: String, _ codes: [DetectedCode]) -> Bool {
        guard Set(cue.codes.map(\.payload)) == Set(codes.map(\.payload)) else { return false }
        let lineCount = { (text: String) in text.split(separator: "\n").count }
        guard lineCount(cue.text) == lineCount(text),
              abs(cue.text.count - text.count) < growthCharacters
        else { return false }
        return TextSimilarity.normalizedDistance(cue.text, text) <= noiseTolerance
    }

    private static func bounds(of analysis: FrameAnalysis) -> Box? {
        let boxes = (analysis.text?.blocks ?? []).map(\.bounds.normalized)
        guard let first = boxes.first else { return nil }
        return boxes.dropFirst().reduce(first) { $0.union($1) }
    }
}
