import Foundation
import Testing
@testable import FrameLens

/// A text view that scrolls smoothly and stops, as in a code screencast: the view it stopped on is read.
struct ScrollTests {
    /// 30 lines of light text on a dark page, 640x1440; the video shows its top 360 rows for 2 s, scrolls
    /// down 630 rows in 0.7 s (frames 61-81 at 30 fps), then holds for 3.3 s.
    static func video() throws -> String {
        let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo",
                     "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango", "uniform",
                     "victor", "whiskey", "xray", "yankee", "zulu", "anchor", "basket", "candle", "dragon"]
        let lines = (0..<30).map { "\(words[$0]) meets \(words[$0 * 7 % 30]) at noon" }
        let text = TestMedia.directory.appendingPathComponent("scroll-lines.txt").path
        try lines.joined(separator: "\n").write(toFile: text, atomically: true, encoding: .utf8)
        let page = try TestMedia.make("scroll-page.png", [
            "-f", "lavfi", "-i", "color=c=0x1e1e1e:s=640x1440",
            "-vf", "drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:textfile=\(text):fontsize=26"
                + ":fontcolor=0xe0e0e0:x=24:y=24:line_spacing=16",
            "-frames:v", "1",
        ])
        return try TestMedia.make("scroll.mp4", [
            "-loop", "1", "-framerate", "30", "-i", page,
            "-vf", "crop=640:360:0:'if(lt(t,2),0,if(lt(t,2.7),(t-2)/0.7*630,630))'", "-t", "6",
            "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
    }

    @Test func theViewAScrollStopsOnIsRead() async throws {
        let index = try await VideoIndexer(url: try Self.video(), options: .init()).run()
        #expect(index.cues.map(\.text) == [
            "alpha meets alpha at noon\nbravo meets hotel at noon\ncharlie meets oscar at noon\ndelta meets victor at noon\n"
                + "echo meets candle at noon\nfoxtrot meets foxtrot at noon\ngolf meets mike at noon\nhotel meets tango at noon",
            "papa meets papa at noon\nquebec meets whiskey at noon\nromeo meets dragon at noon\nsierra meets golf at noon\n"
                + "tango meets november at noon\nuniform meets uniform at noon\nvictor meets basket at noon\n"
                + "whiskey meets echo at noon\nxray meets lima at noon",
        ])
        #expect(index.cues.first?.endFrame == 61)
        // The second cue starts at the sample that settled during the scroll, not yet at its last frame (81).
        #expect((61...81).contains(index.cues.last?.startFrame ?? -1))
        #expect(index.cues.last?.endFrame == 180)
    }
}
