import Foundation
import Testing
@testable import FrameLens

/// The analyzer with the real Tesseract and ZBar, on the sample's slides and on frames made to be hard.
struct FrameAnalyzerTests {
    static func analysis(_ video: String, at seconds: Double, _ options: AnalysisOptions = AnalysisOptions())
        async throws -> FrameAnalysis
    {
        let player = try VideoPlayer(url: video)
        try await player.seek(to: Timestamp(seconds: seconds))
        return try await player.analyzeCurrentFrame(options: options)
    }

    /// The sample's truth names kinds by what they are; FrameLens reports times and durations as dates.
    static let truthKinds: [String: DataKind] = [
        "url": .url, "email": .email, "phone": .phone, "date": .date, "time": .date, "duration": .date,
        "money": .money, "flight": .flight,
    ]

    @Test(arguments: SampleTruth.sample.slides.map(\.index))
    func readsEverySlideOfTheSample(index: Int) async throws {
        let slide = SampleTruth.sample.slides[index]
        let result = try await Self.analysis(TestMedia.sample, at: slide.middle)
        let transcript = try #require(result.text?.transcript)
        let errorRate = TextSimilarity.characterErrorRate(transcript, reference: slide.text)
        #expect(errorRate <= 0.02, "slide \(index) CER \(errorRate): \(transcript)")
        let codes = result.codes.map { "\($0.symbology) \($0.payload)" }
        #expect(codes == slide.codes.map { "\($0.symbology) \($0.payload)" })
        for (kind, literals) in slide.detections {
            let type = try #require(Self.truthKinds[kind], "unknown truth kind \(kind)")
            let found = result.detections.filter { $0.kind == type }.map(\.text)
            for literal in literals {
                #expect(found.contains { $0.contains(literal) || literal.contains($0) }, "slide \(index): \(kind) '\(literal)' not in \(found)")
            }
        }
    }

