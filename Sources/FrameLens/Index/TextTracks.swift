/// Follows the lines of text a learned detector finds on the sampled frames over time: a line seen again at
/// the same place with the same text (or with words added to it, as a caption built up word by word) is the
/// same track; a track ends at the first sample that does not show it, unless the detector only missed it there:
/// a line missed at one sample and seen again at the next, with no other line taking its place, goes on. Where
/// and when text is comes from the detector's boxes alone: no line is tracked that no box held.
///
/// Text laid over the picture holds still in the frame; text in the picture moves with it (a filmed screen as the
/// camera drifts, a sign a pan passes). A track whose box moved as a whole (`Track.movedWithThePicture`) is the
/// picture's text, left to the slide path, and is no caption.
///
/// Text on a page (a screen's or a slide's: a terminal's output, a document's paragraphs, a slide's bullets) stands
/// in a block of lines one under the other; a caption has one or two. A track seen as one of such a block at half
/// its samples or more (`Track.isOnAPage`) is left to the slide path too. A page's lines may come unread (no text:
/// `FrameAnalyzer.readLines(leavingPages:)`); such a line is followed by its place, while the place looks as it did
/// (`LineAppearance`: the next slide's title where the last one stood is another line).
///
/// A track seen in at least `fewestSamples` samples is text that stayed on screen; one seen at a single sample is
/// text only once another frame between the samples around it shows it too (`Caption.seenOnce`, confirmed by
/// `TrackedCaptionReader`). The tracks that were on screen together, end at the same sample and lie one under
/// the other are one caption of several lines, from the first sample of its earliest line.
struct TextTracks {
    /// A track is text on screen once it is seen in this many samples (a single sample may catch texture
    /// that looks like letters, or a sign a camera passes).
    static let fewestSamples = 2
    /// Two readings are the same text when their edit distance is at most this share of the longer one.
    static let sameText = 0.4
    /// Across a sample that missed the line, two readings are the same text when their edit distance is at
    /// most this share (`CueBuilder.noiseTolerance`): more is another caption after a blank ("Step one",
    /// "Step two").
    static let sameTextAfterMiss = CueBuilder.noiseTolerance
    /// Two boxes are at the same place when their heights overlap by at least this share of the lower
    /// one's and their widths overlap at all.
    static let sameRow = 0.5
    /// Lines of one caption lie at most this many line heights apart.
    static let lineGap = 1.0
    /// A box moved as a whole when both its top and bottom edges, or both its left and right edges, moved the
    /// same way by at least this many line heights (and `leastShift` pixels) from where the line was first seen:
    /// a caption built up word by word, or fading in, grows at one edge or at both away from each other.
    static let shift = 0.3
    static let leastShift = 2.0
    /// Lines read at one sample are a page's when at least this many stand one under the other, each within
    /// `lineGap` line heights of the one above and overlapping it in width.
    static let pageLines = 3
    /// The detector's boxes are a page's, to be left unread (`FrameAnalyzer.readLines(leavingPages:)`), when at
    /// least this many stand so: one more than `pageLines`, since the detector at times takes a caption box's edge
    /// or the texture beside a caption for a line, which reads as nothing.
    static let unreadPageLines = pageLines + 1

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
        /// Whether the line was one of a page's at that sample (`pageLines`).
        var onAPage = false
        /// What its box looked like at that sample.
        var appearance: LineAppearance?
    }

    /// A line that was on screen: the samples around its first and last, and what each sample read.
    struct Track: Sendable {
        /// The last sample without it (nil when it was there at the first sample looked at) and the first with it.
        let before: Sample?
        let first: Sample
        var last: Sample
        /// The first sample without it; nil when it lasted to the end of the scan.
        var after: Sample?
        /// The sample that missed it since it was last seen, while it may still be seen again.
        var missed: Sample?
        var sightings: [Sighting]
        /// Where its first and its last frame are looked for: its own box, with those of the lines it replaced at
        /// its start and of those that replaced it at its end, so that a caption and the one replacing it at its
        /// place are told apart on the same pixels and meet at the same frame.
        var startRegion: NormalizedRect
        var endRegion: NormalizedRect
        /// Whether it took the place of lines that ended at its first sample.
        var replaces = false

        /// Its reading: the text read most often, the surest of those readings (a caption built up word by
        /// word shows its whole text the longest); of texts read as often as surely, the one read last. Samples
        /// that left it unread count only when all did.
        var reading: RecognizedLine {
            let read = sightings.filter { !$0.line.text.isEmpty }
            var groups: [String: (lines: [RecognizedLine], last: Int)] = [:]
            for (index, sighting) in (read.isEmpty ? sightings : read).enumerated() {
                let text = TextSimilarity.normalizeWhitespace(sighting.line.text)
                groups[text, default: ([], 0)].lines.append(sighting.line)
                groups[text]!.last = index
            }
            let best = groups.values.max { left, right in
                (left.lines.count, left.lines.map(\.confidence).max()!, left.last)
                    < (right.lines.count, right.lines.map(\.confidence).max()!, right.last)
            }!
            return best.lines.max { $0.confidence < $1.confidence }!
        }

        /// What it was last read as, or where it was last seen when no sample read it.
        var lastRead: RecognizedLine {
            let seen = sightings[sightings.count - 1].line
            guard let read = sightings.last(where: { !$0.line.text.isEmpty })?.line else { return seen }
            return RecognizedLine(text: read.text, confidence: read.confidence, bounds: seen.bounds, words: read.words)
        }

        /// Where it was last seen.
        var bounds: NormalizedRect { sightings[sightings.count - 1].line.bounds.normalized }

        /// Whether its place shows other text now than when it was last seen there (`LineAppearance`); `look`
        /// gives a place's appearance at the sample now. False when either appearance is unknown.
        func placeShowsOtherText(_ look: (NormalizedRect) -> LineAppearance?) -> Bool {
            guard let seen = sightings[sightings.count - 1].appearance, let now = look(bounds) else { return false }
            return now.isOtherText(than: seen)
        }

        /// Whether it was one of a page's lines at least at half its samples (`pageLines`).
        var isOnAPage: Bool { sightings.filter(\.onAPage).count * 2 >= sightings.count }

        /// Whether its box moved as a whole at some sample since the first (`shift`).
        var movedWithThePicture: Bool {
            let first = sightings[0].line.bounds.pixels
            let least = max(TextTracks.leastShift, TextTracks.shift * first.height)
            func together(_ a: Double, _ b: Double) -> Bool { min(a, b) >= least || max(a, b) <= -least }
            return sightings.dropFirst().contains { sighting in
                let box = sighting.line.bounds.pixels
                return together(box.y - first.y, box.y + box.height - first.y - first.height)
                    || together(box.x - first.x, box.x + box.width - first.x - first.width)
            }
        }
    }

    /// A caption: tracks shown and gone together, top to bottom.
    struct Caption: Sendable {
        let lines: [Track]
        /// Whether its lines were seen at a single sample: a short caption, or texture the detector took for
        /// letters once, until another frame shows the same lines.
        var seenOnce: Bool { lines[0].sightings.count < TextTracks.fewestSamples }
        /// The samples around the first sample of its earliest line and around the last of its latest.
        var before: Sample? { earliest.before }
        var first: Sample { earliest.first }
        var last: Sample { latest.last }
        var after: Sample? { latest.after }
        private var earliest: Track { lines.min { $0.first.time < $1.first.time }! }
        private var latest: Track { lines.max { $0.last.time < $1.last.time }! }
        /// Whether it took the place of a caption that ended at its first sample.
        var replaces: Bool { lines.contains(where: \.replaces) }
        /// Where its first and its last frame are looked for (`Track.startRegion`, `Track.endRegion`).
        var startRegion: NormalizedRect { lines.dropFirst().reduce(lines[0].startRegion) { $0.union($1.startRegion) } }
        var endRegion: NormalizedRect { lines.dropFirst().reduce(lines[0].endRegion) { $0.union($1.endRegion) } }
    }

    private var open: [Track] = []
    /// Tracks that ended while a line that may end with them is still open (`mayEnd`): they wait for it.
    private var ending: [Track] = []
    private var previous: Sample?

    /// Whether a line is being followed.
    var isTracking: Bool { !open.isEmpty }

    /// Takes note of the lines read at a sample; returns the captions that ended there. `look` gives the
    /// appearance of a place at this sample: a line left unread goes on only where its place still looks as it did.
    mutating func observe(
        _ lines: [RecognizedLine], at sample: Sample, look: (NormalizedRect) -> LineAppearance? = { _ in nil }
    ) -> [Caption] {
        var unmatched = Array(lines.indices)
        let boxes = lines.map(\.bounds.normalized)
        let onAPage = Self.pageLines(boxes)
        var continued: [Track] = []
        var ended: [Track] = []
        for var track in open {
            let last = track.lastRead
            var otherText: Bool?
            let match = unmatched.enumerated()
                .filter { candidate in
                    let line = lines[candidate.element]
                    guard Self.continues(last, with: line, afterMiss: track.missed != nil) else { return false }
                    guard last.text.isEmpty || line.text.isEmpty else { return true }
                    if otherText == nil { otherText = track.placeShowsOtherText(look) }
                    return otherText == false
                }
                .min { Self.distance(last, lines[$0.element]) < Self.distance(last, lines[$1.element]) }
            if let match {
                unmatched.remove(at: match.offset)
                track.sightings.append(Sighting(
                    line: lines[match.element], sample: sample, onAPage: onAPage[match.element],
                    appearance: look(boxes[match.element])))
                track.last = sample
                track.missed = nil
                continued.append(track)
            } else if track.missed == nil, !unmatched.contains(where: { Self.sameRows(track.bounds, boxes[$0]) }) {
                track.missed = sample
                continued.append(track)
            } else {
                track.after = track.missed ?? sample
                ended.append(track)
            }
        }
        for index in unmatched {
            let box = boxes[index]
            let replaced = ended.map(\.bounds).filter { Self.sameRows(box, $0) }
            continued.append(Track(
                before: previous, first: sample, last: sample, after: nil,
                sightings: [Sighting(line: lines[index], sample: sample, onAPage: onAPage[index], appearance: look(box))],
                startRegion: replaced.reduce(box) { $0.union($1) }, endRegion: box, replaces: !replaced.isEmpty))
        }
        let started = unmatched.map { boxes[$0] }
        for index in ended.indices where ended[index].after == sample {
            let box = ended[index].bounds
            ended[index].endRegion = started.filter { Self.sameRows(box, $0) }.reduce(box) { $0.union($1) }
        }
        for index in continued.indices { continued[index].endRegion = continued[index].bounds }
        open = continued
        previous = sample
        let still = open
        let captions = Self.captions(ending + ended)
        let waits = captions.map { caption in
            caption.lines.contains { line in still.contains { Self.mayEnd($0, with: line) } }
        }
        ending = captions.indices.filter { waits[$0] }.flatMap { captions[$0].lines }
        return captions.indices.filter { !waits[$0] }.map { captions[$0] }
    }

    /// The samples stop here (nothing is looked at until they start again): every track ends at `sample`.
    mutating func pause(at sample: Sample) -> [Caption] {
        let ended = open.map { track in
            var track = track
            track.after = track.missed ?? sample
            return track
        }
        open = []
        previous = nil
        defer { ending = [] }
        return Self.captions(ending + ended)
    }

    /// The end of the scan: the tracks still open end with it.
    mutating func finish() -> [Caption] {
        let ended = open.map { track in
            var track = track
            track.after = track.missed
            return track
        }
        open = []
        defer { ending = [] }
        return Self.captions(ending + ended)
    }

    /// Whether `line` read at a sample is `last` seen again: at the same place, with the same text or with
    /// words added at its end; at the same place alone when either was left unread (no text). `afterMiss`: the
    /// sample between them did not show the line, so the text must read the same but for a slip
    /// (`sameTextAfterMiss`): a blank between two captions at one place.
    static func continues(_ last: RecognizedLine, with line: RecognizedLine, afterMiss: Bool = false) -> Bool {
        guard sameRows(last.bounds.normalized, line.bounds.normalized) else { return false }
        guard !last.text.isEmpty, !line.text.isEmpty else { return true }
        let before = TextSimilarity.normalizeWhitespace(last.text), now = TextSimilarity.normalizeWhitespace(line.text)
        let slip = afterMiss ? sameTextAfterMiss : sameText
        return TextSimilarity.normalizedDistance(before, now) <= slip || (!before.isEmpty && now.hasPrefix(before))
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

    /// Whether each box is one of a page's lines: one of at least `least` boxes that stand one under the
    /// other, each within `lineGap` line heights below the one above and overlapping it in width.
    static func pageLines(_ boxes: [NormalizedRect], least: Int = pageLines) -> [Bool] {
        var blocks: [[Int]] = []
        for index in boxes.indices.sorted(by: { boxes[$0].y < boxes[$1].y }) {
            let box = boxes[index]
            let below = blocks.lastIndex { block in
                let above = boxes[block[block.count - 1]]
                let gap = box.y - (above.y + above.height)
                let columns = min(above.x + above.width, box.x + box.width) - max(above.x, box.x)
                return columns > 0 && gap > -sameRow * min(above.height, box.height)
                    && gap <= lineGap * max(above.height, box.height)
            }
            if let below { blocks[below].append(index) } else { blocks.append([index]) }
        }
        var onAPage = [Bool](repeating: false, count: boxes.count)
        for block in blocks where block.count >= least { for index in block { onAPage[index] = true } }
        return onAPage
    }

    /// The tracks grouped into captions: tracks seen as often (at least `fewestSamples` times, or once) that were
    /// on screen together and ended together (at the same sample, or one sample apart where the detector missed a
    /// line at the last) and lie within `lineGap` line heights of each other, top to bottom. Tracks that moved
    /// with the picture or stood on a page are none.
    static func captions(_ ended: [Track]) -> [Caption] {
        let captions = ended.filter { !$0.isOnAPage }
        let lasting = captions.filter { $0.sightings.count >= fewestSamples && !$0.movedWithThePicture }
        let once = captions.filter { $0.sightings.count < fewestSamples }
        return (grouped(lasting) + grouped(once)).sorted { $0.first.time < $1.first.time }
    }

    private static func grouped(_ tracks: [Track]) -> [Caption] {
        var captions: [[Track]] = []
        for track in tracks.sorted(by: { $0.bounds.y < $1.bounds.y }) {
            if let index = captions.lastIndex(where: { caption in
                let above = caption[caption.count - 1]
                let gap = track.bounds.y - (above.bounds.y + above.bounds.height)
                return Self.togetherOnScreen(above, track)
                    && gap <= lineGap * max(above.bounds.height, track.bounds.height)
            }) {
                captions[index].append(track)
            } else {
                captions.append([track])
            }
        }
        return captions.map { Caption(lines: $0) }
    }

    /// Whether a track still open may end together with one that ended (`togetherOnScreen`): it was seen at the
    /// sample where the other was first missed, or is missed since that sample or since the other's last.
    private static func mayEnd(_ open: Track, with ended: Track) -> Bool {
        open.last == ended.after || (open.missed != nil && (open.missed == ended.after || open.missed == ended.last))
    }

    /// Whether two tracks were on screen together and ended at the same sample or at neighbouring ones: the
    /// lines of a caption shown at once, or built up word by word from its first line to its last.
    private static func togetherOnScreen(_ a: Track, _ b: Track) -> Bool {
        let overlapped = max(a.first.time, b.first.time) <= min(a.last.time, b.last.time)
        let ended = a.after == b.after || (a.after != nil && a.after == b.last) || (b.after != nil && b.after == a.last)
        return overlapped && ended
    }
}
