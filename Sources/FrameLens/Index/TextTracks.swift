/// Follows the lines of text a learned detector finds on the sampled frames over time: a line seen again at
/// the same place with the same text (or with words added to it, as a caption built up word by word) is the
/// same track; a track ends at the first sample that does not show it. Where and when text is comes from the
/// detector's boxes alone: no line is tracked that no box held.
///
/// A track seen in at least `fewestSamples` samples is text that stayed on screen; the tracks that end
/// at the same sample, began at the same sample and lie one under the other are one caption of several lines.
struct TextTracks {
    /// A track is text on screen once it is seen in this many samples (a single sample may catch texture
    /// that looks like letters, or a sign a camera passes).
    static let fewestSamples = 2
    /// Two readings are the same text when their edit distance is at most this share of the longer one.
    static let sameText = 0.4
    /// Two boxes are at the same place when their heights overlap by at least this share of the lower
    /// one's and their widths overlap at all.
    static let sameRow = 0.5
    /// Lines of one caption lie at most this many line heights apart.
    static let lineGap = 1.0

    /// A sampled frame.
    struct Sample: Sendable, Equatable {
        let pts: Int64
        let time: Double
        let frameNumber: Int
    }

    /// One line's reading at one sample.
    struct Sighting: Sendable {
        let line: RecognizedLine
        let sample: Sample
    }

    /// A line that was on screen: the samples around its first and last, and what each sample read.
    struct Track: Sendable {
        /// The last sample without it (nil when it was there at the first sample looked at) and the first with it.
        let before: Sample?
        let first: Sample
        var last: Sample
        /// The first sample without it; nil when it lasted to the end of the scan.
        var after: Sample?
        var sightings: [Sighting]
        /// Where its first and its last frame are looked for: its own box, with those of the lines it replaced at
        /// its start and of those that replaced it at its end, so that a caption and the one replacing it at its
        /// place are told apart on the same pixels and meet at the same frame.
        var startRegion: NormalizedRect
        var endRegion: NormalizedRect
        /// Whether it took the place of lines that ended at its first sample.
        var replaces = false

        /// Its reading: the text read most often, the surest of those readings (a caption built up word by
        /// word shows its whole text the longest).
        var reading: RecognizedLine {
            var groups: [String: [RecognizedLine]] = [:]
            for sighting in sightings {
                groups[TextSimilarity.normalizeWhitespace(sighting.line.text), default: []].append(sighting.line)
            }
            let best = groups.values.max { left, right in
                (left.count, left.map(\.confidence).max()!) < (right.count, right.map(\.confidence).max()!)
            }!
            return best.max { $0.confidence < $1.confidence }!
        }

        /// Where it was last seen.
        var bounds: NormalizedRect { sightings[sightings.count - 1].line.bounds.normalized }
    }

    /// A caption: tracks shown and gone together, top to bottom.
    struct Caption: Sendable {
        let lines: [Track]
        var before: Sample? { lines[0].before }
        var first: Sample { lines[0].first }
        var last: Sample { lines[0].last }
        var after: Sample? { lines[0].after }
        /// Whether it took the place of a caption that ended at its first sample.
        var replaces: Bool { lines.contains(where: \.replaces) }
        /// Where its first and its last frame are looked for (`Track.startRegion`, `Track.endRegion`).
        var startRegion: NormalizedRect { lines.dropFirst().reduce(lines[0].startRegion) { $0.union($1.startRegion) } }
        var endRegion: NormalizedRect { lines.dropFirst().reduce(lines[0].endRegion) { $0.union($1.endRegion) } }
    }

    private var open: [Track] = []
    private var previous: Sample?

    /// Whether a line is being followed.
    var isTracking: Bool { !open.isEmpty }

