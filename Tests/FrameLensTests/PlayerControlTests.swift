import Foundation
import Testing
@testable import FrameLens

/// The player as an AVPlayer user drives it: rates, status and events, and tolerant seeks for scrubbing.
struct PlayerControlTests {
    @Test func aNegativeRateIsAnErrorNotAPause() async throws {
        let player = try VideoPlayer(url: TestMedia.sample)
        try await player.setRate(0.001)  // a starved test task must not find it paused at the end
        await #expect {
            try await player.setRate(-1)
        } throws: {
            ($0 as? MediaError)?.message == "rate -1.0: FrameLens plays forwards only (0 pauses, 1 is normal speed)"
        }
        #expect(await player.rate == 0.001)
        #expect(await player.timeControlStatus == .playing)
        try await player.setRate(0)
        #expect(await player.timeControlStatus == .paused)
    }

    @Test func eventsTellPlayingTimeAndTheEnd() async throws {
        let player = try VideoPlayer(url: try TestMedia.counter())
        try await player.seek(to: 3.7)
        let events = await player.events()
        await player.play()
        var seen: [PlaybackEvent] = []
        for await event in events {
            seen.append(event)
            if event == .status(.paused) { break }
        }
        #expect(seen.first == .status(.playing))
        #expect(seen.suffix(2) == [.reachedEnd, .status(.paused)])
        let times = seen.compactMap { if case .time(let time) = $0 { time } else { nil } }
        #expect(!times.isEmpty)
        #expect(times == times.sorted() && times.allSatisfy { $0 >= 3.7 && $0 <= 4 })
    }

    @Test func aTolerantSeekShowsTheKeyframeInItsWindowAndAnExactOneTheFrame() async throws {
        let player = try VideoPlayer(url: TestMedia.sample)  // keyframes every 10 s
        try await player.seek(to: 27, toleranceBefore: 10, toleranceAfter: 1)
        let keyframe = try #require(await player.currentlyDisplayedFrame)
        #expect(keyframe.isKeyframe && keyframe.time == 20)
        #expect(await player.currentTime == 20)
        try await player.seek(to: 27, toleranceBefore: 10, toleranceAfter: 5)  // the last keyframe in 17-32
        #expect(await player.currentlyDisplayedFrame?.time == 30)
        try await player.seek(to: 27, toleranceBefore: 1, toleranceAfter: 1)  // no keyframe in 26-28: exact
        #expect(await player.currentlyDisplayedFrame?.frameNumber == 810)
        try await player.seek(to: 27, toleranceBefore: 0, toleranceAfter: 0)
        #expect(await player.currentlyDisplayedFrame?.frameNumber == 810)
    }
}
