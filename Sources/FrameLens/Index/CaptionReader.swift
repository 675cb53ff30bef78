/// Turns the captions `CaptionTracker` found into cues: pins their first and last frames down among the
/// frames the scan skipped, and reads each from its clean picture (`CaptionConsensus`).
struct CaptionReader {
    /// Lines shorter than this (spaces aside) are kept only when read with at least `shortConfidence`.
    static let shortLine = 3
    static let shortConfidence = 0.8
    /// A reading with every word this confident stands. A less confident one is read again in black and
    /// white (an outline is a third shade that the engine's whole-picture threshold keeps), then as its
    /// letters' fill alone (`GrayLevels.fillOnly`), and the most confident reading stands; and again with the still
    /// picture kept, which stands when it finds `recoveredLetters` more letters about as confidently, or as
    /// many more confidently (letters the caption shares with one at the same place before it that the
    /// tracker did not follow look still).
    static let sureConfidence = 0.85
    static let recoveredLetters = 2
    static let recoveredConfidence = 0.05
    /// Frames shorter than `LumaImage.minimumHeight` are read this many times larger, as `LumaImage` does: a
    /// caption's x-height there is about 10 pixels, and the engine reads best at 20 to 30. (3x read more of a
    /// street scene's texture as letters on the caption benchmark.)
    static let shortFrameScale = 2
    /// A word read is the caption's when at least this share of its box lies at the caption's strokes.
    static let minimumStrokeShare = 0.02
    /// A reading whose words' boxes hold less than this share of the caption's strokes lost part of it.
    static let coveredStrokes = 0.5
    /// A sure word off the strokes beside a word on them is kept when at least this share of its height.
    static let besideHeight = 0.6

    let analyzer: FrameAnalyzer
    let options: AnalysisOptions
    let exact: ExactFrames

    /// The caption's cue, or nil when it holds no text. `end`, the end of the
    /// range, is where a caption that lasted to it ends.
    func cue(for caption: CaptionTracker.Caption, rangeEnd end: Boundary? = nil) async throws -> Cue? {
        let (first, after) = try await exact.run { try Self.ends(of: caption, in: $0) }
        var text = try await read(caption, caption.consensus.picture())
        if caption.consensus.knowsStillPicture && !Self.isSure(text) {
            let whole = try await read(caption, caption.consensus.picture(stillIsBackground: false))
            if Self.recoversLetters(whole, over: text) { text = whole }
        }
        let read = text.blocks.flatMap(\.lines).compactMap { Self.strokesOnly($0, of: caption) }.filter(Self.isText)
        let lines = Self.topToBottom(read)
        guard !lines.isEmpty, !CueBuilder.isClutter(lines) else { return nil }
        let last = after ?? end ?? Boundary(time: caption.last.time, frameNumber: caption.last.frameNumber)
        let block = RecognizedBlock(lines: lines)
        let detections = options.detections(in: RecognizedText(blocks: [block]), codes: [])
        return Cue(
            start: first.time, end: last.time, startFrame: first.frameNumber, endFrame: last.frameNumber,
            text: block.text, bounds: block.bounds.normalized, codes: [], detections: detections,
            readTime: Timestamp(keeping: first.time), confidence: Cue.meanConfidence(of: lines.flatMap(\.words)),
            color: caption.consensus.textColor())
    }

    /// The lines top to bottom, by their middles: the engine may lay a caption's two lines out as two
    /// blocks, the lower one first.
    static func topToBottom(_ lines: [RecognizedLine]) -> [RecognizedLine] {
        let middle = { (line: RecognizedLine) in line.bounds.normalized.y + line.bounds.normalized.height / 2 }
        return lines.sorted { middle($0) < middle($1) }
    }

    /// The line without the words that lie off the caption's strokes (the still parts of the picture
    /// around it, read as letters), or nil when none is left (`captionWords`).
    static func strokesOnly(_ line: RecognizedLine, of caption: CaptionTracker.Caption) -> RecognizedLine? {
        let rects = line.words.map { frameRect(of: $0, in: caption) }
        let kept = captionWords(
            onStrokes: rects.map { caption.consensus.strokeShare(of: $0) >= minimumStrokeShare },
            at: rects, confidences: line.words.map(\.confidence))
        if !kept.contains(false) { return line }
        let words = line.words.indices.filter { kept[$0] }.map { line.words[$0] }
        return words.isEmpty ? nil : RecognizedLine(words: words)
    }

