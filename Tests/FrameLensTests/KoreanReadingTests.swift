import Foundation
import Testing
@testable import FrameLens

/// Korean text as FrameLens meets it: a full-HD slide in large type, whose layout Tesseract finds only at a
/// resolution its lines make sensible, and a caption with a Latin word in it, which the Korean model alone
/// reads as digits.
struct KoreanReadingTests {
    @Test func aFullHDSlideInLargeTypeKeepsEveryLineWhole() async throws {
        // Laid out at 96 dpi, 48-pixel lines are half-inch type: the layout cut the first two lines' starts
        // off (`|는 중입니다. 의존성 트리를`) and put them after the other two. (The last line's `k바이트`
        // reads `빠이트`.)
        let lines = [
            "패키지 목록을 읽는 중입니다. 의존성 트리를 만드는 중입니다.",
            "상태 정보를 읽는 중입니다. 다음 새 패키지를 설치할 것입니다.",
            "업그레이드 0개, 새로 설치 1개, 제거 0개 및 업그레이드 안 함 3개.",
            "이 작업 후 2048 k바이트의 디스크 공간을 더 사용하게 됩니다.",
        ]
        let text = try SecondReadingTests.textFile("kor-large.txt", lines.joined(separator: "\n") + "\n")
        let video = try SecondReadingTests.slide("kor-1080p.mp4", size: "1920x1080", filters: SecondReadingTests.drawText(
            text, font: "/usr/share/fonts/truetype/nanum/NanumMyeongjo.ttf", size: 48, x: 120, y: 300, spacing: 36), crf: 23)
        let result = try await FrameAnalyzerTests.analysis(video, at: 0.5, AnalysisOptions(locales: ["ko"]))
        let read = try #require(result.text?.transcript).split(separator: "\n").map(String.init)
        #expect(Array(read.prefix(3)) == Array(lines.prefix(3)))
        #expect(read.count == 4 && read[3].hasPrefix("이 작업 후 2048 "))
    }

    @Test func aLineHeightGivesTheResolutionOfTextSixteenPointsTall() {
        #expect(ReadingPlan.resolution(lineHeight: 64) == 288)
        #expect(ReadingPlan.resolution(lineHeight: 20) == 90)
    }

    /// 3 s at 25 fps of a still blue wall (with fixed sensor noise) and a dark box crossing it, with a white
    /// caption holding a Latin word on a translucent box at the bottom, frames 10-70.
    static func latinWordCaptionVideo(
        _ text: String = "이 명령은 dpkg 데이터베이스를 갱신합니다", name: String = "korean-latin-caption.mp4"
    ) throws -> String {
        let style = "fontsize=26:x=(w-text_w)/2:y=400:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=6"
        let caption = "drawtext=fontfile=/usr/share/fonts/truetype/nanum/NanumGothic.ttf:text='\(text)'"
            + ":\(style):enable='between(n\\,10\\,70)'"
        return try TestMedia.make(name, [
            "-f", "lavfi", "-i", "color=c=0x6080A0:s=854x480:r=25", "-f", "lavfi", "-i", "color=c=0x303020:s=120x140:r=25",
            "-filter_complex", "[0][1]overlay=x='mod(t*200,700)':y=150,noise=alls=4:allf=t:all_seed=1,\(caption)",
            "-t", "3", "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
    }

    @Test func aCaptionsLatinWordIsReadInEnglish() async throws {
        // The Korean model alone read `dpkg` as `00109`, with no confidence, in the one cue. (The caption's
        // first frames, read before its clean picture, still read `00109`: a cue of their own.)
        let index = try await VideoIndexer(url: try Self.latinWordCaptionVideo(), options: .init(analysis: AnalysisOptions(locales: ["ko"]))).run()
        #expect(index.cues.map(\.text).contains("이 명령은 dpkg 데이터베이스를 갱신합니다"))
    }

    @Test func aLatinWordWithAParticleAttachedIsReadInEnglish() async throws {
        // apt's message. The Korean model read `dselect` and the first half of `에` as one word, `05616`, then
        // `어` from inside `ct`; English read that word's box as `dselectOl|`, with no confidence, and the cue
        // was `0561601에서 선택한 걸 따릅니다`.
        let video = try Self.latinWordCaptionVideo("dselect에서 선택한 걸 따릅니다", name: "korean-particle-caption.mp4")
        let index = try await VideoIndexer(url: video, options: .init(analysis: AnalysisOptions(locales: ["ko"]))).run()
        #expect(index.cues.map(\.text) == ["dselect에서 선택한 걸 따릅니다"])
    }

    @Test func aShortBoxedCaptionTheLayoutFindsNothingInIsReadAsOneBlock() async throws {
        // Tesseract's page layout found no text in the caption's tight band (as `tesseract --psm 3` on its crop
        // does not), and the caption made no cue at all; read as one block (`--psm 6`) it reads.
        let video = try Self.latinWordCaptionVideo("포맷 버전 번호", name: "korean-short-caption.mp4")
        let index = try await VideoIndexer(url: video, options: .init(analysis: AnalysisOptions(locales: ["ko"]))).run()
        let cue = try #require(index.cues.first)
        #expect(index.cues.count == 1)
        #expect(cue.text.hasSuffix("버전 번호"))
        #expect(cue.startFrame == 10 && cue.endFrame == 71)
    }

    @Test func theEnglishReadingStopsAtTheWordBeforeAndTriesEndsInsideTheNext() {
        // A 40-pixel line: margin 10. The word before ends at 95, inside the margin; the next starts at 150,
        // inside the word.
        let word = ImageRect(x: 100, y: 20, width: 80, height: 40)
        let parts = PageReader.latinParts(
            of: word, after: ImageRect(x: 40, y: 20, width: 55, height: 40), before: ImageRect(x: 150, y: 20, width: 40, height: 40))
        #expect(parts.map(\.x) == [95, 95, 95, 95, 95])
        #expect(parts.map { $0.x + $0.width } == [150, 160, 170, 180, 190])
        #expect(parts.allSatisfy { $0.y == 10 && $0.height == 60 })
        // Alone in its line: the box and its margin.
        #expect(PageReader.latinParts(of: word, after: nil, before: nil) == [ImageRect(x: 90, y: 10, width: 100, height: 60)])
    }

    @Test func englishReadsLatinWordsOnlyForScriptsThatEmbedThem() throws {
        try #require(TessdataDirectory.installedLanguages.contains("eng"))
        #expect(TesseractLanguages.needEnglishForLatin("kor"))
        #expect(TesseractLanguages.needEnglishForLatin("jpn+chi_sim"))
        #expect(!TesseractLanguages.needEnglishForLatin("kor+eng"))
        #expect(!TesseractLanguages.needEnglishForLatin("deu"))
    }
}
