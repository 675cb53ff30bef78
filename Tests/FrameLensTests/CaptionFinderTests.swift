import Foundation
import Testing
@testable import FrameLens

/// Captions found by PP-OCR's text detector on the samples and followed over time (`--caption-finder detector`).
struct CaptionFinderTests {
    /// 6 s at 25 fps of a zoom into the Mandelbrot set (texture moving in every frame) with a caption that fades
    /// in and out over 0.4 s from 0.4 s (frame 10) to 2 s, and one cut in from 2.8 s (frame 70) to 4.8 s.
    static func fadingCaptionVideo() throws -> String {
        let srt = TestMedia.path("fading-caption.srt")
        try """
            1
            00:00:00,400 --> 00:00:02,000
            {\\fad(400,400)}A caption that fades in

            2
            00:00:02,800 --> 00:00:04,800
            Then one cut in at once

            """.write(toFile: srt, atomically: true, encoding: .utf8)
        return try TestMedia.make("fading-caption.mp4", [
            "-f", "lavfi", "-i", "mandelbrot=s=640x360:rate=25", "-t", "6",
            "-vf", "subtitles=filename=\(srt):force_style='FontName=DejaVu Sans,Outline=1.5,Shadow=0'",
            "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
    }

    @Test func aFadingCaptionStartsWhereItBeginsToShowAndEndsWhereItHasGone() async throws {
        let options = VideoIndexer.Options(analysis: AnalysisOptions(engine: .ppocr), captionFinder: .detector)
        let index = try await VideoIndexer(url: try Self.fadingCaptionVideo(), options: options).run()
        #expect(index.cues.map(\.text) == ["A caption that fades in", "Then one cut in at once"])
        #expect(index.cues.map(\.startFrame) == [10, 70])
        #expect(index.cues.map(\.endFrame) == [50, 120])
    }

    /// 3 s at 25 fps of the same zoom with a caption shown for 0.7 s, from 1.1 s (frame 28) to 1.8 s (frame 45):
    /// a single sample shows it.
    static func shortCaptionVideo() throws -> String {
        let srt = TestMedia.path("short-caption.srt")
        try """
            1
            00:00:01,100 --> 00:00:01,800
            See you tomorrow

            """.write(toFile: srt, atomically: true, encoding: .utf8)
        return try TestMedia.make("short-caption.mp4", [
            "-f", "lavfi", "-i", "mandelbrot=s=640x360:rate=25", "-t", "3",
            "-vf", "subtitles=filename=\(srt):force_style='FontName=DejaVu Sans,Outline=1.5,Shadow=0'",
            "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
    }

    @Test func aCaptionSeenAtOneSampleIsFoundWhenAFrameBetweenShowsItToo() async throws {
        let options = VideoIndexer.Options(analysis: AnalysisOptions(engine: .ppocr), captionFinder: .detector)
        let index = try await VideoIndexer(url: try Self.shortCaptionVideo(), options: options).run()
        #expect(index.cues.map(\.text) == ["See you tomorrow"])
        #expect(index.cues.map(\.startFrame) == [28])
        #expect(index.cues.map(\.endFrame) == [45])
    }
}
