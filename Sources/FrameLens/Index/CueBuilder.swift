/// Turns the analysed stretches of video into cues: neighbours showing the same text become one cue,
/// and stretches with nothing readable end the cue before them.
///
/// "The same text" allows for OCR noise (a normalised edit distance up to `noiseTolerance`), but a
/// text that gained or lost a line, or several characters (a bullet revealed), starts a new cue, and so
/// does a line read differently where the picture changed (a counter ticking from "Step 1" to "Step 2"):
/// that difference is real, not noise.
enum CueBuilder {
    static let noiseTolerance = 0.15
    static let growthCharacters = 8
    /// Two readings of one picture differ by at most this (a slide's text block read by the slide path and
    /// by the caption path); over moving video a one-frame reading differs more.
    static let sameReading = 0.02
    /// A stretch whose reading holds fewer than `growthCharacters` letters and digits, no code, and only lines
    /// read with less than this confidence or that are not text (`CaptionReader.isText`: one or two symbols
    /// read unsurely), is clutter (the texture of a moving picture read as "Ree :"), not a cue.
    static let clutterConfidence = 0.6
    /// Seconds by which two cues' times may differ and still count as the same (a frame at 10 fps).
    static let frameSlack: Timestamp = 0.1

    /// A stretch of video with one picture, and what was read on it.
    struct Segment {
        var start: Double
        var startFrame: Int
        var end: Double
        var endFrame: Int
        var analysis: FrameAnalysis?
        /// Where the picture changed as the stretch began (empty when not known).
        var changed: [NormalizedRect] = []
    }

    /// The cues of the stretches, and of the captions `CaptionReader` found, in order of their start. Where
    /// both read the same text at the same time, one is left out: a caption that starts with a stretch
    /// whose reading is the same or holds more (codes, or text well beyond the caption's: a bullet revealed
    /// on a slide) is part of that slide, read by the slide path; otherwise the caption's reading, made from all its
    /// frames, stands, and a stretch's reading that lies mostly within it, or holds it and hardly more
    /// text, is that caption read again from one frame (over moving video, poorly, with texture read as
    /// letters around it). A caption that lies within a stretch's larger reading is part of a slide. A few
    /// letters read only while a caption shows are the texture of the moving picture around it.
    /// `followedAnyText`: the captions are all the text the detector saw hold (`CaptionFinder.detector`), a
    /// slide's lines too (`isSlideText`), not only text that held while the picture around it moved.
    static func cues(
        from segments: [Segment], captions: [Cue], options: AnalysisOptions = AnalysisOptions(),
        followedAnyText: Bool = false
    ) -> [Cue] {
        let stretches = cues(from: segments, options: options)
        let whole = wholeCaptions(captions).filter { !followedAnyText || !isSlideText($0, of: stretches) }
        var slides = split(stretches, at: whole, onFilmedScreen: options.isFilmed)
        let overlapping = { (a: Cue, b: Cue) in a.start < b.end && b.start < a.end }
        let letters = letterCount
        // A caption that came with a change the slide path saw as it happened is part of a slide when the
        // slide's reading is the same (a still slide's text block, which lasts beyond the slide's later
        // steps) or holds more: codes, or text well beyond the caption's (a bullet revealed). Then the
        // slide path's reading stands. Otherwise the caption's reading, made from all its frames, does.
        let readsIt = { (slide: Cue, caption: Cue) in
            guard abs(slide.startFrame - caption.startFrame) <= 1, overlapping(slide, caption) else { return false }
            guard slide.codes.isEmpty else { return true }
            if isSameReading(slide, caption) { return true }
            return letters(slide) >= letters(caption) + growthCharacters
        }
        // A slide that reads just the caption's text shows it no longer than the caption's own last frame,
        // which the tracker pinned down: the slide path's stretch ends at the next change of the whole picture.
        let captions = whole.filter { caption in
            guard let index = slides.firstIndex(where: { readsIt($0, caption) }) else { return true }
            if isSameReading(slides[index], caption), caption.endFrame < slides[index].endFrame {
                slides[index].end = caption.end
                slides[index].endFrame = caption.endFrame
            }
            return false
        }
        // A slide's reading that is the caption read again from one frame (over moving video, poorly).
        let readsAgain = { (caption: Cue, slide: Cue) in
            guard let bounds = slide.bounds, overlapping(slide, caption) else { return false }
            if letters(slide) < CaptionReader.shortLine { return true }
            // A few letters read only while a caption shows are the moving picture's texture.
            let within = slide.start >= caption.start - frameSlack && slide.end <= caption.end + frameSlack
            if within && letters(slide) < growthCharacters { return true }
            guard let box = caption.bounds else { return false }
            let holdsLittleMore = letters(slide) < letters(caption) + growthCharacters
            return fraction(of: bounds, inside: box) >= 0.5
                || (holdsLittleMore && (fraction(of: box, inside: bounds) >= 0.5 || bounds.intersects(box)))
        }
        let slidesBesideCaptions = slides.filter { slide in !captions.contains { readsAgain($0, slide) } }
        let keptCaptions = captions.filter { caption in
            // A caption the slide's split gave a part to is in it.
            let inAPart = slidesBesideCaptions.contains {
                $0.startFrame == caption.startFrame && $0.endFrame == caption.endFrame && text(of: $0, without: caption) != nil
            }
            guard !inAPart, let box = caption.bounds else { return !inAPart }
            return !slidesBesideCaptions.contains { slide in
                guard let bounds = slide.bounds, overlapping(slide, caption) else { return false }
                return fraction(of: box, inside: bounds) >= 0.5
            }
        }
        // A caption that is part of a slide takes no other slide's reading for its own: a terminal's line that
        // stayed in place while the screen below it grew was followed as a caption, and the first view showing
        // it would go with it.
        let keptSlides = slides.filter { slide in !keptCaptions.contains { readsAgain($0, slide) } }
        return (keptSlides + keptCaptions).sorted { $0.start < $1.start }
    }

