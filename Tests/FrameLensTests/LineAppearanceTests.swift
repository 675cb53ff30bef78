import Testing
@testable import FrameLens

/// A place's look at two samples: the same line a pixel away looks the same, another title at its place does
/// not, and a line left unread is followed by its place only while its place looks as it did.
struct LineAppearanceTests {
    static let title = "Writing the image data"
    static let next = "Unknown-chunk handling"

    /// Frames of a 1280x720 slide with a DejaVu Sans Bold title at (60, 60), 48 px, dark on light, losslessly
    /// coded: the title, the title a pixel to the right, the next slide's title, and no title.
    static func frames() throws -> [VideoFrame] {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
        let titles = [(title, 60, "0"), (title, 61, "1"), (next, 60, "2")].map { text, x, frame in
            "drawtext=fontfile=\(font):text='\(text)':fontsize=48:fontcolor=0x202020:x=\(x):y=60:enable='eq(n,\(frame))'"
        }
        let video = try TestMedia.make("slide-titles.mkv", [
            "-f", "lavfi", "-i", "color=c=0xf0f0f0:s=1280x720:r=10", "-frames:v", "4",
            "-vf", titles.joined(separator: ","), "-c:v", "ffv1", "-pix_fmt", "yuv420p",
        ])
        let cursor = FrameCursor(decoder: try VideoDecoder(file: try MediaFile(url: video), streamIndex: 0, threads: 1))
        return try (0..<4).map { _ in try #require(try cursor.step()) }
    }

    /// The title's place: the box around it.
    static var place: NormalizedRect { line("").bounds.normalized }

    static func line(_ text: String) -> RecognizedLine {
        RecognizedLine(
            text: text, confidence: text.isEmpty ? 0 : 0.9,
            bounds: Bounds(pixels: PixelRect(x: 50, y: 50, width: 700, height: 70), displaySize: (1280, 720)), words: [])
    }

    @Test func theSameLineAPixelAwayLooksTheSameAndAnotherTitleDoesNot() throws {
        let looks = try Self.frames().map { try #require(LineAppearance(of: Self.place, in: try LumaImage($0))) }
        #expect(!looks[1].isOtherText(than: looks[0]))
        #expect(looks[2].isOtherText(than: looks[0]))
        #expect(looks[2].isOtherText(than: looks[1]))
        // A blank place is other than a title, and the same as itself.
        #expect(looks[3].isOtherText(than: looks[0]))
        #expect(!looks[3].isOtherText(than: looks[3]))
    }

    @Test func anUnreadLineGoesOnWhileItsPlaceLooksAsItDid() throws {
        let images = try Self.frames().map { try LumaImage($0) }
        var tracks = TextTracks()
        func observe(_ text: String, frame: Int) -> [TextTracks.Caption] {
            tracks.observe([Self.line(text)], at: TextTracksTests.sample(frame)) { LineAppearance(of: $0, in: images[frame]) }
        }
        #expect(observe(Self.title, frame: 0).isEmpty)
        // Unread a pixel away: the same line.
        #expect(observe("", frame: 1).isEmpty)
        // Unread where the next title stands: the first title ends there, and another line begins.
        let captions = observe("", frame: 2) + tracks.finish()
        #expect(captions.map(\.first) == [TextTracksTests.sample(0), TextTracksTests.sample(2)])
        #expect(captions.first?.after == TextTracksTests.sample(2))
        #expect(captions.first?.lines.map(\.reading.text) == [Self.title])
    }
}
