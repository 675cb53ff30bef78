import Foundation
import Testing

@testable import FrameLens

/// A slide projected onto a screen filmed at an angle is found (`ScreenFinder`), warped to a rectangle
/// (`RectifiedScreen`) and read there, with its words' boxes put back on the frame; a picture that is the
/// slide itself is never warped.
struct ScreenRectificationTests {
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let lines = [
        "Keystone correction reads the slide", "Every line of the projected screen", "Warped back into a rectangle",
        "before Tesseract reads it", "as a document scanner does",
    ]
    /// Where `perspective` puts the corners of the 840x640 canvas (clockwise from the top left), on the
    /// 1280x720 frame once the canvas is laid at (200, 40).
    static let canvasCorners = [(80, 150), (800, 0), (820, 640), (60, 470)]

    /// One second of a slide (800x600, black text on white) with a transparent margin of 20 pixels, seen at
    /// an angle on a dark wall: the right side near, the left far; blurred, with noise, H.264.
    static func filmedSlide() throws -> String {
        let text = lines.enumerated().map { index, line in
            "drawtext=fontfile=\(font):text='\(line)':fontsize=34:x=40:y=\(70 + index * 100)"
        }
        let (c0, c1, c2, c3) = (canvasCorners[0], canvasCorners[1], canvasCorners[2], canvasCorners[3])
        let screen = (text + [
            "format=yuva444p", "pad=840:640:20:20:color=black@0",
            "perspective=x0=\(c0.0):y0=\(c0.1):x1=\(c1.0):y1=\(c1.1):x2=\(c3.0):y2=\(c3.1):x3=\(c2.0):y3=\(c2.1)"
                + ":sense=destination",
        ]).joined(separator: ",")
        return try TestMedia.make("filmed-slide.mp4", [
            "-f", "lavfi", "-i", "color=c=white:s=800x600:r=5:d=1",
            "-f", "lavfi", "-i", "color=c=0x262320:s=1280x720:r=5:d=1",
            "-filter_complex", "[0]\(screen)[screen];[1][screen]overlay=200:40,gblur=sigma=0.8,noise=alls=8:allf=t",
            "-c:v", "libx264", "-crf", "20", "-pix_fmt", "yuv420p",
        ])
    }

    /// The slide's corners on the frame: the canvas's inner corners (20 pixels in) where the canvas's
    /// transform takes them.
    static var slideCorners: [Point] {
        let canvas = [Point(x: 0, y: 0), Point(x: 840, y: 0), Point(x: 840, y: 640), Point(x: 0, y: 640)]
        let placed = canvasCorners.map { Point(x: Double($0.0 + 200), y: Double($0.1 + 40)) }
        let transform = ProjectiveTransform(from: canvas, to: placed)!
        return [(20, 20), (820, 20), (820, 620), (20, 620)].map { transform.apply(Point(x: Double($0.0), y: Double($0.1))) }
    }

    static func analyze(_ video: String, _ rectification: AnalysisOptions.Rectification) async throws -> FrameAnalysis {
        let frame = try VideoFrame.firstFrame(ofFileAt: video)
        return try await FrameAnalyzer.shared.analyze(
            frame, options: AnalysisOptions(features: [.text], rectification: rectification))
    }

    @Test func findsTheScreenWithinAFewPixelsOfItsCorners() async throws {
        let analysis = try await Self.analyze(try Self.filmedSlide(), .auto)
        let found = try #require(analysis.screen)
        for (corner, truth) in zip(found.corners, Self.slideCorners) {
            #expect(corner.distance(to: truth) <= 6, "\(corner) is not \(truth)")
        }
    }

    @Test func readsTheLinesTheFrameAsItIsLoses() async throws {
        let video = try Self.filmedSlide()
        let rectified = try await Self.analyze(video, .auto)
        let plain = try await Self.analyze(video, .off)
        let read = (rectified.text?.blocks ?? []).flatMap(\.lines).map(\.text)
        let readPlain = (plain.text?.blocks ?? []).flatMap(\.lines).map(\.text)
        #expect(read == Self.lines, "\(read)")
        #expect(Self.lines.contains { !readPlain.contains($0) }, "\(readPlain)")
        #expect(plain.screen == nil)
    }

    @Test func putsTheWordsBackOnTheFrame() async throws {
        let analysis = try await Self.analyze(try Self.filmedSlide(), .auto)
        let first = try #require(analysis.text?.blocks.first?.lines.first)
        // The first line starts 40 pixels in on the slide, its letters 70 to 110 pixels down.
        let slide = [Point(x: 0, y: 0), Point(x: 800, y: 0), Point(x: 800, y: 600), Point(x: 0, y: 600)]
        let onFrame = try #require(ProjectiveTransform(from: slide, to: Self.slideCorners))
        let start = onFrame.apply(Point(x: 40, y: 90))
        let box = first.bounds.pixels
        #expect(abs(box.x - start.x) <= 8, "\(box) starts at \(start)")
        #expect(box.y <= start.y && box.y + box.height >= start.y, "\(box) holds \(start)")
        #expect(first.bounds.normalized.x == box.x / 1280)
    }

    @Test func aPictureThatIsTheSlideIsNotWarped() async throws {
        let analysis = try await Self.analyze(TestMedia.sample, .auto)
        #expect(analysis.screen == nil)
        let plain = try await Self.analyze(TestMedia.sample, .off)
        #expect(analysis == plain)
    }

