extension CueBuilder {
    /// The slide cues, each split at the exact first and last frames of the captions it shows for only part
    /// of its time; the parts without the caption lose its lines.
    ///
    /// The slide path settles on a picture when two samples `interval` apart agree, so a blank of under two
    /// intervals between captions over a still slide never settles and the cue around it runs on. The caption
    /// tracker, looking at every frame, knows when each caption came and went.
    static func split(_ slides: [Cue], at captions: [Cue]) -> [Cue] {
        slides.flatMap { slide in
            captions.reduce([slide]) { parts, caption in parts.flatMap { split($0, at: caption) } }
        }
    }

    /// The slide cue split at the caption's first and last frames, when it shows the caption's lines and
    /// more (a code, or `growthCharacters` letters: what a slide holds beside the caption, not a few letters of
    /// texture), and lasts beyond it; otherwise the cue as it is (a cue of the caption alone is the caption's).
    private static func split(_ slide: Cue, at caption: Cue) -> [Cue] {
        guard slide.startFrame < caption.endFrame, caption.startFrame < slide.endFrame,
              slide.startFrame < caption.startFrame || caption.endFrame < slide.endFrame,
              let without = text(of: slide, without: caption),
              without.filter({ $0.isLetter || $0.isNumber }).count >= growthCharacters || !slide.codes.isEmpty
        else { return [slide] }
        var parts: [Cue] = []
        if slide.startFrame < caption.startFrame {
            parts.append(part(of: slide, from: (slide.start, slide.startFrame), to: (caption.start, caption.startFrame), text: without))
        }
        let first = caption.startFrame > slide.startFrame ? (caption.start, caption.startFrame) : (slide.start, slide.startFrame)
        let after = caption.endFrame < slide.endFrame ? (caption.end, caption.endFrame) : (slide.end, slide.endFrame)
        parts.append(part(of: slide, from: first, to: after, text: slide.text))
        if caption.endFrame < slide.endFrame {
            parts.append(part(of: slide, from: (caption.end, caption.endFrame), to: (slide.end, slide.endFrame), text: without))
        }
        return parts
    }

    /// The slide's text without the caption's lines, or nil when it does not hold each of them (give or take
    /// OCR noise).
    private static func text(of slide: Cue, without caption: Cue) -> String? {
        var lines = slide.text.split(separator: "\n").map(String.init)
        for line in caption.text.split(separator: "\n").map(String.init) {
            guard let index = lines.firstIndex(where: { TextSimilarity.normalizedDistance($0, line) <= noiseTolerance })
            else { return nil }
            lines.remove(at: index)
        }
        return lines.joined(separator: "\n")
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
