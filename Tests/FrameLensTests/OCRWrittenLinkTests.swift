import Testing
@testable import FrameLensDataDetection

/// URLs as OCR writes them. Every text here is what `tesseract` (5.3, eng) printed for a links slide of four
/// URLs in DejaVu Sans Mono, at 1280x720 and as 854x480 H.264 at crf 35.
@Suite("Data detector: URLs as OCR writes them")
struct OCRWrittenLinkTests {
    private func urls(_ text: String) -> [String] {
        DataDetector(kinds: [.url]).matches(in: text).map(\.value)
    }

    @Test func everyURLOfTheSoftSlide() {
        let ocr = """
            Further reading

            https: //www.debian.org/doc/manuals/debian-reference/
            https: //wiki,debian.org/DebianInstaller

            www. kernel.org/doc/html/latest/

            https://salsa.debian.org/debian/debian- reference
            """
        #expect(urls(ocr) == [
            "https://www.debian.org/doc/manuals/debian-reference/",
            "https://wiki.debian.org/DebianInstaller",
            "https://www.kernel.org/doc/html/latest/",
            "https://salsa.debian.org/debian/debian-reference",
        ])
    }

    @Test func aCommaBesideTheDot() {
        #expect(urls("https://wiki,.debian.org/DebianInstaller") == ["https://wiki.debian.org/DebianInstaller"])
    }

    @Test func aURLBrokenOverTwoLinesByTheLayout() {
        let text = "Manual: https://www.debian.org/doc/manuals/\ndebian-reference/ch01.en.html\nNext topic"
        #expect(urls(text) == ["https://www.debian.org/doc/manuals/debian-reference/ch01.en.html"])
        let matched = DataDetector(kinds: [.url]).matches(in: text).map(\.text)
        #expect(matched == ["https://www.debian.org/doc/manuals/\ndebian-reference/ch01.en.html"])
    }

    @Test func urlsOnConsecutiveLinesStayApart() {
        let text = "https://www.debian.org/doc/\nhttps://wiki.debian.org/\ngithub.com/apple/swift"
        #expect(urls(text) == ["https://www.debian.org/doc/", "https://wiki.debian.org/", "https://github.com/apple/swift"])
    }

    @Test func prosAfterAURLIsNotItsPath() {
        #expect(urls("Slides: https://example.org/talk.\nThanks for listening") == ["https://example.org/talk"])
        #expect(urls("See https://example.org/docs/\nThe end of it") == ["https://example.org/docs/"])
        #expect(urls("at https://example.org/a- and more") == ["https://example.org/a-"])
    }

    @Test func spacesOnlyWhereOCRPutsThem() {
        #expect(urls("https : //example.org/x") == ["https://example.org/x"])
        #expect(urls("http:/ /example.org") == ["http://example.org"])
        // A space before "www." ends nothing; after a plain word it is prose.
        #expect(urls("Go to www. The next slide") == [])
        #expect(urls("a,b and c,d") == [])
    }
}