    @Test func grabPutsTheScreenInTheJSONAndOffLeavesItOut() throws {
        let video = try Self.filmedSlide()
        let auto = try Command.framelens(["grab", video, "--at", "0", "--types", "text", "--json"])
        let off = try Command.framelens(["grab", video, "--at", "0", "--types", "text", "--json", "--rectify", "off"])
        #expect(auto.status == 0 && off.status == 0)
        let screen = try #require(try JSONSerialization.jsonObject(with: Data(auto.text.utf8)) as? [String: Any])["screen"]
        #expect((screen as? [String: Any])?.keys.sorted() == ["bottomLeft", "bottomRight", "topLeft", "topRight"])
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(off.text.utf8)) as? [String: Any])
        #expect(plain["text"] != nil && plain["screen"] == nil)
    }

    @Test func slidePicturesShowTheRectifiedScreen() throws {
        let video = try Self.filmedSlide()
        func pictureSize(_ extra: [String]) throws -> (width: Int, height: Int) {
            let folder = TestMedia.path("rectified-slides")
            let result = try Command.framelens(
                ["index", video, "--format", "json", "-o", folder + ".json", "--slides", folder] + extra)
            #expect(result.status == 0, "\(result.errorText)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + #require(names.first))))
            func number(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            return (number(16), number(20))
        }
        let rectified = try pictureSize([])
        let whole = try pictureSize(["--rectify", "off"])
        // The rectangle's sides are the screen's longer ones: its bottom, from about (269, 502) to (984, 651),
        // and its right side, from about (968, 64) to (984, 651).
        #expect(abs(rectified.width - 729) <= 8 && abs(rectified.height - 587) <= 8, "\(rectified)")
        #expect(whole == (1280, 720))
    }

    /// One second of a dim, upright screen (800x560 at (240, 80), level 154) with soft gray text (level 96) in a
    /// dark room (level 28): upright, it could be a window on a dark desktop, so `ScreenFinder.find` is not sure
    /// of it; thresholded between the room and the screen, its text is lost.
    static let dimLines = [
        "Soft gray text on a dim screen", "A camera films the lecture", "The room around it is dark",
        "Tesseract sees only the room",
    ]

    static func dimScreen() throws -> String {
        let text = dimLines.enumerated().map { index, line in
            "drawtext=fontfile=\(font):text='\(line)':fontsize=30:fontcolor=0x606060:x=40:y=\(60 + index * 110)"
        }.joined(separator: ",")
        return try TestMedia.make("dim-screen.mp4", [
            "-f", "lavfi", "-i", "color=c=0x9a9a9a:s=800x560:r=5:d=1",
            "-f", "lavfi", "-i", "color=c=0x1c1c1c:s=1280x720:r=5:d=1",
            "-filter_complex", "[0]\(text)[screen];[1][screen]overlay=240:80,gblur=sigma=1.2,noise=alls=6:allf=t",
            "-c:v", "libx264", "-crf", "20", "-pix_fmt", "yuv420p",
        ])
    }

    @Test func aFilmedScreenNotFoundForSureIsReadWithTheRoomPaintedOver() async throws {
        let frame = try VideoFrame.firstFrame(ofFileAt: try Self.dimScreen())
        var options = AnalysisOptions(features: [.text])
        let asItIs = try await FrameAnalyzer.shared.analyze(frame, options: options)
        options.isFilmed = true
        let filmed = try await FrameAnalyzer.shared.analyze(frame, options: options)
        options.rectification = .off
        let off = try await FrameAnalyzer.shared.analyze(frame, options: options)
        #expect(asItIs.screen == nil && filmed.screen == nil)
        #expect(asItIs.text?.transcript == "" && off.text?.transcript == "")
        #expect(filmed.text?.blocks.flatMap(\.lines).map(\.text) == Self.dimLines)
        // The words stay where the frame shows them: the first line 40 pixels into the screen.
        let first = try #require(filmed.text?.blocks.first?.lines.first?.bounds.pixels)
        #expect(abs(first.x - 280) <= 4 && abs(first.y - 146) <= 12, "\(first)")
    }

    @Test func theIsolatedScreenIsTheBrightRegionAndTheRoomTakesItsLevel() throws {
        let frame = try VideoFrame.firstFrame(ofFileAt: try Self.dimScreen())
        let isolated = try #require(frame.withLumaPlane(ScreenFinder.isolated))
        // Cells are 4 pixels: the box is the screen's to a cell, the blur's edge aside.
        let box = isolated.box
        let expected: [(found: Double, truth: Double)] = [
            (box.x, 240.0 / 1280), (box.y, 80.0 / 720), (box.width, 800.0 / 1280), (box.height, 560.0 / 720),
        ]
        for (found, truth) in expected {
            #expect(abs(found - truth) <= 0.01, "\(box)")
        }
        let pixels = isolated.picture.pixels
        // The room's corner takes the level of the screen's blank parts; the screen keeps its own pixels.
        frame.withLumaPlane { plane in
            let blank: [Int] = (990..<1010).flatMap { (x: Int) -> [Int] in (590..<610).map { (y: Int) -> Int in Int(plane[x, y]) } }
            let level = blank.reduce(0, +) / blank.count
            #expect(abs(Int(pixels[0]) - level) <= 3, "\(pixels[0]) against \(level)")
            #expect(Int(plane[0, 0]) < level / 2)
            #expect(pixels[400 * 1280 + 700] == plane[700, 400])
        }
    }
}