    @Test func reportsPositionsOnTheDisplayedPicture() async throws {
        let slide = SampleTruth.sample.slides[5]
        let result = try await Self.analysis(TestMedia.sample, at: slide.middle)
        #expect(result.width == 1280 && result.height == 720)
        let title = try #require(result.text?.blocks.first?.lines.first)
        #expect(title.text == "Quick Quiz")
        #expect(title.bounds.normalized.y < 0.2)
        #expect(abs(title.bounds.normalized.x * 1280 - title.bounds.pixels.x) < 0.001)
        let code = try #require(result.codes.first)
        #expect(code.polygon == [
            Point(x: 935, y: 221), Point(x: 1168, y: 221), Point(x: 1169, y: 455), Point(x: 935, y: 454),
        ])
        #expect(code.bounds.pixels.width > 100 && code.bounds.normalized.x > 0.5)
        let words = title.words.map(\.text)
        #expect(words == ["Quick", "Quiz"])
        #expect(title.words.allSatisfy { $0.confidence > 0.8 })
    }

    @Test func readsTheLumaPlaneInPlace() async throws {
        let player = try VideoPlayer(url: TestMedia.sample)
        let frame = try #require(await player.currentlyDisplayedFrame)
        let image = try LumaImage(frame)
        #expect(image.isDecoderPlane)
        let planeAddress = frame.withUnsafePlane(0) { bytes, _ in bytes.baseAddress }
        #expect(image.withPlane { $0.withUnsafeBytes { bytes, _ in bytes.baseAddress } } == planeAddress)
    }

    @Test func convertsOnlyWhenGeometryOrFormatRequireIt() async throws {
        for (video, size) in [(try TestMedia.rotated(90), (480, 640)), (try TestMedia.variant("10bit.mkv"), (644, 484))] {
            let player = try VideoPlayer(url: video)
            let frame = try #require(await player.currentlyDisplayedFrame)
            let image = try LumaImage(frame)
            #expect(!image.isDecoderPlane)
            #expect((image.width, image.height) == size, "small frames are upscaled twice, at display orientation")
        }
    }

    @Test func readsOnlyTheRegionsAskedFor() async throws {
        let slide = SampleTruth.sample.slides[2]
        let titleBand = try NormalizedRect(x: 0, y: 0, width: 1, height: 0.2)
        let result = try await Self.analysis(TestMedia.sample, at: slide.middle, AnalysisOptions(regions: [titleBand]))
        #expect(result.text?.transcript == "Course Logistics")
        #expect(result.detections.isEmpty)
    }

    @Test func doesNothingForAnEmptySetOfFeatures() async throws {
        let result = try await Self.analysis(TestMedia.sample, at: 15, AnalysisOptions(features: []))
        #expect(result.text == nil && result.codes.isEmpty && result.detections.isEmpty)
    }

    @Test func reportsOnlyTheDataKindsAskedFor() async throws {
        let result = try await Self.analysis(TestMedia.sample, at: 15, AnalysisOptions(dataKinds: [.email]))
        #expect(result.detections.map(\.value) == ["ada.lovelace@example.edu"])
    }

    @Test func namesThePackageOfAMissingLanguage() async throws {
        await #expect {
            try await Self.analysis(TestMedia.sample, at: 1, AnalysisOptions(locales: ["eng", "xyz"]))
        } throws: {
            ($0 as? AnalysisError)?.message
                == "Tesseract language 'xyz' is not installed (installed: \(try! TestMedia.installedLanguages())); install it with: sudo apt-get install tesseract-ocr-xyz"
        }
    }

    @Test func refusesToAnalyseWhilePlaying() async throws {
        let player = try VideoPlayer(url: TestMedia.sample)
        try await player.setRate(0.01)  // slow: a starved test task must not find it paused at the end
        await #expect { try await player.analyzeCurrentFrame() } throws: { ($0 as? AnalysisError)?.code == .notPaused }
        await player.pause()
    }

    /// Starts `analyzeCurrentFrame` while the analyzer's one engine is held, so that the reading has begun
    /// (the frame it reads is taken) and cannot end until `change` has run, however loaded the machine is.
    private static func analysisOvertaken(
        by change: (VideoPlayer) async throws -> Void
    ) async throws -> (VideoPlayer, FrameAnalyzer, Task<FrameAnalysis, any Error>) {
        let analyzer = FrameAnalyzer(enginesPerLanguage: 1)
        try await analyzer.prepare(languages: "eng")
        let pool = analyzer.pool(for: "eng")
        let engine = try #require(await pool.checkOut())
        let player = try VideoPlayer(url: TestMedia.sample)
        try await player.seek(to: 15)
        let analysis = Task { try await player.analyzeCurrentFrame(with: analyzer) }
        while analyzer.analysesInProgress.load(ordering: .relaxed) == 0 { try await Task.sleep(for: .milliseconds(1)) }
        try await change(player)
        pool.checkIn(engine)
        return (player, analyzer, analysis)
    }

    @Test func anAnalysisOvertakenByASeekIsStale() async throws {
        let (player, analyzer, analysis) = try await Self.analysisOvertaken { try await $0.seek(to: 45) }
        await #expect { try await analysis.value } throws: { ($0 as? AnalysisError)?.code == .stale }
        // Once paused on the new frame, an analysis is current again.
        #expect(try await player.analyzeCurrentFrame(with: analyzer).text?.transcript.hasPrefix("Course Textbook") == true)
    }

    @Test func anAnalysisOvertakenByPlayIsStale() async throws {
        let (player, _, analysis) = try await Self.analysisOvertaken { try await $0.setRate(0.01) }
        await #expect { try await analysis.value } throws: { ($0 as? AnalysisError)?.code == .stale }
        await player.pause()
    }

    @Test func sharedAnalyzerServesConcurrentTasks() async throws {
        let player = try VideoPlayer(url: TestMedia.sample)
        try await player.seek(to: 40)
        let frame = try #require(await player.currentlyDisplayedFrame)
        let results = try await withThrowingTaskGroup(of: FrameAnalysis.self) { group in
            for _ in 0..<4 { group.addTask { try await FrameAnalyzer.shared.analyze(frame) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 4 && Set(results).count == 1)
    }

    // MARK: - Hard frames

    /// One line of black text on white, then an optional filter that makes the frame hard to read.
    static func textVideo(_ name: String, size: String, text: String, fontSize: Int, filter: String? = nil) throws -> String {
        let draw = "drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:text='\(text)'"
            + ":fontsize=\(fontSize):x=20:y=(h-text_h)/2:fontcolor=black"
        return try TestMedia.make(name, [
            "-f", "lavfi", "-i", "color=white:s=\(size):r=25:d=1", "-vf", draw + (filter.map { ",\($0)" } ?? ""),
            "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
    }

    @Test func readsRotatedVideoUpright() async throws {
        let upright = try Self.textVideo("text-rotated.mp4", size: "640x360", text: "Rotated phone video", fontSize: 40, filter: "transpose=cclock")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: upright))
        try DisplayMatrix.write(clockwise: 90, into: &bytes)
        let path = TestMedia.path("rotated-text.mp4")
        try bytes.write(to: URL(fileURLWithPath: path))
        let result = try await Self.analysis(path, at: 0.5)
        #expect(result.text?.transcript == "Rotated phone video")
        #expect((result.width, result.height) == (640, 360))
    }

    @Test func readsAnamorphicVideoAtItsDisplayShape() async throws {
        let video = try Self.textVideo("text-anamorphic.mp4", size: "960x360", text: "Squeezed widescreen slide", fontSize: 44, filter: "scale=480:360,setsar=2")
        let result = try await Self.analysis(video, at: 0.5)
        #expect(result.text?.transcript == "Squeezed widescreen slide")
        #expect((result.width, result.height) == (960, 360))
    }

    /// A pixel shape given by the container alone counts as the codec's does; one that would stretch the
    /// picture past the largest FrameLens decodes (here 255:1, 91,800 pixels wide) is a damaged header and
    /// is ignored, so the frame is read at its coded size.
    @Test(arguments: [("16:9", 480, 853), ("255", 360, 640)])
    func aContainersPixelShapeIsAppliedWithinBounds(aspect: String, height: Int, displayWidth: Int) async throws {
        let size = "640x\(height)"
        let video = try Self.textVideo("text-\(size).mp4", size: size, text: "Pixel shape from the container", fontSize: 36)
        let path = TestMedia.path("aspect-\(aspect).mkv")
        try TestMedia.ffmpeg(["-i", video, "-c", "copy", "-aspect", aspect, path])
        let result = try await Self.analysis(path, at: 0.5)
        #expect((result.width, result.height) == (displayWidth, height))
        #expect(result.text?.transcript == "Pixel shape from the container")
    }

    @Test func readsSmallCaptionsOfALowResolutionVideo() async throws {
        let video = try Self.textVideo("text-small.mp4", size: "426x240", text: "Captions at 240p are small", fontSize: 15)
        let result = try await Self.analysis(video, at: 0.5)
        #expect(result.text?.transcript == "Captions at 240p are small")
    }
}
