import Foundation
import Testing

@testable import FrameLens

/// No time a caller passes and no timestamp a file holds traps converting or adding: they saturate at the
/// end they point to.
struct SaturatingTimestampTests {
    @Test func sumsHoldAtTheLimits() {
        #expect(Int64.max.saturatingAdding(1) == .max)
        #expect(Int64(-5).saturatingAdding(.min) == .min)
        #expect(Int64(40).saturatingAdding(-2) == 38)
    }

    /// `counter()`: 25 fps, 4 s, keyframes at 0 and 2 s.
    @Test func anInfiniteToleranceShowsTheLastKeyframe() async throws {
        let player = try VideoPlayer(url: try TestMedia.counter())
        try await player.seek(to: 1, toleranceBefore: 0, toleranceAfter: Timestamp(seconds: .infinity))
        let frame = try #require(await player.currentlyDisplayedFrame)
        #expect(frame.isKeyframe && frame.frameNumber == 50)
    }

    /// An MKV written to a pipe has no duration: any time is allowed, and one past what a clock holds shows
    /// the last frame.
    @Test func aHugeTimeInAVideoOfUnknownDurationShowsTheLastFrame() async throws {
        let path = TestMedia.path("no-duration.mkv")
        let made = try Command.run("sh", ["-c", "ffmpeg -nostdin -v error -f lavfi -i testsrc2=s=160x120:r=25:d=2 -c:v libx264 -f matroska - > '\(path)'"])
        #expect(made.status == 0, "\(made.errorText)")
        let player = try VideoPlayer(url: path)
        #expect(player.media.duration == nil)
        for time in [1e300, 9.3e15] {
            try await player.seek(to: Timestamp(seconds: time))
            #expect(await player.currentlyDisplayedFrame?.frameNumber == 49, "\(time)")
        }
    }
}
