/// Which engine reads text: Tesseract, or PP-OCR's learned detector and recogniser (run through ONNX
/// Runtime, installed by `scripts/install-deps.sh`), or the better of the two by the accuracy benchmark.
///
/// PP-OCR reads captions (once per caption, from the caption's clean picture) and a filmed screen's lines,
/// which its detector finds whenever it is installed (`SlantedLineReader`); slides are read with Tesseract
/// whatever the choice. PP-OCR's recognition model reads Chinese, Japanese and English: in other languages its
/// detector finds the lines and Tesseract reads each.
public enum TextEngine: String, Sendable, Hashable, CaseIterable, Codable {
    /// Tesseract (the default).
    case tesseract
    /// PP-OCR; an error when it is not installed.
    case ppocr
    /// PP-OCR for captions when it is installed and reads the languages asked for, else Tesseract.
    case auto

    /// How captions are read.
    enum CaptionReading: Equatable {
        /// Tesseract's layout and recognition.
        case tesseract
        /// PP-OCR's detector and recogniser.
        case ppocr
        /// PP-OCR's detector finds the lines, Tesseract reads each (scripts the recognition model lacks).
        case ppocrLines
    }

    /// How captions in Tesseract's `+`-joined `languages` are read.
    ///
    /// - Throws: `AnalysisError` `.engineNotInstalled` when `.ppocr` is asked for and is not installed.
    func captionReading(languages: String) throws(AnalysisError) -> CaptionReading {
        switch self {
        case .tesseract: return .tesseract
        case .ppocr:
            _ = try PPOCRFiles.locate()
            return PPOCREngine.reads(languages) ? .ppocr : .ppocrLines
        case .auto:
            // By the caption benchmark's held-out set: PP-OCR read 16/16 small top captions where Tesseract
            // read 1/16; its lines read by Tesseract found 11/16 Korean captions where Tesseract alone found 14.
            return PPOCREngine.reads(languages) && PPOCRFiles.found != nil ? .ppocr : .tesseract
        }
    }

    /// Checks that the engine can run: loads PP-OCR when it is asked for (`.ppocr`).
    ///
    /// - Throws: `AnalysisError` `.engineNotInstalled` (naming what to install) or `.engineFailed`.
    public func prepare() throws(AnalysisError) {
        if self == .ppocr { _ = try PPOCREngine.shared() }
    }

    /// What `framelens langs` says of PP-OCR: where it is installed and the version of ONNX Runtime, or
    /// what to install.
    public static var ppocrStatus: String {
        do {
            let engine = try PPOCREngine.shared()
            return "ppocr: available (ONNX Runtime \(engine.runtimeVersion), PP-OCRv4 detector, PP-OCRv5 recogniser, reads \(PPOCREngine.languages.sorted().joined(separator: ", ")))"
        } catch {
            return "ppocr: not available: \(error.message)"
        }
    }
}
