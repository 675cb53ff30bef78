import Foundation
import Testing
@testable import FrameLens

/// FrameLens's own reading and Tesseract's page layout, chosen place by place; and slides where the plan alone
/// lost lines that the `tesseract` command reads.
struct SecondReadingTests {
    static func line(_ text: String, x: Double, y: Double, width: Double, confidence: Double = 0.9) -> RecognizedLine {
        let words = text.split(separator: " ").enumerated().map { index, word in
            let step = width / Double(text.split(separator: " ").count)
            return RecognizedWord(
                text: String(word), confidence: confidence,
                bounds: Bounds(pixels: PixelRect(x: x + Double(index) * step, y: y, width: step - 8, height: 40), displaySize: (1920, 1080)))
        }
        return RecognizedLine(words: words)
    }

    @Test func keepsAPageLineThePlanLost() {
        let planned = [RecognizedBlock(lines: [Self.line("Gates combine switches", x: 100, y: 300, width: 900)])]
        let page = [
            RecognizedBlock(lines: [Self.line("Levels of Abstraction", x: 60, y: 40, width: 1300)]),
            RecognizedBlock(lines: [Self.line("Gates combine switches", x: 100, y: 300, width: 900)]),
        ]
        let chosen = SecondReading.choose(planned: planned, page: page)
        #expect(chosen.map(\.text) == ["Levels of Abstraction", "Gates combine switches"])
    }

    @Test func takesThePageLineThatReadsClearlyMore() {
        let planned = [RecognizedBlock(lines: [
            Self.line("Abst", x: 500, y: 40, width: 200), Self.line("Body text here", x: 100, y: 300, width: 900),
        ])]
        let page = [RecognizedBlock(lines: [Self.line("Levels of Abstraction for Digital Circuits", x: 60, y: 42, width: 1300)])]
        let chosen = SecondReading.choose(planned: planned, page: page)
        #expect(chosen.map(\.text) == ["Levels of Abstraction for Digital Circuits", "Body text here"])
    }

    @Test func keepsThePlansTableWhereBothReadTheSame() {
        // The plan reads a table column by column; the page reads its rows across both columns.
        let planned = [RecognizedBlock(lines: [
            Self.line("man", x: 100, y: 300, width: 200), Self.line("info", x: 100, y: 360, width: 200),
            Self.line("manual pages", x: 600, y: 300, width: 500), Self.line("info pages", x: 600, y: 360, width: 500),
        ])]
        let page = [RecognizedBlock(lines: [
            Self.line("man manual pages", x: 100, y: 300, width: 1000), Self.line("info info pages", x: 100, y: 360, width: 1000),
        ])]
        #expect(SecondReading.choose(planned: planned, page: page) == planned)
    }

    // MARK: - Slides

    static func slide(_ name: String, size: String, filters: String, crf: Int) throws -> String {
        try TestMedia.make(name, [
            "-f", "lavfi", "-i", "color=white:s=\(size):d=1:r=25", "-vf", filters, "-c:v", "libx264", "-crf", "\(crf)",
            "-pix_fmt", "yuv420p",
        ])
    }

    static func drawText(_ file: String, font: String, size: Int, x: Int, y: Int, spacing: Int, colour: String = "black")
        -> String
    {
        "drawtext=fontfile=\(font):textfile=\(file):fontsize=\(size):x=\(x):y=\(y):line_spacing=\(spacing):fontcolor=\(colour)"
    }

    static func textFile(_ name: String, _ text: String) throws -> String {
        let path = TestMedia.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func detectsEveryURLOfASoftLinksSlide() async throws {
        // Monospaced URLs at 854x480, crf 35: Tesseract is unsure of every long word (17-49 %), and read
        // `https: //`, `wiki,debian.org` and `debian- reference`; FrameLens kept one line of four.
        let urls = [
            "https://www.debian.org/doc/manuals/debian-reference/", "https://wiki.debian.org/DebianInstaller",
            "www.kernel.org/doc/html/latest/", "https://salsa.debian.org/debian/debian-reference",
        ]
        let text = try Self.textFile("links.txt", (["Further reading"] + urls).joined(separator: "\n"))
        let video = try Self.slide("links-480p.mp4", size: "854x480", filters: Self.drawText(
            text, font: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", size: 18, x: 30, y: 60, spacing: 20), crf: 35)
        let result = try await FrameAnalyzerTests.analysis(video, at: 0.5)
        let found = result.detections.filter { $0.kind == .url }.map(\.value)
        #expect(found == urls.map { $0.hasPrefix("https") ? $0 : "https://" + $0 })
    }

    @Test func readsATitleOnAColouredBar() async throws {
        let body = try Self.textFile("body.txt", """
            Transistors switch on and off at gigahertz rates
            Gates combine switches into Boolean functions
            """)
        let title = try Self.textFile("title.txt", "Levels of Abstraction for Digital Circuits")
        let video = try Self.slide("title-bar.mp4", size: "1920x1080", filters: [
            "drawbox=x=0:y=0:w=1920:h=150:color=0x3333B3:t=fill",
            Self.drawText(title, font: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", size: 60, x: 60, y: 45,
                          spacing: 0, colour: "white"),
            Self.drawText(body, font: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", size: 44, x: 100, y: 260, spacing: 40),
        ].joined(separator: ","), crf: 23)
        let result = try await FrameAnalyzerTests.analysis(video, at: 0.5)
        let lines = try #require(result.text?.transcript).split(separator: "\n").map(String.init)
        #expect(lines == [
            "Levels of Abstraction for Digital Circuits", "Transistors switch on and off at gigahertz rates",
            "Gates combine switches into Boolean functions",
        ])
    }

    @Test func readsHangulWordsWithoutSpacesBetweenTheirSyllables() async throws {
        // Sentences of apt's Korean translation. The engine's words are syllables, which its own text writes
        // without spaces; joined with spaces, they read as `캐 시 가 동 기 화 되지`.
        let sentences = [
            "캐시가 동기화되지 않았습니다. 패키지 파일을 상호 참조할 수 없습니다.",
            "서버에서 읽고 연결을 닫는데 오류가 발생했습니다.",
            "시스템에 들어 있는 패키지의 이름을 모두 봅니다.",
            "패키지를 제거해야 하지만 제거가 금지되어 있습니다.",
        ]
        let text = try Self.textFile("kor.txt", sentences.joined(separator: "\n"))
        let video = try Self.slide("kor-720p.mp4", size: "1280x720", filters: Self.drawText(
            text, font: "/usr/share/fonts/truetype/nanum/NanumGothic.ttf", size: 30, x: 60, y: 240, spacing: 16), crf: 18)
        let options = AnalysisOptions(locales: ["ko"])
        let result = try await FrameAnalyzerTests.analysis(video, at: 0.5, options)
        let transcript = try #require(result.text?.transcript)
        let errorRate = TextSimilarity.characterErrorRate(transcript, reference: sentences.joined(separator: "\n"))
        // Tesseract's layout leaves the first line's last word out of every block (`없습니다.`): 0.056.
        #expect(errorRate <= 0.06, "CER \(errorRate): \(transcript)")
        #expect(transcript.contains("캐시가 동기화되지 않았습니다. 패키지 파일을 상호 참조할"))
        #expect(transcript.contains("\n서버에서 읽고 연결을 닫는데 오류가 발생했습니다.\n"))
    }
}
