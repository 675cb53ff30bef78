import Foundation
import Testing
@testable import FrameLens

/// Indexing with the real decoder, Tesseract and ZBar, checked against the sample's ground truth.
struct VideoIndexerTests {
    static let sampleIndex = Task { try await VideoIndexer(url: TestMedia.sample, options: .init()).run() }

    @Test func oneCuePerSlideWithFrameExactTimes() async throws {
        let index = try await Self.sampleIndex.value
        let slides = SampleTruth.sample.slides
        #expect(index.complete && index.warnings.isEmpty)
        #expect(index.cues.count == slides.count)
        for (cue, slide) in zip(index.cues, slides) {
            #expect(cue.startFrame == slide.startFrame && cue.endFrame == slide.endFrame, "slide \(slide.index)")
            #expect(TextSimilarity.characterErrorRate(cue.text, reference: slide.text) <= 0.02, "slide \(slide.index)")
        }
        #expect(index.cues[5].codes.map(\.payload) == ["https://example.edu/cs101/quiz?id=42"])
        #expect(index.cues[2].detections.map(\.kind) == [.url, .email, .phone, .date])
    }

    @Test(arguments: [IndexFormat.srt, .vtt])
    func subtitlesReadBackWithTheSameCues(format: IndexFormat) async throws {
        let index = try await Self.sampleIndex.value
        let path = TestMedia.path("lecture.\(format.fileExtension)")
        try AtomicFile.write(try format.encode(index), to: path)
        let cues = try SubtitleOracle.cues(of: path)
        let expected = SampleTruth.sample.slides.map {
            SubtitleOracle.Cue(
                start: SampleTruth.Slide.milliseconds(frame: $0.startFrame),
                end: SampleTruth.Slide.milliseconds(frame: $0.endFrame))
        }
        #expect(cues.count == expected.count)
        for (cue, truth) in zip(cues, expected) {
            #expect(abs(cue.start - truth.start) < 0.0005 && abs(cue.end - truth.end) < 0.0005, "\(cue) vs \(truth)")
        }
    }

    @Test func webVTTCuesSitWhereTheTextWasWhenAskedTo() async throws {
        let index = try await Self.sampleIndex.value
        let text = String(decoding: try IndexFormat.vtt.encode(index, position: .text), as: UTF8.self)
        let timings = text.split(separator: "\n").filter { $0.contains(" --> ") }
        #expect(timings.count == 9)
        // The agenda's text block starts 4.69% from the left and 8.89% from the top.
        #expect(timings[1] == "00:00:07.367 --> 00:00:13.267 line:8.89% position:4.69% size:51.72% align:start")
        let plain = String(decoding: try IndexFormat.vtt.encode(index), as: UTF8.self)
        #expect(plain.split(separator: "\n").filter { $0.contains(" --> ") }[1] == "00:00:07.367 --> 00:00:13.267")
    }

    /// A range starts with the frame shown at its start (the sample at 30 fps: 21 s is frame 630, a B-frame between
    /// the keyframes at 20 and 30 s, which the scan skips), and a start within a frame's time with that frame.
    @Test(arguments: [(21.0 as Timestamp, 630), (21.05, 631)])
    func aRangeStartsWithTheFrameShownAtItsStart(from: Timestamp, frame: Int) async throws {
        let options = VideoIndexer.Options(analysis: AnalysisOptions(features: [.text]), from: from, to: 22)
        let index = try await VideoIndexer(url: TestMedia.sample, options: options).run()
        #expect(index.cues.map(\.start.seconds) == [from.seconds])
        #expect(index.cues.map(\.startFrame) == [frame])
    }

    @Test func shardsMergeIntoTheSameIndex() async throws {
        let whole = try await Self.sampleIndex.value
        let first = try await VideoIndexer(url: TestMedia.sample, options: .init(to: 30)).run()
        let second = try await VideoIndexer(url: TestMedia.sample, options: .init(from: 30)).run()
        #expect(first.cues.last?.end == 30 && second.cues.first?.start == 30)
        let merged = try IndexMerger.merge([second, first])
        #expect(merged.cues.map(\.startFrame) == whole.cues.map(\.startFrame))
        #expect(merged.cues.map(\.endFrame) == whole.cues.map(\.endFrame))
        #expect(merged.from == 0 && merged.to == 60 && merged.complete)
    }

