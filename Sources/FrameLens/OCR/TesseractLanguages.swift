import Foundation

/// Maps the languages users name, BCP-47 locales (`en-US`, `ko`, `zh-Hans`) or Tesseract's own codes (`eng`,
/// `kor`, `chi_sim`), to the Tesseract codes the engine loads.
package enum TesseractLanguages {
    /// The Tesseract codes for `locales`, `+`-joined as the engine takes them (`en-US`, `ko` give `eng+kor`).
    ///
    /// A name with `_`, or one that is no BCP-47 language, stays as it is, so that checking it against the
    /// installed models names what was asked for.
    package static func codes(for locales: [String]) -> String {
        locales.map(code).joined(separator: "+")
    }

    /// Splits a list as `--lang` takes it: names joined with `+` (Tesseract's way) or `,`.
    package static func locales(inList list: String) -> [String] {
        list.split(omittingEmptySubsequences: false) { $0 == "+" || $0 == "," }.map(String.init)
    }

    /// Languages whose text routinely embeds Latin words (`Unstable은`, a package's name), which their
    /// models read as Hangul or kana.
    static let embeddingLatin: Set<String> = ["kor", "jpn", "chi_sim", "chi_tra"]

    /// Whether `languages` (`+`-joined codes) need English's model for their Latin words: one of them
    /// routinely embeds Latin words, none is English, and English is installed.
    static func needEnglishForLatin(_ languages: String) -> Bool {
        let codes = languages.split(separator: "+").map(String.init)
        return codes.contains(where: embeddingLatin.contains) && !codes.contains("eng")
            && TessdataDirectory.installedLanguages.contains("eng")
    }

    /// The languages of `codes` (`+`-joined Tesseract codes) as BCP-47 language tags: `eng+kor` gives `en`, `ko`.
    package static func locales(forCodes codes: String) -> [String] {
        codes.split(separator: "+").map { locale(forCode: String($0)) }
    }

    /// The BCP-47 language tag of one Tesseract code: `eng` is `en`, `chi_sim` `zh-Hans`, `srp_latn` `sr-Latn`.
    /// A model that is no language (`osd`, `equ`), or a variant a tag cannot name (`jpn_vert`, `kat_old`),
    /// keeps its code.
    static func locale(forCode code: String) -> String {
        if let chinese = chineseScripts[code] { return chinese }
        let parts = code.split(separator: "_").map(String.init)
        guard let base = parts.first, parts.count <= 2, Locale.LanguageCode(base).isISOLanguage else { return code }
        let tag = Locale.LanguageCode(base).identifier(.alpha2) ?? base
        switch parts.dropFirst().first {
        case nil: return tag
        case let script? where script == "latn" || script == "cyrl": return tag + "-" + script.capitalized
        default: return code
        }
    }

    /// Chinese, the one language Tesseract names by script alone (`chi_sim`, `chi_tra`), whose `chi` is no
    /// ISO 639 code Foundation maps.
    private static let chineseScripts = ["chi_sim": "zh-Hans", "chi_tra": "zh-Hant"]

    /// The Tesseract code of one locale or code.
    static func code(for name: String) -> String {
        let subtags = name.split(separator: "-", omittingEmptySubsequences: false)
        guard !name.contains("_"), let first = subtags.first, (2...3).contains(first.count),
              subtags.allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return name }
        let language = Locale.Language(identifier: name)
        guard let code = language.languageCode, code.isISOLanguage, let alpha3 = code.identifier(.alpha3) else {
            return name
        }
        switch alpha3 {
        case "zho":
            return language.script == .hanTraditional ? "chi_tra" : "chi_sim"
        case "nob", "nno":
            return "nor"
        default:
            // Tesseract names a second script of a language by suffix (`srp_latn`, `aze_cyrl`, `uzb_cyrl`).
            let explicitScript = subtags.dropFirst().first { $0.count == 4 && $0.allSatisfy(\.isLetter) }
            guard let script = explicitScript?.lowercased(),
                  TessdataDirectory.installedLanguages.contains(alpha3 + "_" + script)
            else { return alpha3 }
            return alpha3 + "_" + script
        }
    }
}
