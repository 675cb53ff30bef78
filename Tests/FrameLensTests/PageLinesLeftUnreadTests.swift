import Foundation
import Testing
@testable import FrameLens

/// The text detector's lines on a frame that shows a page (four lines one under the other) and a caption far
/// below it: the caption finder leaves a page's lines unread, at their places, and reads the caption.
struct PageLinesLeftUnreadTests {
    static let page = ["First line of the page", "second line of the page", "third line of the page", "and its fourth line"]
    static let caption = "A caption far below"

    /// Light gray DejaVu Sans on dark gray, 1280x720: the page's lines at x 60, 50 pixels apart from y 60, 32 px;
    /// the caption at y 600, 40 px. One lossless frame.
    static func frame() throws -> VideoFrame {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let lines = page.enumerated().map { index, line in
            "drawtext=fontfile=\(font):text='\(line)':fontsize=32:fontcolor=0xe0e0e0:x=60:y=\(60 + index * 50)"
        } + ["drawtext=fontfile=\(font):text='\(caption)':fontsize=40:fontcolor=0xe0e0e0:x=400:y=600"]
        let video = try TestMedia.make("page-and-caption.mkv", [
            "-f", "lavfi", "-i", "color=c=0x303030:s=1280x720:r=10", "-frames:v", "1",
            "-vf", lines.joined(separator: ","), "-c:v", "ffv1", "-pix_fmt", "yuv420p",
        ])
        let cursor = FrameCursor(decoder: try VideoDecoder(file: try MediaFile(url: video), streamIndex: 0, threads: 1))
        return try #require(try cursor.step())
    }

    @Test(arguments: [TextEngine.auto, .tesseract])
    func aPagesLinesComeUnreadAtTheirPlacesAndTheCaptionIsRead(engine: TextEngine) async throws {
        let frame = try Self.frame()
        let options = AnalysisOptions(engine: engine)
        let all = try await FrameAnalyzer.shared.readLines(of: frame, options: options)
        #expect(all.map(\.text) == Self.page + [Self.caption])
        let left = try await FrameAnalyzer.shared.readLines(of: frame, options: options, leavingPages: true)
        #expect(left.map(\.text) == ["", "", "", "", Self.caption])
        // Each unread line is where the read one is.
        for (unread, read) in zip(left.prefix(4), all.prefix(4)) {
            #expect(TextTracks.sameRows(unread.bounds.normalized, read.bounds.normalized), "\(unread.bounds) \(read.bounds)")
        }
    }
}