    @Test func mergeRefusesOverlappingShards() async throws {
        let shard = VideoIndex(video: "v.mp4", from: 0, to: 10, complete: true, warnings: [], cues: [])
        var overlapping = shard
        overlapping.from = 5
        overlapping.to = 15
        let error = #expect(throws: MergeError.self) { try IndexMerger.merge([shard, overlapping]) }
        #expect(error?.code == .overlap)
        #expect(error?.message == "shards overlap: one ends at 00:00:10.000, the next starts at 00:00:05.000")
    }

    @Test func mergeRefusesIndexesOfDifferentVideos() async throws {
        let options = VideoIndexer.Options(analysis: .init(features: [.codes]), to: 1)
        let lecture = try await VideoIndexer(url: TestMedia.sample, options: options).run()
        let counterVideo = try TestMedia.counter()
        var counter = try await VideoIndexer(url: counterVideo, options: options).run()
        counter.from = 1
        counter.to = 2
        let error = #expect(throws: MergeError.self) { try IndexMerger.merge([lecture, counter]) }
        #expect(error?.code == .differentVideos)
        #expect(error?.message == "cannot merge indexes of different videos (\(TestMedia.sample), \(counterVideo))")
    }

    @Test func stopsWhenAskedWithTheCuesFoundSoFar() async throws {
        var indexed = 0.0
        let index = try await VideoIndexer(url: TestMedia.sample, options: .init())
            .run(progress: { indexed = $0.indexed.seconds }, isCancelled: { indexed >= 18 })
        #expect(!index.complete)
        // It stops at the first frame decoded after 18 s: on this still slide, the keyframe at 20 s.
        #expect(index.to > 17 && index.to < 20.1)
        #expect(index.cues.map(\.startFrame) == SampleTruth.sample.slides.prefix(3).map(\.startFrame))
        #expect(index.cues.first?.text.hasPrefix("CS 101: Introduction to Computing") == true)
    }

    /// Cancelling the task that runs `index` stops it: the cues read so far come back, the reads not yet
    /// begun are not run (a slide still waiting for the engine gives no cue: `CancellationTests`), those under
    /// way are over, and the engine is free for the next analysis.
    @Test func cancellingItsTaskReturnsThePartialCuesAndFreesTheEngine() async throws {
        let analyzer = FrameAnalyzer(enginesPerLanguage: 1)
        let cancelledAt = Locked<Double?>(nil)
        let indexing = Task {
            try await VideoIndexer(url: TestMedia.sample, options: .init(), analyzer: analyzer).run(progress: { progress in
                // Past 18 s, once two reads are over (slides 1 and 2: one engine reads in order), however
                // loaded the machine is.
                let finished = analyzer.picturesRead.withLock { $0.values.reduce(0, +) }
                    - analyzer.analysesInProgress.load(ordering: .relaxed)
                guard progress.indexed >= 18, finished >= 2, cancelledAt.withLock({ $0 }) == nil else { return }
                cancelledAt.withLock { $0 = progress.indexed.seconds }
                withUnsafeCurrentTask { $0?.cancel() }
            })
        }
        let index = try await indexing.value
        #expect(analyzer.analysesInProgress.load(ordering: .relaxed) == 0)
        #expect(!index.complete)
        let cancelled = try #require(cancelledAt.withLock { $0 })
        #expect(index.to.seconds > cancelled && index.to.seconds < cancelled + 1)
        // Slides 1 and 2 were read; later slides only if their reads had begun before the cancel: the cues are
        // the first slides', in order, none missing.
        let starts = SampleTruth.sample.slides.map(\.startFrame)
        #expect(index.cues.count >= 2 && index.cues.map(\.startFrame) == Array(starts.prefix(index.cues.count)))
        let player = try VideoPlayer(url: TestMedia.sample)
        try await player.seek(to: 15)
        let frame = try #require(await player.currentlyDisplayedFrame)
        let next = try await analyzer.analyze(frame, options: AnalysisOptions(features: [.text]))
        #expect(next.text?.transcript.hasPrefix("Course Logistics") == true)
    }

