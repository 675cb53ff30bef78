import Foundation

/// Where Tesseract's language models (`*.traineddata`) are installed, and which languages exist.
package enum TessdataDirectory {
    /// The directories searched, in order: `$TESSDATA_PREFIX`, then Debian's and other usual places.
    static var candidates: [String] {
        var paths: [String] = []
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"] {
            paths += [prefix, (prefix as NSString).appendingPathComponent("tessdata")]
        }
        return paths + [
            "/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
            "/usr/share/tessdata", "/usr/local/share/tessdata",
        ]
    }

    /// The first directory that holds at least one language model.
    package static var path: String? {
        candidates.first { !languages(in: $0).isEmpty }
    }

    /// The installed languages (Tesseract codes such as `eng`, `deu`), sorted; `osd` is not a language.
    package static var installedLanguages: [String] {
        path.map { languages(in: $0) } ?? []
    }

    private static func languages(in directory: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".traineddata") }
            .map { String($0.dropLast(".traineddata".count)) }
            .filter { $0 != "osd" }
            .sorted()
    }

    /// Checks a `+`-joined language list, naming the apt package for the first missing language.
    ///
    /// - Throws: `AnalysisError` `.languageNotInstalled`.
    static func validate(_ languages: String) throws(AnalysisError) -> String {
        let installed = installedLanguages
        let requested = languages.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard !languages.isEmpty else {
            throw AnalysisError(.languageNotInstalled, "no OCR language given (e.g. eng)")
        }
        for language in requested
        where language.isEmpty || !language.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
            throw AnalysisError(
                .languageNotInstalled,
                "'\(language)' is neither a BCP-47 locale (such as en-US, ko or zh-Hans) nor a Tesseract language name (letters, digits and _, such as eng or chi_sim)")
        }
        for language in requested where !installed.contains(language) {
            let package = "tesseract-ocr-" + language.lowercased().replacingOccurrences(of: "_", with: "-")
            let have = installed.isEmpty ? "none" : installed.joined(separator: ", ")
            throw AnalysisError(
                .languageNotInstalled,
                "Tesseract language '\(language)' is not installed (installed: \(have)); install it with: sudo apt-get install \(package)")
        }
        guard let path else { throw AnalysisError(.languageNotInstalled, "no Tesseract language data found") }
        return path
    }
}
