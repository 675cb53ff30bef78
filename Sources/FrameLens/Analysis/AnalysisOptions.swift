/// What the analyzer looks for on a frame, in which languages, and where: the analysis types and locales of
/// VisionKit's `ImageAnalyzer.Configuration`.
public struct AnalysisOptions: Sendable, Hashable {
    /// The kinds of analysis.
    public enum Feature: String, Sendable, Hashable, CaseIterable, Codable {
        /// Text, with Tesseract.
        case text
        /// QR codes and barcodes, with ZBar.
        case codes
        /// Data detectors (URLs, e-mail, phone numbers, ...) over the text and the codes' payloads.
        case detectors
    }

    /// Whether a filmed projection screen is warped to a rectangle before its text is read.
    public enum Rectification: String, Sendable, Hashable, CaseIterable, Codable {
        /// When a screen is found for sure (`ScreenFinder`): a bright four-sided region at an angle, well
        /// inside the picture, on a dark surround. A picture that is the slide itself is read as it is.
        case auto
        /// Never: the picture is read as it is.
        case off
    }

    /// The analyses to run; the empty set does nothing.
    public var features: Set<Feature>
    /// The data kinds the detectors report.
    public var dataKinds: Set<DataKind>
    /// The languages to read, as BCP-47 locales (`en-US`, `ko`, `zh-Hans`) or Tesseract codes (`eng`, `kor`,
    /// `chi_sim`); a locale reads in its language's Tesseract model, which must be installed.
    public var locales: [String]
    /// The parts of the displayed picture to analyse; empty means all of it.
    public var regions: [NormalizedRect]
    /// Parts of the picture whose text is left out (a presenter inset, a clock): lines a quarter or more
    /// inside them. The regions must not overlap each other.
    public var ignoredRegions: [NormalizedRect]
    /// Words recognised with a lower confidence (0-1) are dropped.
    public var minimumConfidence: Double
    /// The engine that reads captions' text and a filmed screen's lines.
    public var engine: TextEngine
    /// Whether a filmed projection screen is warped to a rectangle before its text is read (when no
    /// `regions` are given).
    public var rectification: Rectification
    /// Whether the picture is known to be filmed (the indexer saw the camera drift): with `.auto`
    /// rectification, a screen whose four sides are not found for sure is still read on its own, the room
    /// around it painted over (`ScreenFinder.isolated`).
    package var isFilmed = false

    /// Options with everything looked for, in English, over the whole picture, by default.
    public init(
        features: Set<Feature> = Set(Feature.allCases), dataKinds: Set<DataKind> = Set(DataKind.allCases),
        locales: [String] = ["en"], regions: [NormalizedRect] = [], ignoredRegions: [NormalizedRect] = [],
        minimumConfidence: Double = 0, engine: TextEngine = .tesseract, rectification: Rectification = .auto
    ) {
        self.features = features
        self.dataKinds = dataKinds
        self.locales = locales
        self.regions = regions
        self.ignoredRegions = ignoredRegions
        self.minimumConfidence = minimumConfidence
        self.engine = engine
        self.rectification = rectification
    }
}

extension AnalysisOptions {
    /// `locales` as the Tesseract codes the engines load, `+`-joined (`eng+kor`).
    package var languages: String { TesseractLanguages.codes(for: locales) }
}