    /// Where a word read lies, in coded pixels of the caption's frame.
    static func frameRect(of word: RecognizedWord, in caption: CaptionTracker.Caption) -> ImageRect {
        let box = word.bounds.normalized
        return ImageRect(
            x: Int(box.x * Double(caption.frameWidth)), y: Int(box.y * Double(caption.frameHeight)),
            width: Int((box.width * Double(caption.frameWidth)).rounded(.up)),
            height: Int((box.height * Double(caption.frameHeight)).rounded(.up)))
    }

    /// Which of a line's words are the caption's: those on its strokes, and those read surely beside one
    /// of them (`isBeside`) when they are fewer than those on the strokes. That takes in a caption's last
    /// syllable alone in a tile too sparse for the tracker's strokes (`패키지` + `를`), but not a line of
    /// still text around a caption that has a word or two at the strokes (a filmed slide's line that a
    /// passer-by uncovers).
    static func captionWords(onStrokes: [Bool], at rects: [ImageRect], confidences: [Double]) -> [Bool] {
        let beside = onStrokes.indices.filter { index in
            !onStrokes[index] && confidences[index] >= sureConfidence
                && onStrokes.indices.contains { onStrokes[$0] && isBeside(rects[index], rects[$0]) }
        }
        guard beside.count < onStrokes.count(where: { $0 }) else { return onStrokes }
        var kept = onStrokes
        beside.forEach { kept[$0] = true }
        return kept
    }

    /// Whether `word` lies beside `neighbour` in one line: on its row (sharing half the shorter height), at
    /// least `besideHeight` as tall, and at most `neighbour`'s height away.
    static func isBeside(_ word: ImageRect, _ neighbour: ImageRect) -> Bool {
        let shared = min(word.y + word.height, neighbour.y + neighbour.height) - max(word.y, neighbour.y)
        let gap = max(word.x - (neighbour.x + neighbour.width), neighbour.x - (word.x + word.width))
        return 2 * shared >= min(word.height, neighbour.height)
            && Double(word.height) >= besideHeight * Double(neighbour.height) && gap <= neighbour.height
    }

    /// Reads one clean picture of the caption in grey and, when that reading is unsure, in black and white
    /// at the picture's threshold, then, still unsure, its letters' fill alone (`GrayLevels.fillOnly`); the most
    /// confident reading.
    private func read(_ caption: CaptionTracker.Caption, _ picture: (pixels: [UInt8], threshold: UInt8)) async throws -> RecognizedText {
        let grey = try await read(caption, picture.pixels, threshold: nil)
        guard !Self.isSure(grey) else { return grey }
        let blackAndWhite = try await read(caption, picture.pixels, threshold: picture.threshold)
        let best = Self.confidence(of: blackAndWhite) > Self.confidence(of: grey) ? blackAndWhite : grey
        guard !Self.isSure(best), let fill = GrayLevels.fillOnly(picture.pixels, threshold: picture.threshold) else {
            return best
        }
        let fillRead = try await read(caption, fill, threshold: nil)
        return Self.confidence(of: fillRead) > Self.confidence(of: best) ? fillRead : best
    }

