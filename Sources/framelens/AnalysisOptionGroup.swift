import ArgumentParser
import Foundation
import FrameLens

extension TextEngine: ExpressibleByArgument {}
extension CaptionFinder: ExpressibleByArgument {}
extension AnalysisOptions.Rectification: ExpressibleByArgument {}

/// The options `grab` and `index` share: what to look for, in which languages, and where.
struct AnalysisOptionGroup: ParsableArguments {
    @Option(
        help: "What to look for: a comma-separated subset of text, codes, detectors (default: all three).",
        transform: ChoiceList.init)
    var types: ChoiceList<AnalysisOptions.Feature> = .all

    @Option(
        help: "Report only these detected data types: \(ChoiceList<DataKind>.names) (comma-separated; default: all).",
        transform: ChoiceList.init)
    var only: ChoiceList<DataKind> = .all

    @Option(
        help: "Languages, as BCP-47 locales or Tesseract codes, joined with + (e.g. en+de or eng+deu). See `framelens langs`.",
        completion: .custom { _, _, _ in TessdataDirectory.installedLanguages })
    var lang: String = "eng"

    @Option(
        help: "A region to read, x,y,w,h in fractions of the picture (e.g. 0,0.8,1,0.2). Repeatable.",
        transform: NormalizedRect.init(parsing:))
    var region: [NormalizedRect] = []

    @Option(
        help: "A part of the picture whose text is left out, x,y,w,h in fractions (e.g. a presenter inset). Repeatable.",
        transform: NormalizedRect.init(parsing:))
    var ignoreRegion: [NormalizedRect] = []

    @Option(
        help: """
            The engine that reads captions and a filmed screen's lines: tesseract, ppocr (PP-OCR's learned detector and recogniser; \
            scripts/install-deps.sh installs it) or auto (ppocr when installed and it reads the languages: English, \
            Chinese, Japanese). See `framelens langs --engines`.
            """)
    var engine: TextEngine = .tesseract

    @Option(
        help: """
            Warp a filmed projection screen to a rectangle before reading: auto (when a bright four-sided \
            screen at an angle on a dark surround is found; index reads a filmed screen found less surely \
            with the room around it painted over) or off.
            """)
    var rectify: AnalysisOptions.Rectification = .auto

    @Option(help: "Drop words recognised with a confidence below this (0-100).")
    var minConfidence: Double = 0

    func validate() throws {
        guard (0...100).contains(minConfidence) else {
            throw ValidationError("--min-confidence must be between 0 and 100")
        }
    }

    /// The options as the library takes them.
    var analysisOptions: AnalysisOptions {
        AnalysisOptions(
            features: types.choices, dataKinds: only.choices, locales: TesseractLanguages.locales(inList: lang),
            regions: region, ignoredRegions: ignoreRegion, minimumConfidence: minConfidence / 100, engine: engine,
            rectification: rectify)
    }
}