    /// Takes note of the lines read at a sample; returns the captions that ended there.
    mutating func observe(_ lines: [RecognizedLine], at sample: Sample) -> [Caption] {
        var unmatched = Array(lines.indices)
        var continued: [Track] = []
        var ended: [Track] = []
        for var track in open {
            let last = track.sightings[track.sightings.count - 1].line
            let match = unmatched.enumerated()
                .filter { Self.continues(last, with: lines[$0.element]) }
                .min { Self.distance(last, lines[$0.element]) < Self.distance(last, lines[$1.element]) }
            if let match {
                unmatched.remove(at: match.offset)
                track.sightings.append(Sighting(line: lines[match.element], sample: sample))
                track.last = sample
                continued.append(track)
            } else {
                track.after = sample
                ended.append(track)
            }
        }
        for index in unmatched {
            let box = lines[index].bounds.normalized
            let replaced = ended.map(\.bounds).filter { Self.sameRows(box, $0) }
            continued.append(Track(
                before: previous, first: sample, last: sample, after: nil,
                sightings: [Sighting(line: lines[index], sample: sample)],
                startRegion: replaced.reduce(box) { $0.union($1) }, endRegion: box, replaces: !replaced.isEmpty))
        }
        let started = unmatched.map { lines[$0].bounds.normalized }
        for index in ended.indices {
            let box = ended[index].bounds
            ended[index].endRegion = started.filter { Self.sameRows(box, $0) }.reduce(box) { $0.union($1) }
        }
        for index in continued.indices { continued[index].endRegion = continued[index].bounds }
        open = continued
        previous = sample
        return Self.captions(ended)
    }

    /// The samples stop here (nothing is looked at until they start again): every track ends at `sample`.
    mutating func pause(at sample: Sample) -> [Caption] {
        let ended = open.map { track in
            var track = track
            track.after = sample
            return track
        }
        open = []
        previous = nil
        return Self.captions(ended)
    }

    /// The end of the scan: the tracks still open end with it.
    mutating func finish() -> [Caption] {
        let ended = open
        open = []
        return Self.captions(ended)
    }

    /// Whether `line` read at a sample is `last` seen again: at the same place, with the same text or with
    /// words added at its end.
    static func continues(_ last: RecognizedLine, with line: RecognizedLine) -> Bool {
        guard sameRows(last.bounds.normalized, line.bounds.normalized) else { return false }
        let before = TextSimilarity.normalizeWhitespace(last.text), now = TextSimilarity.normalizeWhitespace(line.text)
        return TextSimilarity.normalizedDistance(before, now) <= sameText || (!before.isEmpty && now.hasPrefix(before))
    }

    /// Whether two boxes are at the same place: their heights overlap by `sameRow` of the lower one's and their
    /// widths overlap.
    static func sameRows(_ a: NormalizedRect, _ b: NormalizedRect) -> Bool {
        let rows = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        let columns = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        return columns > 0 && rows >= sameRow * min(a.height, b.height)
    }

    private static func distance(_ a: RecognizedLine, _ b: RecognizedLine) -> Double {
        TextSimilarity.normalizedDistance(a.text, b.text)
    }

    /// The tracks that lasted, grouped into captions: tracks that began and ended at the same samples and lie
    /// within `lineGap` line heights of each other, top to bottom.
    static func captions(_ ended: [Track]) -> [Caption] {
        let lasting = ended.filter { $0.sightings.count >= fewestSamples }.sorted { $0.bounds.y < $1.bounds.y }
        var captions: [[Track]] = []
        for track in lasting {
            if let index = captions.lastIndex(where: { caption in
                let above = caption[caption.count - 1]
                let gap = track.bounds.y - (above.bounds.y + above.bounds.height)
                return above.first == track.first && above.after == track.after
                    && gap <= lineGap * max(above.bounds.height, track.bounds.height)
            }) {
                captions[index].append(track)
            } else {
                captions.append([track])
            }
        }
        return captions.map { Caption(lines: $0) }.sorted { $0.first.time < $1.first.time }
    }
}
