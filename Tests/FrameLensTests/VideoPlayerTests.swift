import Foundation
import Testing
@testable import FrameLens

struct VideoPlayerTests {
    /// ffmpeg's frame for the one the player shows: asked half a frame before its pts, since
    /// `ffmpeg -ss` returns the first frame at or after the time.
    static func oracle(_ video: String, _ frame: VideoFrame, fps: Double) throws -> [UInt8] {
        try TestMedia.ffmpegFrame(video, at: max(0, frame.time - 0.5 / fps))
    }

    @Test(arguments: [
        0, 0.02, 0.04, 0.041, 0.5, 1.0, 1.96, 1.999, 2.0, 2.02, 2.5, 3.13, 3.96, 3.99, 4.0,
    ])
    func showsTheGreatestFrameAtOrBeforeTheTime(seconds: Double) async throws {
        let video = try TestMedia.counter()
        let player = try VideoPlayer(url: video)
        try await player.seek(to: Timestamp(seconds: seconds))
        let frame = try #require(await player.currentlyDisplayedFrame)
        let expectedNumber = min(99, Int((seconds * 25 + 1e-9).rounded(.down)))
        #expect(frame.frameNumber == expectedNumber)
        #expect(frame.time <= seconds)
        let pixels = try FrameRenderer.render(frame, as: .rgb24).pixels
        #expect(differingBytes(pixels, try Self.oracle(video, frame, fps: 25)) == 0)
    }

    /// The clock holds the player only while showing a frame: a player dropped while playing goes
    /// (it decoded on forever before).
    @Test func aPlayerDroppedWhilePlayingIsFreed() async throws {
        var player: VideoPlayer? = try VideoPlayer(url: TestMedia.sample)
        weak let watcher = player
        await player?.play()
        try await Task.sleep(for: .milliseconds(200))
        player = nil
        for _ in 0..<100 where watcher != nil { try await Task.sleep(for: .milliseconds(20)) }
        #expect(watcher == nil)
    }

    @Test func seeksBackwardAndForwardToTheSameFrames() async throws {
        let video = try TestMedia.counter()
        let player = try VideoPlayer(url: video)
        for seconds in [3.5, 0.7, 2.02, 1.99, 3.5, 0.0] {
            try await player.seek(to: Timestamp(seconds: seconds))
            let frame = try #require(await player.currentlyDisplayedFrame)
            #expect(frame.frameNumber == Int((seconds * 25 + 1e-9).rounded(.down)))
        }
    }

    @Test func slideBoundariesAreExactToTheFrame() async throws {
        let player = try VideoPlayer(url: TestMedia.sample)
        for slide in SampleTruth.sample.slides.dropFirst() {
            // The first microsecond at or after the slide's first frame (1/30 s is not a whole microsecond).
            let boundary = (Double(slide.startFrame) / 30 * 1_000_000).rounded(.up) / 1_000_000
            try await player.seek(to: Timestamp(seconds: boundary))
            #expect(await player.currentlyDisplayedFrame?.frameNumber == slide.startFrame, "slide \(slide.index)")
            try await player.seek(to: Timestamp(seconds: boundary - 0.000_001))
            #expect(await player.currentlyDisplayedFrame?.frameNumber == slide.startFrame - 1, "slide \(slide.index)")
        }
    }

    @Test func decodesFromThePrecedingKeyframeNotTheStart() async throws {
        let player = try VideoPlayer(url: try TestMedia.counter())
        let before = await player.framesDecodedForTesting
        try await player.seek(to: 3.9)
        let decoded = await player.framesDecodedForTesting - before
        // The keyframe before 3.9 s is at 2.0 s: at most its 48 frames (fewer, as frames nothing refers to
        // are skipped until just before the target), never the 97 from the start.
        #expect(decoded >= 12 && decoded <= 50)
    }

    @Test func displayedFrameIsNilWhilePlaying() async throws {
        let player = try VideoPlayer(url: TestMedia.sample)
        #expect(await player.currentlyDisplayedFrame != nil)
        await player.play()
        #expect(await player.rate == 1)
        #expect(await player.currentlyDisplayedFrame == nil)
        try await Task.sleep(for: .milliseconds(100))
        // A starved test task (the suite runs beside others on 2 cores) may find the video played to its
        // end, where the player has paused itself: then, and only then, a frame shows.
        let stillPlaying = await player.rate == 1
        #expect(await player.currentlyDisplayedFrame == nil || !stillPlaying)
        await player.pause()
        #expect(await player.rate == 0)
        #expect(await player.currentlyDisplayedFrame != nil)
    }