    // MARK: - Captions, a moving inset, damaged files

    /// Captions in the bottom band changing at frames 0, 40, 95 and 150 (25 fps), beside a presenter
    /// inset (a moving picture) in the top-right corner.
    static func captionedVideo() throws -> String {
        try captioned("captions.mp4", [
            ("First caption line", 0, 40), ("Second caption here", 40, 95), ("A third caption", 95, 150),
            ("The last words", 150, 200),
        ])
    }

    /// 8 s of `captions` (text, first frame, first frame after) on gray at 25 fps, beside the inset.
    static func captioned(
        _ name: String, _ captions: [(String, Int, Int)],
        codec: [String] = ["-c:v", "libx264", "-g", "100", "-sc_threshold", "0"]
    ) throws -> String {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let draw = captions.map { text, start, end in
            "drawtext=fontfile=\(font):text='\(text)':fontsize=34:x=(w-text_w)/2:y=h-70:fontcolor=white:box=1:boxcolor=black:enable='between(n\\,\(start)\\,\(end - 1))'"
        }.joined(separator: ",")
        return try TestMedia.make(name, [
            "-f", "lavfi", "-i", "color=gray:s=640x360:r=25:d=8",
            "-f", "lavfi", "-i", "testsrc2=s=160x90:r=25:d=8",
            "-filter_complex", "[0][1]overlay=x=460:y=20,\(draw)",
        ] + codec + ["-pix_fmt", "yuv420p"])
    }

    @Test func captionsBecomeCuesDespiteAMovingInset() async throws {
        let band = try NormalizedRect(x: 0, y: 0.7, width: 1, height: 0.3)
        let index = try await VideoIndexer(
            url: try Self.captionedVideo(), options: .init(analysis: AnalysisOptions(regions: [band]))
        ).run()
        #expect(index.cues.map(\.text) == ["First caption line", "Second caption here", "A third caption", "The last words"])
        #expect(index.cues.map(\.startFrame) == [0, 40, 95, 150])
        #expect(index.cues.last?.endFrame == 200)
    }

    @Test func aMovingInsetDoesNotSplitCuesAndIsNotRead() async throws {
        let index = try await VideoIndexer(url: try Self.captionedVideo(), options: .init()).run()
        #expect(index.cues.map(\.startFrame) == [0, 40, 95, 150])
        // The inset's running clock is in motion: it is not part of any cue.
        #expect(index.cues.map(\.text) == ["First caption line", "Second caption here", "A third caption", "The last words"])
    }

    /// A caption taken away leaves plain gray, which costs the encoder little: the scan cannot tell the
    /// change from packet sizes and skips the B-frames around it, so `ExactFrames` pins it down.
    @Test func captionsWithGapsEndExactlyWhereThePictureEmpties() async throws {
        let video = try Self.captioned("gapped-captions.mp4", [("First caption line", 0, 41), ("Second caption here", 70, 150)])
        let scan = try VideoDecoder(file: try MediaFile(url: video), streamIndex: 0, threads: 1)
        scan.skipping = (.bidirectional, .max)
        var scanned: [Int] = []
        while let frame = try scan.nextFrame() { scanned.append(frame.frameNumber) }
        let before = try #require(scanned.last { $0 < 41 })
        let after = try #require(scanned.first { $0 >= 41 })
        #expect(after - before > 1, "the scan skipped frames just before the caption went")

        let index = try await VideoIndexer(url: video, options: .init()).run()
        #expect(index.cues.map(\.text) == ["First caption line", "Second caption here"])
        #expect(index.cues.map(\.startFrame) == [0, 70])
        #expect(index.cues.map(\.endFrame) == [41, 150])
    }

    /// x265 refers to B-frames by default, and HEVC's decoder puts gray where a skipped reference was.
    @Test func hevcWithReferenceBFramesIsIndexedExactly() async throws {
        let video = try Self.captioned(
            "captions-hevc.mp4", [("First caption line", 0, 40), ("Second caption here", 40, 95), ("A third caption", 95, 200)],
            codec: ["-c:v", "libx265", "-x265-params", "log-level=error"])
        let index = try await VideoIndexer(url: video, options: .init()).run()
        #expect(index.cues.map(\.text) == ["First caption line", "Second caption here", "A third caption"])
        #expect(index.cues.map(\.startFrame) == [0, 40, 95])
    }