    /// Reads the caption's clean picture, in grey or, given a threshold, in black and white: as Tesseract lays
    /// it out and, when that reading is unsure or its words leave more than half the caption's strokes out
    /// (`coveredStrokes`), as one block of lines (in a band this tight its layout may find no text, or lose part
    /// of a line). The block's reading stands when it is mostly sure and holds more of the caption's letters,
    /// counted by their confidence.
    private func read(_ caption: CaptionTracker.Caption, _ pixels: [UInt8], threshold: UInt8?) async throws -> RecognizedText {
        let (image, region) = try Self.framePicture(caption, pixels, threshold: threshold)
        let displayWidth = Int((Double(caption.frameWidth) * caption.pixelShape).rounded())
        let laidOut = try await analyzer.readText(
            image, displaySize: (displayWidth, caption.frameHeight), in: region, options: options)
        let complete = Self.isSure(laidOut) && caption.consensus.strokesCovered(
            by: laidOut.blocks.flatMap(\.lines).flatMap(\.words).map { Self.frameRect(of: $0, in: caption) }) >= Self.coveredStrokes
        guard !complete, try options.engine.captionReading(languages: options.languages) == .tesseract else {
            return laidOut
        }
        let block = try await analyzer.readText(
            image, displaySize: (displayWidth, caption.frameHeight), in: region, options: options, asOneBlock: true)
        return Self.isMostlySure(block) && Self.sureLetters(block, of: caption) > Self.sureLetters(laidOut, of: caption)
            ? block : laidOut
    }

    /// Whether at least half the words read are read with `sureConfidence` (a block read over the moving
    /// picture's texture gives a few letters, unsurely).
    static func isMostlySure(_ text: RecognizedText) -> Bool {
        let words = text.blocks.flatMap(\.lines).flatMap(\.words)
        return !words.isEmpty && 2 * words.count(where: { $0.confidence >= sureConfidence }) >= words.count
    }

    /// The letters and digits of the caption's words in a reading (`strokesOnly`), each counted by its word's
    /// confidence.
    static func sureLetters(_ text: RecognizedText, of caption: CaptionTracker.Caption) -> Double {
        text.blocks.flatMap(\.lines).compactMap { strokesOnly($0, of: caption) }.flatMap(\.words).reduce(0) { sum, word in
            sum + word.confidence * Double(word.text.filter { $0.isLetter || $0.isNumber }.count)
        }
    }

    /// Whether `whole` holds at least `recoveredLetters` more letters than `text`, with a mean confidence
    /// at most `recoveredConfidence` lower; or as many letters, more confidently.
    static func recoversLetters(_ whole: RecognizedText, over text: RecognizedText) -> Bool {
        let letters = { (text: RecognizedText) in text.transcript.filter { $0.isLetter || $0.isNumber }.count }
        let (wholeLetters, textLetters) = (letters(whole), letters(text))
        return wholeLetters >= textLetters + recoveredLetters
            && confidence(of: whole) >= confidence(of: text) - recoveredConfidence
            || wholeLetters >= textLetters && confidence(of: whole) > confidence(of: text)
    }

