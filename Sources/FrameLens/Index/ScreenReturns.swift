/// A filmed screen that shows again the picture it settled on before is still that slide: the stretches
/// between were a person crossing in front of it, or a change the camera made (a drift past what two samples
/// register, a step in exposure), not a new slide. Those stretches become one, read from its best reading.
///
/// Used only once the scan has seen the picture drift (a camera): a digital video's frames never move, and
/// there a slide shown again after another is a cue of its own.
struct ScreenReturns {
    /// How far back a settled picture is looked for: this many settled stretches ...
    static let remembered = 4
    /// ... and when stretches lie between, at most this many seconds between the end of the earlier one and the
    /// start of the later one (a person walking across the screen).
    static let longestInterruption = 6.0
    /// How far a camera may drift between two settled pictures, in working pixels each way (a hand-held
    /// camera over several seconds; two samples are registered within `Registration.reach`).
    static let reach = 16
    /// Two settled pictures show the same slide when, registered to each other, no cell differs by more than
    /// `ChangeDetector.strongThreshold` and at most this share of the cells by more than
    /// `ChangeDetector.cellThreshold`: the noise of a filmed screen, not a line of text revealed.
    static let changedShare = 0.02

    /// Whether the camera drifted over a still scene between two samples at some time (`ThumbnailComparison.drifted`).
    private(set) var sawDrift = false
    /// The recent settled pictures, by the number of their stretch.
    private var settled: [(stretch: Int, picture: Thumbnail)] = []

    /// Takes note of two consecutive samples, compared.
    mutating func sampled(_ comparison: ThumbnailComparison) {
        guard !sawDrift, comparison.plain.contains(where: { $0 > ChangeDetector.cellThreshold }) else { return }
        sawDrift = comparison.drifted
    }

    /// Takes note of the picture stretch `stretch` settled on (again, when a person crossed it as it first
    /// settled), and returns the earlier stretch it shows again, if any. `start` gives a stretch's start time in
    /// seconds.
    mutating func settled(stretch: Int, on picture: Thumbnail, start: (Int) -> Double) -> Int? {
        guard sawDrift else { return nil }
        settled.removeAll { $0.stretch == stretch }
        defer { settled = (settled + [(stretch, picture)]).suffix(Self.remembered) }
        return earlierStretch(showing: picture, before: stretch, start: start)
    }

    /// The earlier settled stretch whose slide `picture`, shown in stretch `stretch`, shows again, if any.
    func earlierStretch(showing picture: Thumbnail, before stretch: Int, start: (Int) -> Double) -> Int? {
        settled.reversed().first { earlier in
            guard earlier.stretch < stretch else { return false }
            let interruption = start(stretch) - start(earlier.stretch + 1)
            return (stretch == earlier.stretch + 1 || interruption <= Self.longestInterruption)
                && Self.isSameSlide(earlier.picture, picture)
        }?.stretch
    }

    /// Whether two settled pictures of a filmed screen show the same slide.
    static func isSameSlide(_ a: Thumbnail, _ b: Thumbnail) -> Bool {
        isSameSlide(b.registeredDifferences(from: a, reach: reach) ?? b.plainDifferences(from: a))
    }

    /// Whether two pictures of a filmed screen with these cell differences (registered) show the same slide.
    static func isSameSlide(_ differences: [Int]) -> Bool {
        guard !differences.contains(where: { $0 > ChangeDetector.strongThreshold }) else { return false }
        let changed = differences.filter { $0 > ChangeDetector.cellThreshold }.count
        return Double(changed) <= changedShare * Double(differences.count)
    }

    /// Whether two readings of a filmed screen can be of one slide: at least `sharedWordShare` of the words of the
    /// one with fewer words are words of the other. A slide read twice differs by noise, or is read in part where
    /// a person stood in front of it; two slides alike in layout share a heading or two. Words are runs of three
    /// or more letters or digits, in lower case; a reading with none tells nothing, and is alike.
    static func readAlike(_ a: String, _ b: String) -> Bool {
        let (first, second) = (words(a), words(b))
        let (fewer, more) = first.count <= second.count ? (first, Set(second)) : (second, Set(first))
        guard !fewer.isEmpty else { return true }
        let shared = fewer.filter(more.contains).count
        return Double(shared) >= sharedWordShare * Double(fewer.count)
    }

    /// The share of words two readings of one filmed slide have in common at the least (`readAlike`).
    static let sharedWordShare = 0.6

    private static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init).filter { $0.count >= 3 }
    }

    /// For each stretch, given the earlier stretch each returns to: the first stretch of the slide it belongs to,
    /// and whether it shows that slide (the first, or a return) rather than what interrupted it.
    static func slides(returningTo returns: [Int?]) -> [(slide: Int, showsIt: Bool)] {
        var slides = returns.indices.map { (slide: $0, showsIt: true) }
        for (index, earlier) in returns.enumerated() {
            guard let earlier else { continue }
            let slide = slides[earlier].slide
            for between in (earlier + 1)..<index { slides[between] = (slide, false) }
            slides[index] = (slide, true)
        }
        return slides
    }

    /// The best of several readings of one slide: the one read with the most confidence in all, leaving out
    /// clutter; nil when none holds text or codes.
    static func best(_ readings: [FrameAnalysis]) -> FrameAnalysis? {
        let total = { (analysis: FrameAnalysis) in
            (analysis.text?.blocks ?? []).flatMap(\.lines).flatMap(\.words).map(\.confidence).reduce(0, +)
        }
        return readings.filter { !CueBuilder.isClutter($0) && (!($0.text?.transcript.isEmpty ?? true) || !$0.codes.isEmpty) }
            .max { total($0) < total($1) }
    }
}