    @Test func pauseLeavesTheFrameThatWasShowing() async throws {
        let video = TestMedia.sample
        let player = try VideoPlayer(url: video)
        try await player.seek(to: 20.0)
        let clock = ContinuousClock()
        let started = clock.now
        await player.play()
        try await Task.sleep(for: .milliseconds(450))
        await player.pause()
        let elapsed = (clock.now - started) / .seconds(1)
        let time = await player.currentTime.seconds
        let frame = try #require(await player.currentlyDisplayedFrame)
        // The clock ran at rate 1: between the sleep asked for and the time measured around play/pause.
        #expect(time >= 20.45 && time <= 20 + elapsed)
        // At the end of the video (a starved test task) the last frame, 1799, stays on screen.
        #expect(frame.frameNumber == min(Int((time * 30).rounded(.down)), 1799))
        #expect(differingBytes(try FrameRenderer.render(frame, as: .rgb24).pixels, try Self.oracle(video, frame, fps: 30)) == 0)
    }

    @Test func displayedFrameIsAShallowReferenceToTheDecodedPicture() async throws {
        let player = try VideoPlayer(url: try TestMedia.counter())
        try await player.seek(to: 1.5)
        let first = try #require(await player.currentlyDisplayedFrame)
        let second = try #require(await player.currentlyDisplayedFrame)
        let address = first.withUnsafePlane(0) { bytes, _ in bytes.baseAddress }
        #expect(address == second.withUnsafePlane(0) { bytes, _ in bytes.baseAddress })
        // The plane lies inside the reference-counted buffer the decoder allocated, shared, not copied.
        let storage = try #require(first.buffer.firstPlaneStorage)
        let start = try #require(storage.bytes.baseAddress)
        #expect(address! >= start && address! < start + storage.bytes.count)
        #expect(storage.references >= 2)
    }

    @Test func heldFrameStaysValidAfterThePlayerMovesOnAndCloses() async throws {
        let video = try TestMedia.counter()
        var player: VideoPlayer? = try VideoPlayer(url: video)
        try await player!.seek(to: 0.84)
        let frame = try #require(await player!.currentlyDisplayedFrame)
        let before = frame.withUnsafePlane(0) { bytes, _ in Array(bytes) }
        try await player!.seek(to: 3.2)
        try await player!.seek(to: 0.1)
        player = nil
        #expect(frame.withUnsafePlane(0) { bytes, _ in Array(bytes) } == before)
        #expect(differingBytes(try FrameRenderer.render(frame, as: .rgb24).pixels, try Self.oracle(video, frame, fps: 25)) == 0)
    }

    @Test func skipsTheProtectedStreamAndPlaysTheClearOne() async throws {
        let player = try VideoPlayer(url: TestMedia.fixture("mixed.mp4"))
        #expect(player.stream.index == 1)
        let frame = try #require(await player.currentlyDisplayedFrame)
        #expect(frame.width == 160 && frame.height == 120)
    }

    @Test func refusesProtectedContent() {
        #expect { try VideoPlayer(url: TestMedia.fixture("cenc.mp4")) } throws: {
            ($0 as? MediaError)?.code == .protectedContent
        }
        #expect { try VideoPlayer(url: TestMedia.fixture("mixed.mp4"), streamIndex: 0) } throws: {
            ($0 as? MediaError)?.code == .protectedContent
        }
    }

    @Test func refusesTimesOutsideTheVideo() async throws {
        let player = try VideoPlayer(url: try TestMedia.counter())
        await #expect { try await player.seek(to: -0.5) } throws: { ($0 as? MediaError)?.code == .timeOutOfRange }
        await #expect { try await player.seek(to: 4.5) } throws: {
            ($0 as? MediaError)?.message == "time 00:00:04.500 is past the end of the video (00:00:04.000)"
        }
    }
}

extension VideoPlayer {
    var framesDecodedForTesting: Int { cursor.decoder.framesDecoded }
}

/// The async factories open on `BlockingWork`'s queue and give what the initialisers give.
extension VideoPlayerTests {
    @Test func openingAsynchronouslyShowsTheFirstFrame() async throws {
        let player = try await VideoPlayer.open(url: try TestMedia.counter())
        #expect(await player.currentlyDisplayedFrame?.frameNumber == 0)
        let error = await #expect(throws: MediaError.self) { try await VideoPlayer.open(url: "/no/such/video.mp4") }
        #expect(error?.code == .fileNotFound)
    }

    @Test func openingAnIndexerAsynchronouslyChecksAsTheInitialiserDoes() async throws {
        let indexer = try await VideoIndexer.open(url: TestMedia.sample, options: .init(analysis: .init(features: [.codes]), to: 2))
        #expect(try await indexer.run().to == 2)
        let error = await #expect(throws: TimeError.self) {
            try await VideoIndexer.open(url: TestMedia.sample, options: .init(from: -1))
        }
        #expect(error?.code == .negative)
    }
}
