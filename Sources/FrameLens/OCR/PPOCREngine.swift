import Foundation

/// The learned reader: PP-OCRv4's text detector and PP-OCRv5's line recogniser, run in-process through ONNX
/// Runtime.
///
/// Loaded once per process (`shared()`), from the files `PPOCRFiles` finds; safe to use from several
/// threads at once.
final class PPOCREngine: Sendable {
    /// Lines read with a lower mean confidence are dropped (RapidOCR's `text_score`).
    static let minimumLineConfidence = 0.5
    /// Tesseract languages the recognition model reads: Chinese, Japanese (kana and kanji) and English. Others are
    /// read with Tesseract: Korean and Vietnamese, whose letters its dictionary lacks (Hangul, most of
    /// Vietnamese's accented vowels), and Portuguese, whose `ã` it reads as `a`, `á` or `ǎ` (exact captions of the
    /// randomised benchmark's check half: 9 of 32, Tesseract on its lines 20).
    static let languages: Set<String> = ["eng", "chi_sim", "jpn"]

    let detector: TextDetector
    let recognizer: TextLineRecognizer
    /// ONNX Runtime's version.
    let runtimeVersion: String

    private static let loaded = Locked<PPOCREngine?>(nil)

    /// The process's engine, loaded on first use.
    ///
    /// - Throws: `AnalysisError` `.engineNotInstalled` (naming what to install) or `.engineFailed`.
    static func shared() throws(AnalysisError) -> PPOCREngine {
        try loaded.withLock { engine -> Result<PPOCREngine, AnalysisError> in
            if let engine { return .success(engine) }
            let made = Result { () throws(AnalysisError) in try load() }
            if case .success(let loaded) = made { engine = loaded }
            return made
        }.get()
    }

    private static func load() throws(AnalysisError) -> PPOCREngine {
        let files = try PPOCRFiles.locate()
        let runtime = try OnnxRuntime.shared(at: files.library)
        let threads = ProcessInfo.processInfo.activeProcessorCount
        return PPOCREngine(
            detector: TextDetector(session: try runtime.session(model: files.detector, threads: threads)),
            recognizer: try TextLineRecognizer(
                session: try runtime.session(model: files.recognizer, threads: threads), dictionary: files.dictionary),
            runtimeVersion: runtime.version)
    }

    private init(detector: TextDetector, recognizer: TextLineRecognizer, runtimeVersion: String) {
        self.detector = detector
        self.recognizer = recognizer
        self.runtimeVersion = runtimeVersion
    }

    /// Whether the recognition model reads every one of Tesseract's `+`-joined `languages`.
    static func reads(_ languages: String) -> Bool {
        languages.split(separator: "+").allSatisfy { self.languages.contains(String($0)) }
    }

    /// The boxes of the lines of text in `rect` of `image`, in the image's pixels, top to bottom, detected with
    /// the longest side at most `maximumSide` (`TextDetector`).
    func lines(
        in image: LumaImage, _ rect: ImageRect, maximumSide: Int = TextDetector.maximumSide
    ) throws(AnalysisError) -> [ImageRect] {
        try detectedLines(in: image, rect, maximumSide: maximumSide, slanted: false).map(\.box)
    }

    /// The lines of text in `rect` of `image`, each with the rectangle along its own slant, in the image's
    /// pixels, top to bottom, detected with the longest side at most `maximumSide` (`TextDetector`).
    func slantedLines(
        in image: LumaImage, _ rect: ImageRect, maximumSide: Int = TextDetector.maximumSide
    ) throws(AnalysisError) -> [DetectedLine] {
        try detectedLines(in: image, rect, maximumSide: maximumSide, slanted: true)
    }

    private func detectedLines(
        in image: LumaImage, _ rect: ImageRect, maximumSide: Int, slanted: Bool
    ) throws(AnalysisError) -> [DetectedLine] {
        guard rect.width > 0, rect.height > 0 else { return [] }
        let picture = PixelImage(
            width: rect.width, height: rect.height, format: .gray8, pixels: image.withPlane { $0.pixels(in: rect) })
        return try detector.detectedLines(in: picture, maximumSide: maximumSide, slanted: slanted)
            .map { $0.moved(dx: rect.x, dy: rect.y) }
    }