    /// The mean confidence of the words read.
    private static func confidence(of text: RecognizedText) -> Double {
        let words = text.blocks.flatMap(\.lines).flatMap(\.words)
        return words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count)
    }

    /// Whether words were read, each with at least `sureConfidence`.
    private static func isSure(_ text: RecognizedText) -> Bool {
        let words = text.blocks.flatMap(\.lines).flatMap(\.words)
        return !words.isEmpty && words.allSatisfy { $0.confidence >= sureConfidence }
    }


    /// Whether a line read is text: it has a letter or a digit, and a very short one was read confidently.
    static func isText(_ line: RecognizedLine) -> Bool {
        let characters = line.text.filter { !$0.isWhitespace }
        guard characters.contains(where: { $0.isLetter || $0.isNumber }) else { return false }
        return characters.count >= shortLine || line.confidence >= shortConfidence
    }

    /// The whole frame's picture for the analyzer, the caption's clean part in place and the rest filled
    /// with the colour at its edge; enlarged `shortFrameScale` times when the frame is short, so that caption
    /// text is tall enough, and stretched to its pixels' shown shape (anamorphic video squeezes letters);
    /// then black and white at `threshold`, if given (after the enlarging, so that thin strokes keep their
    /// shape). Also the part, normalised.
    private static func framePicture(
        _ caption: CaptionTracker.Caption, _ pixels: [UInt8], threshold: UInt8?
    ) throws -> (PixelImage, NormalizedRect) {
        let rect = caption.consensus.rect
        let scale = caption.frameHeight < LumaImage.minimumHeight ? Self.shortFrameScale : 1
        let scaleX = Double(scale) * caption.pixelShape
        let width = Int((Double(caption.frameWidth) * scaleX).rounded())
        let height = caption.frameHeight * scale
        let left = min(width, Int((Double(rect.x) * scaleX).rounded()))
        let partWidth = min(width - left, Int((Double(rect.width) * scaleX).rounded()))
        var edge = (0..<rect.width).map { pixels[$0] } + (0..<rect.width).map { pixels[(rect.height - 1) * rect.width + $0] }
        edge.sort()
        var image = [UInt8](repeating: edge[edge.count / 2], count: width * height)
        for y in 0..<(rect.height * scale) {
            for x in 0..<partWidth {
                image[(rect.y * scale + y) * width + left + x] =
                    sample(pixels, rect.width, rect.height, x, y, scaleX: scaleX, scaleY: Double(scale))
            }
        }
        if let threshold { for index in image.indices { image[index] = image[index] < threshold ? 0 : 255 } }
        let region = try NormalizedRect(
            x: Double(rect.x) / Double(caption.frameWidth), y: Double(rect.y) / Double(caption.frameHeight),
            width: Double(rect.width) / Double(caption.frameWidth), height: Double(rect.height) / Double(caption.frameHeight))
        return (PixelImage(width: width, height: height, format: .gray8, pixels: image), region)
    }

    /// The bilinear sample of the picture at pixel (x, y) of its enlargement by `scaleX` and `scaleY`.
    private static func sample(
        _ pixels: [UInt8], _ width: Int, _ height: Int, _ x: Int, _ y: Int, scaleX: Double, scaleY: Double
    ) -> UInt8 {
        guard scaleX != 1 || scaleY != 1 else { return pixels[y * width + x] }
        let sx = max(0, (Double(x) + 0.5) / scaleX - 0.5)
        let sy = max(0, (Double(y) + 0.5) / scaleY - 0.5)
        let x0 = min(width - 1, Int(sx))
        let y0 = min(height - 1, Int(sy))
        let x1 = min(width - 1, x0 + 1)
        let y1 = min(height - 1, y0 + 1)
        let fx = sx - Double(x0)
        let fy = sy - Double(y0)
        let top = Double(pixels[y0 * width + x0]) * (1 - fx) + Double(pixels[y0 * width + x1]) * fx
        let bottom = Double(pixels[y1 * width + x0]) * (1 - fx) + Double(pixels[y1 * width + x1]) * fx
        return UInt8((top * (1 - fy) + bottom * fy).rounded())
    }

    /// The caption's first frame and the first frame without it (nil when it lasted to the end of the
    /// scan): its first and the next scanned frame, unless the scan skipped frames just before them; then
    /// the first of those that shows it, or that no longer does.
    private static func ends(
        of caption: CaptionTracker.Caption, in cursor: FrameCursor
    ) throws -> (first: Boundary, after: Boundary?) {
        let shown = { (share: Double) in share >= CaptionTracker.shownShare }
        let first = try caption.before.map {
            try firstFrame(after: $0, upTo: caption.first, strokes: caption.strokes, where: shown, in: cursor)
        } ?? Boundary(time: caption.first.time, frameNumber: caption.first.frameNumber)
        let after = try caption.after.map {
            try firstFrame(after: caption.last, upTo: $0, strokes: caption.strokes, where: { !shown($0) }, in: cursor)
        }
        return (first, after)
    }

    /// The first frame after `start`, up to `end`, whose share of the strokes shown passes `test`, decoding
    /// every frame between them (the scan skipped some); `end` when they are next to each other.
    private static func firstFrame(
        after start: CaptionTracker.SeenFrame, upTo end: CaptionTracker.SeenFrame, strokes: CaptionTracker.Strokes,
        where test: (Double) -> Bool, in cursor: FrameCursor
    ) throws -> Boundary {
        if end.frameNumber - start.frameNumber > 1 {
            _ = try cursor.frame(atTimestamp: start.pts, lead: .approximate)
            while let frame = try cursor.step(), frame.pts < end.pts {
                if let map = frame.upright().flatMap({ StrokeMap($0, factor: strokes.factor) }), test(strokes.shownShare(in: map)) {
                    return Boundary(time: frame.time, frameNumber: frame.frameNumber)
                }
            }
        }
        return Boundary(time: end.time, frameNumber: end.frameNumber)
    }
}
