import Foundation
internal import CTesseract

/// One Tesseract engine with its language models loaded; `deinit` ends and deletes it.
///
/// An engine is used by one thread at a time: `EnginePool` hands it out. `@unchecked Sendable` only
/// so that the pool can move it between the threads that check it out.
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
        self.api = api
        self.languages = languages
        _ = Self.leptonicaIsQuiet
        TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        guard TessBaseAPIInit3(api, dataPath, languages) == 0 else {
            TessBaseAPIDelete(api)
            throw AnalysisError(
                .engineFailed, "Tesseract cannot load '\(languages)' from \(dataPath)", operation: "TessBaseAPIInit3")
        }
        TessBaseAPISetPageSegMode(api, PSM_AUTO)
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// Leptonica's notes on stderr are silenced once per process, before the first engine works.
    private static let leptonicaIsQuiet: Void = {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }()

    /// Parallelism comes from the pool (one engine per core); OpenMP threads inside each engine only
    /// contend with each other. libgomp keeps this setting per thread, so it is set on the thread that
    /// is about to recognise.
    private static func keepOpenMPSingleThreaded() {
        omp_set_max_active_levels(0)
    }

    /// Recognises the text in some rectangles of a gray image.
    ///
    /// - Parameters:
    ///   - image: the picture, read in place.
    ///   - rectangles: the parts to read, in image pixels.
    ///   - minimumConfidence: words below this confidence (0-100) are dropped.
    ///   - ignoring: parts of the picture whose text is not wanted: dark areas mostly inside them are not
    ///     re-read as light text.
    func recognize(
        _ image: LumaImage, in rectangles: [PixelRect], ignoring ignored: [NormalizedRect], minimumConfidence: Double
    ) -> [RecognizedBlock] {
        Self.keepOpenMPSingleThreaded()
        return image.withUnsafeBytes { pixels in
            rectangles.flatMap { rect -> [RecognizedBlock] in
                guard rect.width > 0, rect.height > 0 else { return [] }
                // A region is the same plane seen from its first pixel with the same stride: no copy.
                // (TessBaseAPISetRectangle misreads full-width bands in Tesseract 5.3.)
                let origin = pixels.baseAddress! + rect.y * image.bytesPerRow + rect.x
                var blocks = recognize(
                    origin, width: rect.width, height: rect.height, bytesPerRow: image.bytesPerRow, at: rect,
                    image: image, minimumConfidence: minimumConfidence)
                for dark in DarkBackground.areas(in: pixels, bytesPerRow: image.bytesPerRow, within: rect)
                where image.bounds(dark).fractionCovered(by: ignored) < 0.5 {
                    let inverted = DarkBackground.lightTextAsDark(of: pixels, bytesPerRow: image.bytesPerRow, rect: dark)
                    let lightText = inverted.withUnsafeBytes {
                        recognize(
                            $0.baseAddress!, width: dark.width, height: dark.height, bytesPerRow: dark.width, at: dark,
                            image: image, minimumConfidence: minimumConfidence)
                    }
                    for block in lightText
                    where !blocks.contains(where: { $0.bounds.pixels.intersects(block.bounds.pixels) }) {
                        let position = blocks.firstIndex { $0.bounds.pixels.y > block.bounds.pixels.y } ?? blocks.endIndex
                        blocks.insert(block, at: position)
                    }
                }
                return blocks
            }
        }
    }

    /// Recognises one gray picture that shows `rect` of `image`.
    private func recognize(
        _ pixels: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int, at rect: PixelRect, image: LumaImage,
        minimumConfidence: Double
    ) -> [RecognizedBlock] {
        TessBaseAPISetImage(
            api, pixels.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(height), 1, Int32(bytesPerRow))
        TessBaseAPISetSourceResolution(api, 96)
        defer { TessBaseAPIClear(api) }
        guard TessBaseAPIRecognize(api, nil) == 0, let iterator = TessBaseAPIGetIterator(api) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        return TesseractLayoutReader(
            iterator: iterator, image: image, origin: (rect.x, rect.y), minimumConfidence: minimumConfidence
        ).blocks()
    }
}

/// Walks Tesseract's result word by word, grouping words into lines and lines into blocks.
private struct TesseractLayoutReader {
    let iterator: OpaquePointer
    let image: LumaImage
    /// Where the recognised region starts in the image.
    let origin: (x: Int, y: Int)
    let minimumConfidence: Double

    func blocks() -> [RecognizedBlock] {
        let page = TessResultIteratorGetPageIterator(iterator)
        var blocks: [[[RecognizedWord]]] = []
        repeat {
            guard let word = word(page) else { continue }
            if blocks.isEmpty || TessPageIteratorIsAtBeginningOf(page, RIL_BLOCK) != 0 { blocks.append([]) }
            if blocks[blocks.count - 1].isEmpty || TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 {
                blocks[blocks.count - 1].append([])
            }
            blocks[blocks.count - 1][blocks[blocks.count - 1].count - 1].append(word)
        } while TessPageIteratorNext(page, RIL_WORD) != 0
        return blocks.compactMap(block)
    }

    private func word(_ page: OpaquePointer?) -> RecognizedWord? {
        guard let cText = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { return nil }
        defer { TessDeleteText(cText) }
        let text = String(cString: cText).trimmingCharacters(in: .whitespacesAndNewlines)
        let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD))
        guard !text.isEmpty, confidence >= minimumConfidence else { return nil }
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        guard TessPageIteratorBoundingBox(page, RIL_WORD, &left, &top, &right, &bottom) != 0 else { return nil }
        let rect = PixelRect(
            x: origin.x + Int(left), y: origin.y + Int(top), width: Int(right - left), height: Int(bottom - top))
        return RecognizedWord(text: text, confidence: confidence, bounds: image.bounds(rect))
    }

    private func block(_ lines: [[RecognizedWord]]) -> RecognizedBlock? {
        let recognized = lines.filter { !$0.isEmpty }.map { words in
            RecognizedLine(words: BulletMarker.isMarker(words) ? Array(words.dropFirst()) : words)
        }
        return recognized.isEmpty ? nil : RecognizedBlock(lines: recognized)
    }
}
