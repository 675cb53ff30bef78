import Foundation
import Testing
@testable import FrameLens

/// `CaptionConsensus` on frames decoded from a lossless video: what the frames around a caption say about
/// its background, when one of them shows another caption at its place.
struct CaptionConsensusTests {
    /// 3 frames of 160x120 (FFV1, lossless): a still picture, dark on the left and light on the right, with
    /// a white box at x 40-119, y 76-99. Frame 0 shows the box alone (the caption before); frames 1 and 2
    /// show two black marks in it (this caption's strokes, at x 50-59 and 90-99, y 82-91).
    static func captionAfterAnother() throws -> [VideoFrame] {
        let marks = [50, 90].map { "drawbox=x=\($0):y=82:w=10:h=10:color=black:t=fill:enable='gte(n,1)'" }
        let video = try TestMedia.make("caption-after-another.mkv", [
            "-f", "lavfi", "-i", "color=c=0x404040:s=160x120:r=10", "-frames:v", "3",
            "-vf", (["drawbox=x=80:y=0:w=80:h=120:color=0xC0C0C0:t=fill",
                     "drawbox=x=40:y=76:w=80:h=24:color=white:t=fill"] + marks).joined(separator: ","),
            "-c:v", "ffv1", "-pix_fmt", "yuv420p",
        ])
        let cursor = FrameCursor(decoder: try VideoDecoder(file: try MediaFile(url: video), streamIndex: 0, threads: 1))
        return try (0..<3).map { _ in try #require(try cursor.step()) }
    }

    /// The part held: x 20-139, y 60-109, around the box; the strokes are the marks.
    static let part = ImageRect(x: 20, y: 60, width: 120, height: 50)
    static let box = ImageRect(x: 40, y: 76, width: 80, height: 24)
    static let strokes = (0..<(part.width * part.height)).map { pixel in
        let x = pixel % part.width + part.x, y = pixel / part.width + part.y
        return (82..<92).contains(y) && ((50..<60).contains(x) || (90..<100).contains(x))
    }

    /// The still picture around the box is background, as the frame before shows it, and is filled with
    /// the box's white; the box, which the frame before shows too but as the other caption, is kept.
    static func expectClean(_ picture: [UInt8]) {
        let white = picture[(80 - part.y) * part.width + (45 - part.x)]
        #expect(white > 200)
        for pixel in picture.indices {
            let x = pixel % part.width + part.x, y = pixel / part.width + part.y
            if strokes[pixel] {
                #expect(picture[pixel] < 40, "mark pixel (\(x), \(y))")
            } else if !box.contains(x: x, y: y) {
                #expect(picture[pixel] == white, "background pixel (\(x), \(y))")
            }
        }
    }

    @Test func theFrameBeforeCleansTheStillPictureAroundTheCaptionItReplaced() throws {
        let frames = try Self.captionAfterAnother()
        var consensus = CaptionConsensus(rect: Self.part, strokes: Self.strokes, before: frames[0], showingOthersAt: [Self.box])
        consensus.add(frames[1])
        consensus.add(frames[2])
        Self.expectClean(consensus.picture().pixels)
    }

    @Test func theFrameAfterCleansTheStillPictureAroundTheCaptionThatReplacedIt() throws {
        let frames = try Self.captionAfterAnother()
        var consensus = CaptionConsensus(rect: Self.part, strokes: Self.strokes, before: nil)
        consensus.add(frames[1])
        consensus.add(frames[2])
        consensus.setAfter(frames[0])
        consensus.setAfterShowsOther(at: Self.box)
        Self.expectClean(consensus.picture().pixels)
    }

    @Test func theStrokesCoveredAreThoseInsideTheWordsBoxes() {
        // A part at (100, 50), 10 x 4 pixels, with strokes in its left and right halves of the second row.
        let part = ImageRect(x: 100, y: 50, width: 10, height: 4)
        let strokes = (0..<40).map { $0 / 10 == 1 }
        let consensus = CaptionConsensus(rect: part, strokes: strokes, before: nil)
        #expect(consensus.strokesCovered(by: []) == 0)
        #expect(consensus.strokesCovered(by: [ImageRect(x: 100, y: 50, width: 5, height: 4)]) == 0.5)
        #expect(consensus.strokesCovered(by: [ImageRect(x: 90, y: 40, width: 40, height: 20)]) == 1)
        #expect(CaptionConsensus(rect: part, strokes: [Bool](repeating: false, count: 40), before: nil)
            .strokesCovered(by: [part]) == 0)
    }
}