    /// Two slides at 720p beside a 320x180 inset: before the detector has seen the inset move, its first
    /// steps look like a change; that must not cut the first frames off the first slide.
    @Test func aLargeInsetDoesNotDelayTheFirstCue() async throws {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let lines = [("Pattern review answer", 0, 137, 100), ("rocket market plan", 0, 137, 200),
                     ("Lesson meadow camera", 137, 300, 100), ("factor result method", 137, 300, 200)]
        let draw = lines.map { text, start, end, y in
            "drawtext=fontfile=\(font):text='\(text)':fontsize=48:x=80:y=\(y):fontcolor=0x202020:enable='between(n\\,\(start)\\,\(end - 1))'"
        }.joined(separator: ",")
        let video = try TestMedia.make("large-inset.mp4", [
            "-f", "lavfi", "-i", "color=0xF4F4F0:s=1280x720:r=30:d=10",
            "-f", "lavfi", "-i", "testsrc2=s=320x180:r=30:d=10",
            "-filter_complex", "[0][1]overlay=x=W-w-16:y=H-h-16,\(draw)", "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
        let index = try await VideoIndexer(url: video, options: .init()).run()
        #expect(index.cues.map(\.text) == ["Pattern review answer\nrocket market plan", "Lesson meadow camera\nfactor result method"])
        #expect(index.cues.map(\.startFrame) == [0, 137])
        #expect(index.cues.map(\.endFrame) == [137, 300])
    }

    /// Two counters on a slide, each stepping every 1.76 s, one 0.88 s after the other: each reading
    /// differs from the last by one character, where the picture changed, and most last 0.88 s, too
    /// little to settle between two samples.
    @Test func steppingCountersGiveOneCuePerStep() async throws {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let slides = [(1, 0, 61), (2, 61, 105), (3, 105, 160)]
        let points = [(1, 0, 39), (2, 39, 83), (3, 83, 127), (4, 127, 160)]
        let draw = (slides.map { ("Slide", $0, 60) } + points.map { ("Point", $0, 160) }).map { label, step, y in
            "drawtext=fontfile=\(font):text='\(label) \(step.0)':fontsize=40:x=60:y=\(y):fontcolor=black:enable='between(n\\,\(step.1)\\,\(step.2 - 1))'"
        }.joined(separator: ",")
        let video = try TestMedia.make("stepping-counters.mp4", [
            "-f", "lavfi", "-i", "color=white:s=640x360:r=25:d=6.4", "-vf", draw,
            "-c:v", "libx264", "-g", "100", "-sc_threshold", "0", "-pix_fmt", "yuv420p",
        ])
        let index = try await VideoIndexer(url: video, options: .init()).run()
        #expect(index.cues.map(\.text) == [
            "Slide 1\nPoint 1", "Slide 1\nPoint 2", "Slide 2\nPoint 2", "Slide 2\nPoint 3", "Slide 3\nPoint 3",
            "Slide 3\nPoint 4",
        ])
        #expect(index.cues.map(\.startFrame) == [0, 39, 61, 83, 105, 127])
        #expect(index.cues.map(\.endFrame) == [39, 61, 83, 105, 127, 160])
    }