    /// The captions without those that lie within another caption shown at the same time that holds more
    /// letters: two captions do not show at one place at once, so the smaller is a part of the other that the
    /// tracker found on its own (strokes born a few frames early as the caption faded in).
    static func wholeCaptions(_ captions: [Cue]) -> [Cue] {
        captions.filter { caption in
            guard let box = caption.bounds else { return true }
            return !captions.contains { other in
                guard let otherBox = other.bounds, other.startFrame < caption.endFrame, caption.startFrame < other.endFrame
                else { return false }
                return letterCount(other) > letterCount(caption) && fraction(of: box, inside: otherBox) >= 0.8
            }
        }
    }

    /// Whether a caption is the slides' own lines, followed by the text detector as they held (a slide's bullets,
    /// one of them revealed while the others stood): it came and went with changes the slide path saw as they
    /// happened, the slides shown meanwhile read its lines as it does (each matched to the nearest line they read,
    /// its edits at most `sameReading` of its characters) and another line besides: one of at least
    /// `CaptionReader.shortLine` letters and digits that is no other reading of the caption's
    /// (`TextTracks.sameText`), a title.
    static func isSlideText(_ caption: Cue, of slides: [Cue]) -> Bool {
        let shown = slides.filter { $0.startFrame < caption.endFrame && caption.startFrame < $0.endFrame }
        guard let first = shown.first, let last = shown.last, abs(first.startFrame - caption.startFrame) <= 1,
              abs(last.endFrame - caption.endFrame) <= 1
        else { return false }
        let lines = caption.text.split(separator: "\n").map { TextSimilarity.normalizeWhitespace(String($0)) }
        let read = shown.flatMap { $0.text.split(separator: "\n").map { TextSimilarity.normalizeWhitespace(String($0)) } }
        guard !read.isEmpty else { return false }
        let edits = lines.map { line in read.map { TextSimilarity.editDistance($0, line) }.min()! }.reduce(0, +)
        guard Double(edits) <= sameReading * Double(lines.map(\.count).reduce(0, +)) else { return false }
        return read.contains { other in
            other.filter { $0.isLetter || $0.isNumber }.count >= CaptionReader.shortLine
                && lines.allSatisfy { TextSimilarity.normalizedDistance(other, $0) > TextTracks.sameText }
        }
    }

    /// The letters and digits of a cue's text.
    private static func letterCount(_ cue: Cue) -> Int {
        cue.text.filter { $0.isLetter || $0.isNumber }.count
    }

    /// Whether a slide's and a caption's readings are the same text (`sameReading`), codes aside.
    private static func isSameReading(_ slide: Cue, _ caption: Cue) -> Bool {
        slide.codes.isEmpty && TextSimilarity.normalizedDistance(slide.text, caption.text) <= sameReading
    }

    /// The share of `box`'s area inside `other`, slightly enlarged (readings of one text differ a little).
    private static func fraction(of box: NormalizedRect, inside other: NormalizedRect) -> Double {
        let margin = 0.01
        let width = min(box.x + box.width, other.x + other.width + margin) - max(box.x, other.x - margin)
        let height = min(box.y + box.height, other.y + other.height + margin) - max(box.y, other.y - margin)
        guard width > 0, height > 0, box.width * box.height > 0 else { return 0 }
        return width * height / (box.width * box.height)
    }

