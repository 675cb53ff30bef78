import Foundation
import Testing
@testable import FrameLens

struct TimestampTests {
    @Test func equalFractionsAreEqualWhateverTheirTimescale() {
        #expect(Timestamp(value: 1, timescale: 2) == Timestamp(value: 500, timescale: 1000))
        #expect(Set([Timestamp(value: 1, timescale: 2), Timestamp(value: 500, timescale: 1000)]).count == 1)
        #expect(Timestamp(value: 1001, timescale: 30000) < Timestamp(value: 1, timescale: 29))
        #expect(Timestamp(value: 1001, timescale: 30000) > Timestamp(value: 1, timescale: 30))
        #expect(Timestamp(value: .max, timescale: 1) > Timestamp(value: .max, timescale: 2))
    }

    @Test func arithmeticIsExact() {
        let frame = Timestamp(value: 1001, timescale: 30000)
        let sum = frame + frame + frame
        #expect(sum == Timestamp(value: 3003, timescale: 30000))
        #expect(sum - frame == Timestamp(value: 2002, timescale: 30000))
        #expect(Timestamp(value: 1, timescale: 3) + Timestamp(value: 1, timescale: 7) == Timestamp(value: 10, timescale: 21))
        #expect((Timestamp(value: 1, timescale: 3) - 1).seconds == -2.0 / 3)
    }

    @Test func literalsAndSecondsCountMicroseconds() {
        let time: Timestamp = 3.7
        #expect(time == Timestamp(value: 3_700_000, timescale: 1_000_000))
        #expect(Timestamp(seconds: 1.0 / 3) == Timestamp(value: 333_333, timescale: 1_000_000))
        #expect(Timestamp(seconds: 1.0 / 3, preferredTimescale: 3) == Timestamp(value: 1, timescale: 3))
        #expect(Timestamp(seconds: 1e300) == Timestamp(value: .max, timescale: 1_000_000))
        #expect(Timestamp(seconds: -.infinity) < .zero)
    }

    @Test(arguments: [0.0, 48.04803333333333, 1441.0 / 30, 0.001, -2.5, 1e9, 123_456_789.123])
    func aDoubleIsKeptExactlyAndCodedAsTheSameNumber(seconds: Double) throws {
        let time = try #require(Timestamp(exactly: seconds))
        #expect(time.seconds == seconds)
        let json = try JSONEncoder().encode([time])
        #expect(String(decoding: json, as: UTF8.self) == String(decoding: try JSONEncoder().encode([seconds]), as: UTF8.self))
        #expect(try JSONDecoder().decode([Timestamp].self, from: json) == [time])
    }

    /// A time below a millisecond may need more binary places than a timescale holds (`--from 0.0001` written
    /// into an index's `from`): it is read to the nanosecond, and written back as the same number.
    @Test(arguments: [0.0001, 0.000001, 0.00004567])
    func aTinyTimeIsReadToTheNanosecond(seconds: Double) throws {
        #expect(Timestamp(exactly: seconds) == nil)
        let json = try JSONEncoder().encode([seconds])
        let time = try #require(try JSONDecoder().decode([Timestamp].self, from: json).first)
        #expect(time == Timestamp(seconds: seconds, preferredTimescale: 1_000_000_000))
        #expect(try JSONEncoder().encode([time]) == json)
    }

    @Test(arguments: ["[1e300]", "[-1e19]"])
    func aNumberPastWhatATimeHoldsIsRefused(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Timestamp].self, from: Data(json.utf8)) }
    }

    @Test func aFrameTimeIsItsTimestampInItsTimeBase() async throws {
        let player = try VideoPlayer(url: TestMedia.sample)
        try await player.seek(to: 27)
        let frame = try #require(await player.currentlyDisplayedFrame)
        #expect(frame.presentationTime == Timestamp(value: Int64(frame.pts) * Int64(frame.timeBase.numerator), timescale: Int64(frame.timeBase.denominator)))
        #expect(frame.presentationTime == Timestamp(value: 810, timescale: 30))
        #expect(await player.currentTime == 27)
    }

    @Test func aKnownDurationIsATime() throws {
        #expect(try VideoPlayer(url: TestMedia.sample).duration == 60)
    }
}
