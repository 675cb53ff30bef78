import ArgumentParser
import Foundation
import FrameLens

/// The options `grab` and `index` share: what to look for, in which languages, and where.
struct AnalysisOptionGroup: ParsableArguments {
    @Option(help: "What to look for: a comma-separated subset of text, codes, detectors.")
    var types: String = "text,codes,detectors"

    @Option(help: "Report only these detected data types: url, email, phone, date, money, flight, tracking, address, isbn.")
    var only: String?

    @Option(help: "Languages, as BCP-47 locales or Tesseract codes, joined with + (e.g. en+de or eng+deu). See `framelens langs`.")
    var lang: String = "eng"

    @Option(help: "A region to read, x,y,w,h in fractions of the picture (e.g. 0,0.8,1,0.2). Repeatable.")
    var region: [String] = []

    @Option(help: "A part of the picture whose text is left out, x,y,w,h in fractions (e.g. a presenter inset). Repeatable.")
    var ignoreRegion: [String] = []

    @Option(help: "Drop words recognised with a confidence below this (0-100).")
    var minConfidence: Double = 0

    func validate() throws {
        _ = try analysisOptions()
    }

    /// The options as the library takes them.
    func analysisOptions() throws -> AnalysisOptions {
        let features = try parseList(types, as: AnalysisOptions.Feature.self, option: "--types")
        let kinds = try only.map { try parseList($0, as: DataKind.self, option: "--only") } ?? Set(DataKind.allCases)
        let regions = try parseRegions(region)
        let ignoredRegions = try parseRegions(ignoreRegion)
        guard (0...100).contains(minConfidence) else {
            throw ValidationError("--min-confidence must be between 0 and 100")
        }
        return AnalysisOptions(
            features: features, dataKinds: kinds, locales: TesseractLanguages.locales(inList: lang), regions: regions, ignoredRegions: ignoredRegions,
            minimumConfidence: minConfidence / 100)
    }

    private func parseRegions(_ texts: [String]) throws -> [NormalizedRect] {
        var regions: [NormalizedRect] = []
        for text in texts {
            do { regions.append(try NormalizedRect(parsing: text)) } catch { throw ValidationError(error.message) }
        }
        return regions
    }

    private func parseList<Item: RawRepresentable & CaseIterable>(
        _ text: String, as: Item.Type, option: String
    ) throws -> Set<Item> where Item.RawValue == String {
        var items = Set<Item>()
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() })
        where !name.isEmpty {
            guard let item = Item(rawValue: name) else {
                let valid = Item.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("\(option): unknown value '\(name)' (expected: \(valid))")
            }
            items.insert(item)
        }
        return items
    }
}
