import Foundation
import Testing

@testable import FrameLens

/// The lines of a screen filmed at an angle lean, each its own way: PP-OCR's detector finds each along its own
/// slant, and each is read straightened (`SlantedLineReader`).
struct SlantedLineReaderTests {
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let lines = ["The top line leans down", "and the next one less", "while this one leans up", "and the last line most"]

    /// The lines drawn in two pairs 26 pixels apart, one at the top and one at the bottom of a white 640x240
    /// picture, warped as a keystone does (`perspective`): the top edge leans down by 60 pixels, the bottom
    /// edge up by 60; as 8-bit gray.
    static func keystonedLines() throws -> LumaImage {
        let text = lines.enumerated().map { index, line in
            "drawtext=fontfile=\(font):text='\(line)':fontsize=20:x=40:y=\([24, 50, 164, 190][index])"
        }
        let result = try Command.run("ffmpeg", [
            "-nostdin", "-v", "error", "-f", "lavfi", "-i", "color=c=white:s=640x240:d=1",
            "-vf", (text + ["perspective=x0=0:y0=0:x1=640:y1=60:x2=0:y2=240:x3=640:y3=180:sense=destination:eval=init"])
                .joined(separator: ","),
            "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", "-",
        ])
        #expect(result.status == 0, "\(result.errorText)")
        return LumaImage(
            owned: PixelImage(width: 640, height: 240, format: .gray8, pixels: result.output), displayWidth: 640, displayHeight: 240)
    }

    @Test func linesLeaningEachTheirOwnWayAreReadStraightened() throws {
        let image = try Self.keystonedLines()
        let engine = try TesseractEngine(languages: "eng")
        let learned = try PPOCREngine.shared()
        let whole = image.pixelRect(.whole)
        let read = try SlantedLineReader(learned: learned, engine: engine, minimumConfidence: 0).read(image, in: whole)
        #expect(read.flatMap(\.lines).map(\.text) == Self.lines)
        // Read in upright boxes, each line's box holds the ends of the lines beside it.
        let upright = PageReader(engine: engine, image: image, minimumConfidence: 0, secondReading: .nowhere)
            .read(lines: try learned.lines(in: image, whole, maximumSide: 640), scale: 2)
        #expect(upright.flatMap(\.lines).map(\.text) != Self.lines, "\(upright.flatMap(\.lines).map(\.text))")
        // The words are put back on the picture: each box holds letters, and the top line's last word sits
        // lower than its first, the bottom line's higher.
        let readLines = read.flatMap(\.lines)
        for word in readLines.flatMap(\.words) {
            let box = word.bounds.pixels
            let dark = image.withPlane { plane in
                (Int(box.y)..<Int(box.y + box.height)).flatMap { y in (Int(box.x)..<Int(box.x + box.width)).map { plane[$0, y] } }
            }.filter { $0 < 128 }.count
            #expect(Double(dark) >= 0.1 * box.width * box.height, "\(word.text): \(dark) dark pixels in \(box)")
        }
        let top = try #require(readLines.first?.words), bottom = try #require(readLines.last?.words)
        #expect(top.last!.bounds.pixels.y >= top.first!.bounds.pixels.y + 4, "\(top.map(\.bounds.pixels))")
        #expect(bottom.last!.bounds.pixels.y <= bottom.first!.bounds.pixels.y - 4, "\(bottom.map(\.bounds.pixels))")
    }

    /// A line leaning 0.15 (a band of probability 1 on a map of 0): scored within its upright box it is mostly
    /// background and dropped; scored along its slant it is a line, its rectangle leaning as it does.
    @Test func aLeaningLineIsScoredAlongItsSlant() throws {
        let width = 200, height = 100
        var map = [Float](repeating: 0, count: width * height)
        for x in 20..<170 {
            let middle = 30 + Int((Double(x - 20) * 0.15).rounded())
            for y in (middle - 3)...(middle + 3) { map[y * width + x] = 1 }
        }
        #expect(TextDetector.lines(probabilities: map, width: width, height: height, slanted: false).isEmpty)
        let lines = TextDetector.lines(probabilities: map, width: width, height: height, slanted: true)
        #expect(lines.count == 1)
        let corners = try #require(lines.first).slanted
        let slope = (corners.topRight.y - corners.topLeft.y) / (corners.topRight.x - corners.topLeft.x)
        #expect(abs(slope - 0.15) <= 0.01, "\(corners)")
        #expect(abs(lines[0].lineHeight - 8) <= 1.5, "\(lines[0].lineHeight)")
    }
}
