import Testing
@testable import FrameLens

struct TesseractLanguagesTests {
    @Test(arguments: [
        ("en-US", "eng"), ("en", "eng"), ("ko", "kor"), ("zh-Hans", "chi_sim"), ("zh-Hant", "chi_tra"),
        ("zh-TW", "chi_tra"), ("zh", "chi_sim"), ("de-CH", "deu"), ("nb", "nor"), ("fa", "fas"),
        ("eng", "eng"), ("chi_sim", "chi_sim"), ("../x", "../x"), ("qaa", "qaa"), ("", ""),
    ])
    func mapsLocalesToTesseractCodes(locale: String, code: String) {
        #expect(TesseractLanguages.code(for: locale) == code)
    }

    @Test func readsListsJoinedWithPlusOrComma() {
        #expect(TesseractLanguages.codes(for: TesseractLanguages.locales(inList: "en-US+ko,zh-Hans")) == "eng+kor+chi_sim")
        #expect(TesseractLanguages.locales(inList: "eng+") == ["eng", ""])
    }

    @Test func aLocaleReadsInItsLanguageOrNamesThePackageToInstall() async throws {
        let player = try VideoPlayer(url: TestMedia.sample)
        try await player.seek(to: 15)
        let analysis = try await player.analyzeCurrentFrame(options: AnalysisOptions(features: [.text], locales: ["en-US"]))
        #expect(analysis.languages == "eng" && analysis.text?.transcript.contains("ada.lovelace@example.edu") == true)
        // Welsh (cym) is one that neither `make test` nor the benchmarks install.
        await #expect {
            try await player.analyzeCurrentFrame(options: AnalysisOptions(locales: ["en-US", "cym"]))
        } throws: {
            ($0 as? AnalysisError)?.message
                == "Tesseract language 'cym' is not installed (installed: \(try! TestMedia.installedLanguages())); install it with: sudo apt-get install tesseract-ocr-cym"
        }
    }
}
