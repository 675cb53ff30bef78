/// An error from the frame analyzer: a missing Tesseract language, a frame that cannot be analysed, a
/// player that is not paused, or an analysis overtaken by a change of the displayed frame.
public struct AnalysisError: FrameLensError {
    /// What went wrong with an analysis; new codes may be added.
    public struct Code: FrameLensErrorCode {
        /// The code's name.
        public let rawValue: String

        /// A code with the given name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// A requested Tesseract language is not installed.
        public static let languageNotInstalled = Code(rawValue: "languageNotInstalled")
        /// The text engine asked for (`TextEngine.ppocr`) is not installed: ONNX Runtime or a model is missing.
        public static let engineNotInstalled = Code(rawValue: "engineNotInstalled")
        /// The OCR or barcode engine failed.
        public static let engineFailed = Code(rawValue: "engineFailed")
        /// The player is not paused, so there is no frame to analyse.
        public static let notPaused = Code(rawValue: "notPaused")
        /// The displayed frame changed while the analysis ran.
        public static let stale = Code(rawValue: "stale")
        /// The region to analyse is badly written, empty or lies outside the frame.
        public static let invalidRegion = Code(rawValue: "invalidRegion")
    }

    /// What went wrong.
    public let code: Code
    /// A one-line, human-readable explanation naming the problem.
    public let message: String
    /// The C function that failed, if any.
    public let operation: String?

    /// An error with its code, its one-line message and the C function that failed, if any.
    public init(_ code: Code, _ message: String, operation: String? = nil) {
        self.code = code
        self.message = message
        self.operation = operation
    }
}