    /// The cues of the stretches: a stretch that shows what the cue before it holds (OCR noise aside, no line
    /// read differently where the picture changed) extends it, and so does one that shows the same view with
    /// something small moving over it (`CoveredView`). Such a cue reads each line in its surest reading
    /// (`ViewReadings`), its data detected in that text as `options` ask.
    static func cues(from segments: [Segment], options: AnalysisOptions = AnalysisOptions()) -> [Cue] {
        var cues: [Cue] = []
        /// The readings of the last cue's stretches.
        var view: ViewReadings?
        func settle() {
            guard let analysis = view?.assembled(options: options), !cues.isEmpty else { return }
            show(analysis, in: &cues[cues.count - 1])
        }
        for segment in segments {
            guard let analysis = segment.analysis, !isClutter(analysis) else { continue }
            let text = analysis.text?.transcript ?? ""
            guard !text.isEmpty || !analysis.codes.isEmpty else { continue }
            if let last = cues.last, let first = view?.first, last.endFrame == segment.startFrame {
                let isSame = isSameContent(last, text, analysis.codes)
                    && !readsDifferently(analysis, than: last.text, where: segment.changed)
                let isCovered = !isSame && Set(last.codes.map(\.payload)) == Set(analysis.codes.map(\.payload))
                    && CoveredView.isSameView(analysis.lines, as: first.lines, changed: segment.changed)
                if isSame || isCovered {
                    view?.add(segment, analysis, covered: isCovered)
                    cues[cues.count - 1].end = Timestamp(keeping: segment.end)
                    cues[cues.count - 1].endFrame = segment.endFrame
                    continue
                }
            }
            settle()
            var cue = Cue(
                start: segment.start, end: segment.end, startFrame: segment.startFrame, endFrame: segment.endFrame,
                text: "", bounds: nil, codes: [], detections: [], readTime: nil, confidence: nil)
            show(analysis, in: &cue)
            cues.append(cue)
            view = ViewReadings(segment, analysis)
        }
        settle()
        return cues
    }

    /// Gives a cue what a reading holds: its text, where it lies, codes, data and confidence, and when it was read.
    private static func show(_ analysis: FrameAnalysis, in cue: inout Cue) {
        cue.text = analysis.text?.transcript ?? ""
        cue.bounds = bounds(of: analysis)
        cue.codes = analysis.codes
        cue.detections = analysis.detections
        cue.readTime = analysis.time
        cue.confidence = Cue.meanConfidence(of: analysis.lines.flatMap(\.words))
        cue.screen = analysis.screen
    }

    /// Whether a stretch's reading is clutter: a few letters, unsure or not text (see `clutterConfidence`),
    /// or in lines of one or two characters however sure (street signs at 480x360 read as "A" over "NS");
    /// and no code. (A tracked caption of two letters, "OK", is a caption.)
    static func isClutter(_ analysis: FrameAnalysis) -> Bool {
        guard analysis.codes.isEmpty, let text = analysis.text else { return false }
        let lines = text.blocks.flatMap(\.lines)
        return isClutter(lines) || letters(lines) < growthCharacters && lines.allSatisfy { characters($0) < CaptionReader.shortLine }
    }

    /// Whether lines read (and no code) are clutter: a few letters, unsure or not text; or a lone character
    /// however sure (what the caption tracker takes for a caption at 480x360 is read as "4").
    static func isClutter(_ lines: [RecognizedLine]) -> Bool {
        lines.map(characters).reduce(0, +) <= 1
            || letters(lines) < growthCharacters && lines.allSatisfy { $0.confidence < clutterConfidence || !CaptionReader.isText($0) }
    }

    /// The characters of a line, spaces aside.
    static func characters(_ line: RecognizedLine) -> Int {
        line.text.filter { !$0.isWhitespace }.count
    }

    private static func letters(_ lines: [RecognizedLine]) -> Int {
        lines.map { $0.text.filter { $0.isLetter || $0.isNumber }.count }.reduce(0, +)
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

    /// Whether a line of the new reading that the cue's text lacks lies where the picture changed.
    static func readsDifferently(_ analysis: FrameAnalysis, than text: String, where changed: [NormalizedRect]) -> Bool {
        guard !changed.isEmpty else { return false }
        let known = Set(text.split(separator: "\n").map(String.init))
        return (analysis.text?.blocks ?? []).flatMap(\.lines).contains {
            !known.contains($0.text) && $0.bounds.fractionCovered(by: changed) > 0
        }
    }

    private static func bounds(of analysis: FrameAnalysis) -> NormalizedRect? {
        let boxes = (analysis.text?.blocks ?? []).map(\.bounds.normalized)
        guard let first = boxes.first else { return nil }
        return boxes.dropFirst().reduce(first) { $0.union($1) }
    }
}