    /// The whole of `image` read as one line (a line straightened out of a picture); nil when the recogniser is
    /// unsure of it (`minimumLineConfidence`) or no word is `minimumConfidence` sure.
    func readLine(_ image: LumaImage, minimumConfidence: Double) throws(AnalysisError) -> RecognizedLine? {
        let whole = image.pixelRect(.whole)
        let picture = PixelImage(
            width: whole.width, height: whole.height, format: .gray8, pixels: image.withPlane { $0.pixels(in: whole) })
        let words = try words(reading: picture, at: whole, image: image, minimumConfidence: minimumConfidence)
        return words.isEmpty ? nil : RecognizedLine(words: words)
    }

    /// The text in `rect` of `image`: one block of its lines, top to bottom (none when nothing is read), detected
    /// with the longest side at most `maximumSide` (`TextDetector`).
    func read(
        _ image: LumaImage, in rect: ImageRect, minimumConfidence: Double, maximumSide: Int = TextDetector.maximumSide
    ) throws(AnalysisError) -> [RecognizedBlock] {
        try read(image, lines: try lines(in: image, rect, maximumSide: maximumSide), minimumConfidence: minimumConfidence)
    }

    /// The text of the lines at `boxes` on `image` (the detector's boxes, in the image's pixels): one block of
    /// them, top to bottom (none when nothing is read).
    func read(_ image: LumaImage, lines boxes: [ImageRect], minimumConfidence: Double) throws(AnalysisError) -> [RecognizedBlock] {
        var lines: [(box: ImageRect, words: [RecognizedWord])] = []
        for box in boxes where box.width > 0 && box.height > 0 {
            let picture = PixelImage(
                width: box.width, height: box.height, format: .gray8, pixels: image.withPlane { $0.pixels(in: box) })
            let words = try words(reading: picture, at: box, image: image, minimumConfidence: minimumConfidence)
            if !words.isEmpty { lines.append((box, words)) }
        }
        let merged = Self.rows(lines).map { RecognizedLine(words: $0) }
        return merged.isEmpty ? [] : [RecognizedBlock(lines: merged)]
    }

    /// The words the recogniser reads on `line`, the picture of `box` on `image`; none when it is unsure of the
    /// line (`minimumLineConfidence`); only the words `minimumConfidence` sure.
    private func words(
        reading line: PixelImage, at box: ImageRect, image: LumaImage, minimumConfidence: Double
    ) throws(AnalysisError) -> [RecognizedWord] {
        let characters = try recognizer.read(line)
        let confidence = characters.isEmpty ? 0 : characters.map(\.confidence).reduce(0, +) / Double(characters.count)
        guard confidence >= Self.minimumLineConfidence else { return [] }
        return Self.words(characters, in: box, image: image).filter { $0.confidence >= minimumConfidence }
    }

    /// The words of a line's characters, split at spaces, each with its part of the line's box.
    private static func words(
        _ characters: [TextLineRecognizer.Character], in box: ImageRect, image: LumaImage
    ) -> [RecognizedWord] {
        var words: [RecognizedWord] = []
        var current: [TextLineRecognizer.Character] = []
        func finish() {
            guard let first = current.first, let last = current.last else { return }
            let left = box.x + Int((first.start * Double(box.width)).rounded(.down))
            let right = box.x + Int((last.end * Double(box.width)).rounded(.up))
            let rect = ImageRect(x: left, y: box.y, width: max(1, right - left), height: box.height)
            words.append(RecognizedWord(
                text: current.map(\.text).joined(),
                confidence: current.map(\.confidence).reduce(0, +) / Double(current.count), bounds: image.bounds(rect)))
            current = []
        }
        for character in characters {
            if character.text.allSatisfy(\.isWhitespace) { finish() } else { current.append(character) }
        }
        finish()
        return words
    }

    /// Lines whose boxes share most of their height are one row (the detector may split a line at a wide
    /// gap): their words left to right; rows top to bottom.
    private static func rows(_ lines: [(box: ImageRect, words: [RecognizedWord])]) -> [[RecognizedWord]] {
        var rows: [(top: Int, bottom: Int, parts: [(box: ImageRect, words: [RecognizedWord])])] = []
        for line in lines {
            let top = line.box.y, bottom = line.box.y + line.box.height
            if let index = rows.firstIndex(where: { min($0.bottom, bottom) - max($0.top, top) > min($0.bottom - $0.top, bottom - top) / 2 }) {
                rows[index].parts.append(line)
                rows[index].top = min(rows[index].top, top)
                rows[index].bottom = max(rows[index].bottom, bottom)
            } else {
                rows.append((top, bottom, [line]))
            }
        }
        return rows.sorted { $0.top < $1.top }.map { $0.parts.sorted { $0.box.x < $1.box.x }.flatMap(\.words) }
    }
}
