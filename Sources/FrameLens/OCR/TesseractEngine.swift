import Foundation
internal import CTesseract

/// One Tesseract engine with its language models loaded; `deinit` ends and deletes it.
///
/// This is the only type that talks to Tesseract's engine API: it lays out a gray picture and recognises one
/// as a block of text; `PageReader` decides what to read, at which scale. It also recognises whole pages
/// for Tesseract's PDF renderer (`SearchablePDF`, which owns the renderer). An engine is used by one
/// thread at a time: `EnginePool` hands it out. `@unchecked Sendable` only so that the pool can move it
/// between the threads that check it out.
final class TesseractEngine: @unchecked Sendable {
    let languages: String
    private let api: OpaquePointer

    /// Loads the models for `languages` (`eng`, `eng+deu`).
    ///
    /// - Throws: `AnalysisError` `.languageNotInstalled` or `.engineFailed`.
    init(languages: String) throws(AnalysisError) {
        let dataPath = try TessdataDirectory.validate(languages)
        guard let api = TessBaseAPICreate() else {
            throw AnalysisError(.engineFailed, "cannot create a Tesseract engine", operation: "TessBaseAPICreate")
        }
        LiveObjects.tesseractEngines.created()
        _ = Self.leptonicaIsQuiet
        TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        guard TessBaseAPIInit3(api, dataPath, languages) == 0 else {
            TessBaseAPIDelete(api)
            LiveObjects.tesseractEngines.freed()
            throw AnalysisError(
                .engineFailed, "Tesseract cannot load '\(languages)' from \(dataPath)", operation: "TessBaseAPIInit3")
        }
        self.api = api
        self.languages = languages
        latinAPI = TesseractLanguages.needEnglishForLatin(languages) ? Self.englishEngine(dataPath) : nil
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
        if let latinAPI {
            TessBaseAPIEnd(latinAPI)
            TessBaseAPIDelete(latinAPI)
        }
        LiveObjects.tesseractEngines.freed()
    }

    /// English, for the Latin words of languages that embed them (`TesseractLanguages.needEnglishForLatin`); nil for
    /// other languages, or when it cannot load.
    private let latinAPI: OpaquePointer?

    private static func englishEngine(_ dataPath: String) -> OpaquePointer? {
        guard let api = TessBaseAPICreate() else { return nil }
        TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        guard TessBaseAPIInit3(api, dataPath, "eng") == 0 else {
            TessBaseAPIDelete(api)
            return nil
        }
        return api
    }

    /// Leptonica's notes on stderr are silenced once per process, before the first engine works.
    private static let leptonicaIsQuiet: Void = {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }()

    /// Parallelism comes from the pool (one engine per core); OpenMP threads inside each engine only
    /// contend with each other. libgomp keeps this setting per thread, so it is set on the thread that
    /// is about to work.
    private static func keepOpenMPSingleThreaded() {
        omp_set_max_active_levels(0)
    }

    /// The resolution a picture is read at unless a layout is asked for at another: a screen's.
    static let screenResolution = 96

    /// Tesseract's page layout of a picture: its blocks, each with its text lines, in reading order.
    ///
    /// - Parameter resolution: the pixels per inch Tesseract assumes; its layout's thresholds (how wide a
    ///   gap between columns is, how tall a line) are lengths on paper.
    func layout(of picture: GrayPicture, resolution: Int = screenResolution) -> [LayoutBlock] {
        Self.keepOpenMPSingleThreaded()
        return withImage(picture, mode: PSM_AUTO, resolution: resolution, stage: .tesseractLayout) {
            guard let page = TessBaseAPIAnalyseLayout(api) else { return [] }
            defer { TessPageIteratorDelete(page) }
            var blocks: [LayoutBlock] = []
            repeat {
                if blocks.isEmpty || TessPageIteratorIsAtBeginningOf(page, RIL_BLOCK) != 0 {
                    guard let bounds = boundingBox(page, RIL_BLOCK) else { continue }
                    blocks.append(LayoutBlock(
                        bounds: bounds, isText: Self.isText(TessPageIteratorBlockType(page)), lines: []))
                }
                if let line = boundingBox(page, RIL_TEXTLINE) { blocks[blocks.count - 1].lines.append(line) }
            } while TessPageIteratorNext(page, RIL_TEXTLINE) != 0
            return blocks
        }
    }

