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

    @Test(arguments: [
        ("eng", "en"), ("kor", "ko"), ("jpn", "ja"), ("deu", "de"), ("fil", "fil"), ("chi_sim", "zh-Hans"),
        ("chi_tra", "zh-Hant"), ("srp_latn", "sr-Latn"), ("uzb_cyrl", "uz-Cyrl"), ("jpn_vert", "jpn_vert"),
        ("kat_old", "kat_old"), ("osd", "osd"), ("equ", "equ"), ("frk", "frk"), ("chi", "chi"),
    ])
    func namesTesseractCodesAsLocales(code: String, locale: String) {
        #expect(TesseractLanguages.locale(forCode: code) == locale)
    }

    @Test func aCodeNamedAsItsLocaleReadsInTheSameModel() {
        for code in ["eng", "kor", "jpn", "deu", "fra", "ces", "fil", "chi_sim", "chi_tra", "nor"] {
            #expect(TesseractLanguages.code(for: TesseractLanguages.locale(forCode: code)) == code)
        }
        #expect(TesseractLanguages.locales(forCodes: "eng+kor") == ["en", "ko"])
    }

    @Test func readsListsJoinedWithPlusOrComma() {
        #expect(TesseractLanguages.codes(for: TesseractLanguages.locales(inList: "en-US+ko,zh-Hans")) == "eng+kor+chi_sim")
        #expect(TesseractLanguages.locales(inList: "eng+") == ["eng", ""])
    }

    @Test func aLocaleReadsInItsLanguageOrNamesThePackageToInstall() async throws {
        let player = try VideoPlayer(url: TestMedia.sample)
        try await player.seek(to: 15)
        let analysis = try await player.analyzeCurrentFrame(options: AnalysisOptions(features: [.text], locales: ["en-US"]))
        #expect(analysis.languages == "eng" && analysis.locales == ["en"] && analysis.text?.transcript.contains("ada.lovelace@example.edu") == true)
        // A language of Debian's tesseract-ocr-* packages that this machine lacks, whichever those are.
        let installed = try TestMedia.installedLanguages()
        let missing = try #require(
            ["cym", "gle", "eus", "isl", "mlt", "bre", "fao", "yor", "tgl", "swa"].first { !installed.split(separator: ", ").contains(Substring($0)) })
        await #expect {
            try await player.analyzeCurrentFrame(options: AnalysisOptions(locales: ["en-US", missing]))
        } throws: {
            ($0 as? AnalysisError)?.message
                == "Tesseract language '\(missing)' is not installed (installed: \(installed)); install it with: sudo apt-get install tesseract-ocr-\(missing)"
        }
    }
}
