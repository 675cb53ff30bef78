import Foundation
import Testing
@testable import FrameLens

/// The analyzer on pictures that are not a player's frame: image files and owned pixels, stored turned.
struct AnalyzingStillsTests {
    /// The slide at 15 s (an e-mail address on it) as ffmpeg writes it, turned by `filter` when given.
    static func slide(_ name: String, filter: String? = nil) throws -> String {
        try TestMedia.make(name, ["-ss", "15", "-i", TestMedia.sample] + (filter.map { ["-vf", $0] } ?? []) + ["-frames:v", "1"])
    }

    static func upright() async throws -> FrameAnalysis {
        let player = try VideoPlayer(url: TestMedia.sample)
        try await player.seek(to: 15)
        return try await player.analyzeCurrentFrame()
    }

    @Test(arguments: ["slide.png", "slide.jpg"])
    func readsAnImageFileAsTheFrameItShows(name: String) async throws {
        let frame = try await Self.upright()
        let image = try await FrameAnalyzer.shared.analyze(imageAt: URL(fileURLWithPath: try Self.slide(name)))
        #expect(image.text?.transcript == frame.text?.transcript)
        #expect(image.detections.map(\.value).contains("ada.lovelace@example.edu"))
        #expect(image.width == frame.width && image.height == frame.height && image.time == 0)
    }

    /// Stored turned a quarter counter-clockwise (`transpose=2`), the slide reads upright when told `.right`,
    /// with positions on the upright picture; told nothing, it does not.
    @Test func readsAFileStoredTurnedUprightWhenToldItsOrientation() async throws {
        let frame = try await Self.upright()
        let turned = try Self.slide("turned.png", filter: "transpose=2")
        let read = try await FrameAnalyzer.shared.analyze(imageAt: turned, orientation: .right)
        #expect(read.text?.transcript == frame.text?.transcript)
        #expect(read.width == frame.width && read.height == frame.height)
        let sideways = try await FrameAnalyzer.shared.analyze(imageAt: turned)
        #expect(sideways.width == frame.height && sideways.text?.transcript != frame.text?.transcript)
    }

    /// Owned RGB pixels, turned upside down in the test, read as the frame they came from when told `.down`;
    /// the first line's box, measured from the top left, is where it is on the frame.
    @Test func readsOwnedPixelsTurnedByTheirOrientation() async throws {
        let player = try VideoPlayer(url: TestMedia.sample)
        try await player.seek(to: 15)
        let frame = try #require(await player.currentlyDisplayedFrame)
        let upright = try FrameRenderer.render(frame, as: .rgb24)
        var pixels = [UInt8](repeating: 0, count: upright.pixels.count)
        for pixel in 0..<upright.width * upright.height {
            let turned = upright.width * upright.height - 1 - pixel
            pixels[turned * 3..<turned * 3 + 3] = upright.pixels[pixel * 3..<pixel * 3 + 3]
        }
        let image = PixelImage(width: upright.width, height: upright.height, format: .rgb24, pixels: pixels)
        let read = try await FrameAnalyzer.shared.analyze(image, orientation: .down)
        let expected = try await FrameAnalyzer.shared.analyze(frame)
        #expect(read.text?.transcript == expected.text?.transcript)
        let box = try #require(read.text?.blocks.first?.lines.first?.bounds.pixels)
        let expectedBox = try #require(expected.text?.blocks.first?.lines.first?.bounds.pixels)
        #expect(abs(box.x - expectedBox.x) <= 2 && abs(box.y - expectedBox.y) <= 2 && box.y < Double(read.height) / 2)
    }

    @Test func aFileThatIsNoImageIsAOneLineError() async throws {
        let text = TestMedia.path("notes.txt")
        try Data("no picture here\n".utf8).write(to: URL(fileURLWithPath: text))
        await #expect {
            try await FrameAnalyzer.shared.analyze(imageAt: text)
        } throws: {
            guard let error = $0 as? MediaError else { return false }
            return error.code == .notMedia && !error.message.contains("\n")
        }
        await #expect {
            try await FrameAnalyzer.shared.analyze(imageAt: TestMedia.path("missing.png"))
        } throws: { ($0 as? MediaError)?.code == .fileNotFound }
    }

    @Test func confidencesAreFractionsInTheAPIAndPercentInJSON() async throws {
        let analysis = try await Self.upright()
        let words = try #require(analysis.text?.blocks.first?.lines.first?.words)
        #expect(words.allSatisfy { (0.5...1).contains($0.confidence) })
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(words[0])) as? [String: Any]
        let percent = try #require(json?["confidence"] as? Double)
        #expect(abs(percent - words[0].confidence * 100) < 1e-9)
        #expect(try JSONDecoder().decode(RecognizedWord.self, from: JSONEncoder().encode(words[0])).confidence
            == words[0].confidence)
    }
}