    /// Recognises a picture as one uniform block of text (no layout analysis: every line is read).
    ///
    /// - Returns: its lines of words, top to bottom, with boxes in the picture's own pixels.
    func recognizeBlock(_ picture: GrayPicture) -> [[EngineWord]] {
        recognize(picture, mode: PSM_SINGLE_BLOCK).flatMap { $0 }
    }

    /// Recognises a picture as one word in English alone, where the engine's languages embed Latin words
    /// (`TesseractLanguages.needEnglishForLatin`); nil for other languages, or unless one word is read.
    func recognizeLatinWord(_ picture: GrayPicture) -> EngineWord? {
        guard let latinAPI else { return nil }
        let words = Array(recognize(picture, mode: PSM_SINGLE_WORD, on: latinAPI).joined().joined())
        return words.count == 1 ? words[0] : nil
    }

    /// Recognises a picture with Tesseract's own page layout, as the `tesseract` command does by default.
    ///
    /// - Returns: its blocks in Tesseract's reading order, each its lines of words, with boxes in the
    ///   picture's own pixels.
    func recognizePage(_ picture: GrayPicture) -> [[[EngineWord]]] {
        recognize(picture, mode: PSM_AUTO)
    }

    private func recognize(_ picture: GrayPicture, mode: TessPageSegMode, on engine: OpaquePointer? = nil) -> [[[EngineWord]]] {
        Self.keepOpenMPSingleThreaded()
        let api = engine ?? self.api
        return withImage(picture, mode: mode, on: api, stage: .tesseractRecognition) {
            guard TessBaseAPIRecognize(api, nil) == 0, let iterator = TessBaseAPIGetIterator(api) else { return [] }
            defer { TessResultIteratorDelete(iterator) }
            let page = TessResultIteratorGetPageIterator(iterator)
            var blocks: [[[EngineWord]]] = []
            // The line as Tesseract writes it, to tell which words follow a space: none stands between the
            // syllables of a Hangul word or the characters of a Japanese sentence.
            var lineText = Substring()
            repeat {
                if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 { lineText = text(iterator, RIL_TEXTLINE)[...] }
                guard let bounds = boundingBox(page, RIL_WORD) else { continue }
                let word = text(iterator, RIL_WORD).trimmingCharacters(in: .whitespacesAndNewlines)
                guard !word.isEmpty else { continue }
                if blocks.isEmpty || TessPageIteratorIsAtBeginningOf(page, RIL_BLOCK) != 0 { blocks.append([]) }
                if blocks[blocks.count - 1].isEmpty || TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 {
                    blocks[blocks.count - 1].append([])
                }
                let line = blocks[blocks.count - 1].count - 1
                var spaceBefore = true
                if let found = lineText.range(of: word) {
                    spaceBefore = lineText[..<found.lowerBound].contains(where: \.isWhitespace)
                    lineText = lineText[found.upperBound...]
                }
                blocks[blocks.count - 1][line].append(EngineWord(
                    text: word, confidence: Double(TessResultIteratorConfidence(iterator, RIL_WORD)) / 100, bounds: bounds,
                    spaceBefore: blocks[blocks.count - 1][line].isEmpty || spaceBefore))
            } while TessPageIteratorNext(page, RIL_WORD) != 0
            return blocks.map { $0.filter { !$0.isEmpty } }.filter { !$0.isEmpty }
        }
    }

