extension CueBuilder {
    /// The slide cues, each split at the exact first and last frames of the captions it shows for only part
    /// of its time; the parts without the caption lose its lines.
    ///
    /// The slide path settles on a picture when two samples `interval` apart agree, so a blank of under two
    /// intervals between captions over a still slide never settles and the cue around it runs on. The caption
    /// tracker, looking at every frame, knows when each caption came and went. `onFilmedScreen`: the video films a
    /// screen (the scan saw the camera drift); there a caption whose lines the slide's reading holds is text on
    /// the screen, which the tracker takes up where the drift moves its strokes, and no split.
    static func split(_ slides: [Cue], at captions: [Cue], onFilmedScreen: Bool = false) -> [Cue] {
        slides.flatMap { slide in
            captions.reduce([slide]) { parts, caption in
                parts.flatMap { split($0, at: caption, onFilmedScreen: onFilmedScreen) }
            }
        }
    }

    /// The slide cue split at the caption's first and last frames, when it holds a slide's worth of text
    /// besides the caption (a code, or `growthCharacters` letters, not a few letters of texture) and lasts
    /// beyond it; otherwise the cue as it is (a cue of the caption alone is the caption's). The part the
    /// caption shows holds its lines: read with the slide, or, when the slide path never settled on it (a
    /// caption of under two intervals within the slide's time), added to the slide's where the caption is.
    private static func split(_ slide: Cue, at caption: Cue, onFilmedScreen: Bool) -> [Cue] {
        guard slide.startFrame < caption.endFrame, caption.startFrame < slide.endFrame,
              slide.startFrame < caption.startFrame || caption.endFrame < slide.endFrame
        else { return [slide] }
        let isSlide = { (text: String) in text.filter { $0.isLetter || $0.isNumber }.count >= growthCharacters || !slide.codes.isEmpty }
        if let without = text(of: slide, without: caption), isSlide(without) {
            if onFilmedScreen { return [slide] }
            return split(slide, at: caption, shown: slide.text, without: without)
        }
        guard slide.startFrame <= caption.startFrame, caption.endFrame <= slide.endFrame, isSlide(slide.text),
              let bounds = slide.bounds, let box = caption.bounds, !bounds.intersects(box)
        else { return [slide] }
        let shown = box.y < bounds.y ? caption.text + "\n" + slide.text : slide.text + "\n" + caption.text
        var parts = split(slide, at: caption, shown: shown, without: slide.text)
        if let index = parts.firstIndex(where: { $0.startFrame == caption.startFrame }) {
            parts[index].bounds = bounds.union(box)
            parts[index].detections += caption.detections
            parts[index].readTime = caption.start
            parts[index].confidence = joinedConfidence(slide, caption)
        }
        return parts
    }

    /// The slide cue in parts: before the caption with `without`, while it shows with `shown`, after it with
    /// `without`.
    private static func split(_ slide: Cue, at caption: Cue, shown: String, without: String) -> [Cue] {
        var parts: [Cue] = []
        if slide.startFrame < caption.startFrame {
            parts.append(part(of: slide, from: (slide.start, slide.startFrame), to: (caption.start, caption.startFrame), text: without))
        }
        let first = caption.startFrame > slide.startFrame ? (caption.start, caption.startFrame) : (slide.start, slide.startFrame)
        let after = caption.endFrame < slide.endFrame ? (caption.end, caption.endFrame) : (slide.end, slide.endFrame)
        parts.append(part(of: slide, from: first, to: after, text: shown))
        if caption.endFrame < slide.endFrame {
            parts.append(part(of: slide, from: (caption.end, caption.endFrame), to: (slide.end, slide.endFrame), text: without))
        }
        return parts
    }

    /// The slide's text without the caption's lines, or nil when it does not hold each of them (give or take
    /// OCR noise).
    static func text(of slide: Cue, without caption: Cue) -> String? {
        var lines = slide.text.split(separator: "\n").map(String.init)
        for line in caption.text.split(separator: "\n").map(String.init) {
            guard let index = lines.firstIndex(where: { TextSimilarity.normalizedDistance($0, line) <= noiseTolerance })
            else { return nil }
            lines.remove(at: index)
        }
        return lines.joined(separator: "\n")
    }

    /// The mean word confidence of a slide's text and a caption's added to it: their means weighted by their
    /// words (the words of each text, split at white space).
    private static func joinedConfidence(_ slide: Cue, _ caption: Cue) -> Double? {
        let words = { (cue: Cue) in Double(cue.text.split(whereSeparator: \.isWhitespace).count) }
        let parts = [slide, caption].compactMap { cue in cue.confidence.map { ($0, words(cue)) } }
        let total = parts.map(\.1).reduce(0, +)
        guard total > 0 else { return parts.first?.0 }
        return parts.map { $0.0 * $0.1 }.reduce(0, +) / total
    }

    /// The part of the slide cue between two frames, with `text` and the detections found in it; it was read
    /// (`readTime`) on its first frame when that is not the slide's own reading.
    private static func part(
        of slide: Cue, from start: (Timestamp, Int), to end: (Timestamp, Int), text: String
    ) -> Cue {
        var part = slide
        (part.start, part.startFrame) = start
        (part.end, part.endFrame) = end
        if text != slide.text {
            part.text = text
            part.detections = slide.detections.filter { if case .code = $0.source { true } else { text.contains($0.text) } }
            part.readTime = start.0
        }
        return part
    }
}
