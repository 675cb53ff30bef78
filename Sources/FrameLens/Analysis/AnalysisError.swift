/// An error from the frame analyzer: a missing Tesseract language, a frame that cannot be analysed, a
/// player that is not paused, or an analysis overtaken by a change of the displayed frame.
public typealias AnalysisError = FrameLensError<AnalysisErrorCode>

/// What went wrong with an analysis; new codes may be added.
public struct AnalysisErrorCode: FrameLensErrorCode {
    /// The code's name.
    public let rawValue: String

    /// A code with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A requested Tesseract language is not installed.
    public static let languageNotInstalled = AnalysisErrorCode(rawValue: "languageNotInstalled")
    /// The text engine asked for (`TextEngine.ppocr`) is not installed: ONNX Runtime or a model is missing.
    public static let engineNotInstalled = AnalysisErrorCode(rawValue: "engineNotInstalled")
    /// The OCR or barcode engine failed.
    public static let engineFailed = AnalysisErrorCode(rawValue: "engineFailed")
    /// The player is not paused, so there is no frame to analyse.
    public static let notPaused = AnalysisErrorCode(rawValue: "notPaused")
    /// The displayed frame changed while the analysis ran.
    public static let stale = AnalysisErrorCode(rawValue: "stale")
    /// The region to analyse is badly written, empty or lies outside the frame.
    public static let invalidRegion = AnalysisErrorCode(rawValue: "invalidRegion")
}