    /// Recognises a whole picture with Tesseract's own page layout and adds it as a page to a result renderer,
    /// which takes the picture and the words, with their boxes, from the engine.
    ///
    /// - Parameters:
    ///   - encoded: the picture as an image file (PNG, which the PDF renderer keeps lossless).
    ///   - resolution: its pixels per inch, which set the page's size.
    ///   - renderer: a `TessResultRenderer` whose document has begun.
    /// - Throws: `AnalysisError` `.engineFailed` when the picture cannot be read, recognised or added.
    func addPage(encoded: [UInt8], resolution: Int, to renderer: OpaquePointer) throws(AnalysisError) {
        Self.keepOpenMPSingleThreaded()
        var pix = encoded.withUnsafeBufferPointer { pixReadMem($0.baseAddress, $0.count) }
        guard pix != nil else {
            throw AnalysisError(.engineFailed, "Leptonica cannot read a page's picture", operation: "pixReadMem")
        }
        defer { pixDestroy(&pix) }
        TessBaseAPISetPageSegMode(api, PSM_AUTO)
        TessBaseAPISetVariable(api, "thresholding_method", "0")
        // Tesseract copies the picture, and makes the copy its input image too: the page's picture for the
        // renderer. (TessBaseAPISetInputImage would take ownership of `pix`, freed here.)
        TessBaseAPISetImage2(api, pix)
        TessBaseAPISetSourceResolution(api, Int32(resolution))
        defer { TessBaseAPIClear(api) }
        guard CostLedger.measure(.tesseractRecognition, { TessBaseAPIRecognize(api, nil) }) == 0 else {
            throw AnalysisError(
                .engineFailed, "Tesseract cannot recognise a page for the PDF", operation: "TessBaseAPIRecognize")
        }
        guard TessResultRendererAddImage(renderer, api) != 0 else {
            throw AnalysisError(
                .engineFailed, "Tesseract cannot add a page to the PDF", operation: "TessResultRendererAddImage")
        }
    }

    /// Gives the engine the picture's pixels, in place, for `body` (counted as a call of `stage`), and clears it
    /// afterwards.
    private func withImage<Result>(
        _ picture: GrayPicture, mode: TessPageSegMode, resolution: Int = screenResolution, on engine: OpaquePointer? = nil,
        stage: CostLedger.Stage, _ body: () -> Result
    ) -> Result {
        let api = engine ?? self.api
        return picture.withPlane { plane in
            plane.withUnsafeBytes { pixels, bytesPerRow in
                TessBaseAPISetPageSegMode(api, mode)
                TessBaseAPISetImage(
                    api, pixels.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(plane.width),
                    Int32(plane.height), 1, Int32(bytesPerRow))
                TessBaseAPISetSourceResolution(api, Int32(resolution))
                TessBaseAPISetVariable(api, "thresholding_method", picture.needsLocalThreshold ? "2" : "0")
                defer { TessBaseAPIClear(api) }
                return CostLedger.measure(stage, pixels: plane.width * plane.height, body)
            }
        }
    }

    /// The text of the iterator's current element at `level` ("" when there is none).
    private func text(_ iterator: OpaquePointer, _ level: TessPageIteratorLevel) -> String {
        guard let cText = TessResultIteratorGetUTF8Text(iterator, level) else { return "" }
        defer { TessDeleteText(cText) }
        return String(cString: cText)
    }

    private func boundingBox(_ page: OpaquePointer?, _ level: TessPageIteratorLevel) -> ImageRect? {
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        guard TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom) != 0, right > left, bottom > top
        else { return nil }
        return ImageRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
    }

    private static func isText(_ type: TessPolyBlockType) -> Bool {
        switch type {
        case PT_FLOWING_TEXT, PT_HEADING_TEXT, PT_PULLOUT_TEXT, PT_TABLE, PT_CAPTION_TEXT, PT_EQUATION,
             PT_INLINE_EQUATION, PT_VERTICAL_TEXT:
            true
        default:
            false
        }
    }
}

/// A block of Tesseract's page layout, in the laid-out picture's pixels.
struct LayoutBlock: Equatable {
    var bounds: ImageRect
    /// Whether Tesseract took it for text (not a picture, a rule or noise).
    var isText: Bool
    /// Its text lines' boxes, top to bottom.
    var lines: [ImageRect]
}

/// A word as the engine read it, in the recognised picture's pixels; confidence 0-1.
struct EngineWord {
    let text: String
    let confidence: Double
    let bounds: ImageRect
    /// Whether a space stands before it in its line (none between the syllables of a Hangul word).
    var spaceBefore = true
}