    /// Bullets that fade in over half a second change the same cells in two samples in a row, as motion
    /// does; but they stop, and each is a new cue, starting as its fade becomes visible.
    @Test func bulletsThatFadeInAreEachANewCue() async throws {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let bullets = [("Fading bullets", 0, 40), ("First bullet point", 37, 110), ("Second bullet point", 96, 170),
                       ("Third bullet point", 158, 230)]
        let draw = bullets.map { text, start, y in
            "drawtext=fontfile=\(font):text='\(text)':fontsize=32:x=40:y=\(y):fontcolor=0x202020:alpha='min(1\\,(n-\(start)+1)/15)':enable='gte(n\\,\(start))'"
        }.joined(separator: ",")
        let video = try TestMedia.make("fading-bullets.mp4", [
            "-f", "lavfi", "-i", "color=0xF4F4F0:s=640x360:r=30:d=7", "-vf", draw,
            "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
        let index = try await VideoIndexer(url: video, options: .init()).run()
        #expect(index.cues.map { $0.text.split(separator: "\n").count } == [1, 2, 3, 4])
        for (cue, start) in zip(index.cues.dropFirst(), [37, 96, 158]) {
            #expect(cue.startFrame >= start && cue.startFrame <= start + 5, "a fade from frame \(start) starts a cue at \(cue.startFrame)")
        }
    }

    /// A presenter inset whose figure moves for one second in three and whose bar shows for 1.2 s in
    /// four: at 24 s both happen 14 frames before the slide changes. The bar is a change of its own, but
    /// a small one, which must not pull the slide change's start to itself.
    @Test func anInsetEventJustBeforeASlideChangeDoesNotMoveIt() async throws {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let slides = [("Memory hierarchy", "Caches hide latency", 0, 237), ("Virtual memory", "Pages map to frames", 237, 512),
                      ("The TLB", "A cache of translations", 512, 734), ("Summary", "Locality is everything", 734, 900)]
        let draw = slides.flatMap { title, line, start, end in
            [(title, 40), (line, 100)].map { text, y in
                "drawtext=fontfile=\(font):text='\(text)':fontsize=32:x=40:y=\(y):fontcolor=0x202020:enable='between(n\\,\(start)\\,\(end - 1))'"
            }
        }.joined(separator: ",")
        let inset = "drawbox=x=440:y=200:w=180:h=140:color=0x405060:t=fill,"
            + "drawbox=x='460+if(lt(mod(t\\,3)\\,1)\\,mod(t\\,3)*100\\,100)':y=230:w=40:h=60:color=0xE0C0A0:t=fill,"
            + "drawbox=x=470:y=300:w=120:h=30:color=0x8090A0:t=fill:enable='lt(mod(t\\,4)\\,1.2)'"
        let video = try TestMedia.make("inset-events.mp4", [
            "-f", "lavfi", "-i", "color=0xF4F4F0:s=640x360:r=30:d=30", "-vf", inset + "," + draw,
            "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
        let index = try await VideoIndexer(url: video, options: .init()).run()
        #expect(index.cues.map(\.text) == slides.map { "\($0.0)\n\($0.1)" })
        #expect(index.cues.map(\.startFrame) == slides.map(\.2))
        #expect(index.cues.map(\.endFrame) == slides.map(\.3))
    }

    @Test func aTruncatedVideoIsIndexedUpToTheBreak() async throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: TestMedia.sample))
        let path = TestMedia.path("half-lecture.mp4")
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        let index = try await VideoIndexer(url: path, options: .init()).run()
        #expect(!index.complete)
        #expect(index.warnings.contains { $0.contains("breaks off at") })
        #expect(index.cues.count >= 3 && index.cues.count < 9)
        #expect(index.cues.first?.text.hasPrefix("CS 101") == true)
    }

    // MARK: - Cue building

    static func analysis(_ text: String, at pixels: PixelRect = PixelRect(x: 0, y: 0, width: 10, height: 10)) -> FrameAnalysis {
        let lines = text.split(separator: "\n").map(String.init)
        let box = Bounds(pixels: pixels, displaySize: (100, 100))
        let block = RecognizedBlock(
            text: text, confidence: 0.9, bounds: box,
            lines: lines.map { RecognizedLine(text: $0, confidence: 0.9, bounds: box, words: []) })
        return FrameAnalysis(
            time: 0, pts: 0, timeBase: Rational(1, 30), frameNumber: 0, width: 100, height: 100, languages: "eng",
            locales: ["en"], text: RecognizedText(blocks: text.isEmpty ? [] : [block]), codes: [], detections: [])
    }

    static func segments(_ texts: [String]) -> [CueBuilder.Segment] {
        texts.enumerated().map { index, text in
            CueBuilder.Segment(
                start: Double(index), startFrame: index * 30, end: Double(index + 1), endFrame: (index + 1) * 30,
                analysis: analysis(text))
        }
    }

    @Test func ocrNoiseDoesNotSplitACue() {
        let cues = CueBuilder.cues(from: Self.segments([
            "Sorting algorithms\nQuicksort is fast", "Sortinq algorithms\nQuicksort is fasl", "Sorting algorithms\nQuicksort is fast",
        ]))
        #expect(cues.count == 1)
        #expect(cues.first.map { ($0.startFrame, $0.endFrame) } ?? (0, 0) == (0, 90))
    }

    @Test func aLineReadDifferentlyWhereThePictureChangedStartsANewCue() throws {
        var segments = Self.segments(["Quiz\nQuestion 1 of 5", "Quiz\nQuestion 2 of 5"])
        // The lines of `analysis(_:)` all sit in the top-left tenth of the picture.
        segments[1].changed = [try NormalizedRect(x: 0.05, y: 0.05, width: 0.02, height: 0.02)]
        #expect(CueBuilder.cues(from: segments).map(\.startFrame) == [0, 30])
        segments[1].changed = [try NormalizedRect(x: 0.8, y: 0.8, width: 0.1, height: 0.1)]
        #expect(CueBuilder.cues(from: segments).map(\.startFrame) == [0], "a change elsewhere: OCR noise")
    }

    @Test func aRevealedBulletStartsANewCue() {
        let cues = CueBuilder.cues(from: Self.segments([
            "Sorting algorithms\nQuicksort is fast", "Sorting algorithms\nQuicksort is fast\nMergesort is stable",
        ]))
        #expect(cues.map(\.startFrame) == [0, 30])
    }

    @Test func aBlankPictureEndsACue() {
        let cues = CueBuilder.cues(from: Self.segments(["Title slide", "", "Title slide"]))
        #expect(cues.map(\.startFrame) == [0, 60])
        #expect(cues.map(\.endFrame) == [30, 90])
    }

    /// A caption cue as `CaptionReader` makes it, at the bottom of a 100x100 picture, frames 30 to 60.
    static func caption(_ text: String) -> Cue {
        Cue(
            start: 1, end: 2, startFrame: 30, endFrame: 60, text: text,
            bounds: NormalizedRect(measured: 0.2, 0.8, 0.6, 0.1), codes: [], detections: [])
    }

    /// One stretch read from a single frame at the caption's time, with these lines at `pixels`.
    static func stretch(_ text: String, at pixels: PixelRect) -> [CueBuilder.Segment] {
        [CueBuilder.Segment(start: 1, startFrame: 30, end: 2, endFrame: 60, analysis: analysis(text, at: pixels))]
    }

    @Test func aCaptionStandsOverItsReadingFromOneFrameWithTexture() {
        let caption = Self.caption("Captions hold still")
        let oneFrame = Self.stretch("ae wag Captions ho1d sti11", at: PixelRect(x: 15, y: 78, width: 70, height: 14))
        #expect(CueBuilder.cues(from: oneFrame, captions: [caption]).map(\.text) == ["Captions hold still"])
    }

    @Test func aBulletRevealedOnASlideIsTheSlidesReading() {
        let slide = "Sorting algorithms\nQuicksort is fast\nCaptions hold still"
        let cues = CueBuilder.cues(
            from: Self.stretch(slide, at: PixelRect(x: 5, y: 5, width: 90, height: 90)),
            captions: [Self.caption("Captions hold still")])
        #expect(cues.map(\.text) == [slide])
    }

    @Test func aSlideReadingJustTheCaptionEndsWithTheCaptionsLastFrame() {
        // The tuning set's `올바른 이름이 아닙니다.`: the slide path's stretch ran to the next sample (75.0 s), the
        // caption's last frame was at 74.6 s; the cue kept the stretch's end.
        let stretch = { (text: String) in
            [CueBuilder.Segment(
                start: 1, startFrame: 30, end: 2.5, endFrame: 75,
                analysis: Self.analysis(text, at: PixelRect(x: 20, y: 80, width: 60, height: 10)))]
        }
        let same = CueBuilder.cues(from: stretch("Captions hold still"), captions: [Self.caption("Captions hold still")])
        #expect(same.map(\.text) == ["Captions hold still"])
        #expect(same.map(\.end) == [2] && same.map(\.endFrame) == [60])
        // A slide that holds more than the caption is split at the caption's end, and its rest keeps the stretch's.
        let slide = "Sorting algorithms\nQuicksort is fast\nCaptions hold still"
        let more = CueBuilder.cues(from: stretch(slide), captions: [Self.caption("Captions hold still")])
        #expect(more.map(\.text) == [slide, "Sorting algorithms\nQuicksort is fast"])
        #expect(more.map(\.end) == [2, 2.5] && more.map(\.endFrame) == [60, 75])
    }

    @Test func aCaptionWithinAnotherShownAtTheSameTimeIsPartOfIt() {
        // The tuning set's vtest-outline-h264: strokes born two frames before the caption, as it faded in, made a
        // caption of their own reading `yon!`, inside the caption's box and ending with it.
        let whole = Cue(
            start: 12.9, end: 15.4, startFrame: 129, endFrame: 154,
            text: "Don't plan any hasty moves.\nYou'll be evicted soon anyway.",
            bounds: NormalizedRect(measured: 0.225, 0.863, 0.548, 0.106), codes: [], detections: [])
        let part = Cue(
            start: 12.7, end: 15.4, startFrame: 127, endFrame: 154, text: "yon!",
            bounds: NormalizedRect(measured: 0.255, 0.864, 0.073, 0.032), codes: [], detections: [])
        #expect(CueBuilder.cues(from: [], captions: [part, whole]).map(\.text) == [whole.text])
        // A caption at another place at the same time (a speaker's name at the top) stands, and so does one at
        // the same place at another time.
        var top = part
        top.bounds = NormalizedRect(measured: 0.255, 0.05, 0.073, 0.032)
        var later = part
        (later.start, later.end, later.startFrame, later.endFrame) = (15.4, 16, 154, 160)
        #expect(CueBuilder.cues(from: [], captions: [top, whole]).map(\.text) == ["yon!", whole.text])
        #expect(CueBuilder.cues(from: [], captions: [whole, later]).map(\.text) == [whole.text, "yon!"])
    }

    @Test func aCaptionThatIsPartOfASlideLeavesTheViewsBeforeIt() {
        // The terminal tuning video: a command's one-line output stayed at the top while later outputs filled the
        // screen below it, and the caption tracker followed it as a caption until the screen scrolled. The caption
        // lies within the later views' readings (part of a slide), and the first view's reading lies within it.
        let first = "$ python3 --version\nPython 3.11.2"
        let grown = first + "\n$ cat /etc/os-release\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nID=debian"
        let views = [
            CueBuilder.Segment(
                start: 1, startFrame: 30, end: 2, endFrame: 60,
                analysis: Self.analysis(first, at: PixelRect(x: 1, y: 2, width: 30, height: 6))),
            CueBuilder.Segment(
                start: 2, startFrame: 60, end: 4, endFrame: 120,
                analysis: Self.analysis(grown, at: PixelRect(x: 1, y: 2, width: 60, height: 20))),
        ]
        let followed = Cue(
            start: 1, end: 4, startFrame: 30, endFrame: 120, text: "Python 3.11.2\n$ cat /etc/o",
            bounds: NormalizedRect(measured: 0.01, 0.04, 0.09, 0.05), codes: [], detections: [])
        let cues = CueBuilder.cues(from: views, captions: [followed])
        #expect(cues.map(\.text) == [first, grown])
        #expect(cues.map(\.startFrame) == [30, 60])
    }

    @Test func aFewLettersReadOnlyWhileACaptionShowsAreTexture() {
        let texture = Self.stretch("we\ndest=", at: PixelRect(x: 10, y: 10, width: 30, height: 30))
        let cues = CueBuilder.cues(from: texture, captions: [Self.caption("Captions hold still")])
        #expect(cues.map(\.text) == ["Captions hold still"])
    }

    @Test func aFewLettersInLinesOfOneOrTwoAreNoCue() {
        // Over street footage, a building's window read as "i" with 82 % confidence, signs as "A" over "NS".
        let cues = CueBuilder.cues(from: Self.segments(["Title slide", "i", "", "A\nNS", "Title slide", "Q1\nQ2\nQ3\nQ4"]))
        #expect(cues.map(\.text) == ["Title slide", "Title slide", "Q1\nQ2\nQ3\nQ4"])
        #expect(cues.map(\.startFrame) == [0, 120, 150])
    }
}
