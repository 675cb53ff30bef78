import Foundation
internal import CTesseract

/// A searchable PDF made by Tesseract's own PDF renderer: each page is a picture, with the text Tesseract
/// recognises on it as an invisible layer at the words' places, which PDF readers select and search.
///
/// Tesseract writes the document at `path.pdf`; `finish()` renames it to `path`, and a document not
/// finished is removed. The renderer writes no page labels or outline: the pages are in the order given.
final class SearchablePDF {
    /// The picture's pixels per inch: a 1280x720 frame makes a 13.33 x 7.5 inch page, a 16:9 slide's size.
    static let resolution = 96

    private let path: String
    /// The renderer, until the document is finished (deleting it closes the file).
    private var renderer: OpaquePointer?
    private let engine: TesseractEngine

    /// Begins a document.
    ///
    /// - Parameters:
    ///   - path: where the finished PDF goes.
    ///   - title: the document's title.
    ///   - languages: the Tesseract languages to recognise its pages in (`eng`, `eng+deu`).
    /// - Throws: `AnalysisError` `.languageNotInstalled`, or `.engineFailed` when the models cannot be loaded
    ///   or the renderer cannot begin.
    init(path: String, title: String, languages: String) throws(AnalysisError) {
        let dataPath = try TessdataDirectory.validate(languages)
        engine = try TesseractEngine(languages: languages)
        guard let renderer = TessPDFRendererCreate(path, dataPath, 0) else {
            throw AnalysisError(
                .engineFailed, "cannot create Tesseract's PDF renderer", operation: "TessPDFRendererCreate")
        }
        self.path = path
        self.renderer = renderer
        guard TessResultRendererBeginDocument(renderer, title) != 0 else {
            TessDeleteResultRenderer(renderer)
            unlink(path + ".pdf")
            throw AnalysisError(
                .engineFailed, "Tesseract's PDF renderer cannot begin the PDF",
                operation: "TessResultRendererBeginDocument")
        }
    }

    deinit {
        guard let renderer else { return }
        TessDeleteResultRenderer(renderer)
        unlink(path + ".pdf")
    }

    /// Adds a page: the picture, and the text recognised on it.
    ///
    /// - Parameter png: the page's picture as a PNG file.
    /// - Throws: `AnalysisError` `.engineFailed`.
    func addPage(png: [UInt8]) throws(AnalysisError) {
        guard let renderer else { preconditionFailure("a page added to a finished PDF") }
        try engine.addPage(encoded: png, resolution: Self.resolution, to: renderer)
    }

    /// Ends the document and moves it to `path`.
    ///
    /// - Throws: `AnalysisError` `.engineFailed` when the renderer cannot end it, `OutputError` `.writeFailed`
    ///   when it cannot be moved.
    func finish() throws {
        guard let renderer else { return }
        guard TessResultRendererEndDocument(renderer) != 0 else {
            throw AnalysisError(
                .engineFailed, "Tesseract's PDF renderer cannot end the PDF", operation: "TessResultRendererEndDocument")
        }
        TessDeleteResultRenderer(renderer)
        self.renderer = nil
        guard rename(path + ".pdf", path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(path + ".pdf")
            throw OutputError.cannotWrite(path, reason)
        }
    }
}
