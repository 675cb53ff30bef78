import Foundation
import Testing

@testable import FrameLens

/// Numbers a hostile file or caller hands in (huge timestamps and frame rates, NaN, infinity, regions far
/// outside the picture) are held at a limit or refused, never trapped on.
struct HostileNumbersTests {
    /// Two timescales with no common factor near 2^63 make a common timescale near 2^126: the sum no longer
    /// fits 64 bits and is given to the nanosecond, saturated where even that does not fit.
    @Test func sumsOfHugeTimestampsInCoprimeTimescalesSaturate() {
        let big = Timestamp(value: .max, timescale: .max - 1)
        let other = Timestamp(value: .max, timescale: .max)
        #expect(big + other == Timestamp(value: 2_000_000_000, timescale: 1_000_000_000))
        let far = Timestamp(value: .max, timescale: 3)
        #expect(far + Timestamp(value: .max, timescale: 7) == Timestamp(value: .max, timescale: 1_000_000_000))
        #expect(Timestamp(value: .min, timescale: 3) - Timestamp(value: .max, timescale: 7)
            == Timestamp(value: .min, timescale: 1_000_000_000))
    }

    @Test(arguments: [
        #"{"x":1e300,"y":0,"width":0.5,"height":0.5}"#, #"{"x":0,"y":0,"width":0,"height":1}"#,
        #"{"x":-0.5,"y":0,"width":0.5,"height":0.5}"#, #"{"x":0.8,"y":0,"width":0.5,"height":0.5}"#,
    ])
    func aDecodedRegionOutsideThePictureIsRefused(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(NormalizedRect.self, from: Data(json.utf8)) }
    }

    /// A cue's bounds are a `NormalizedRect` as a region is: read with the same checks, written back as read.
    @Test func aCuesBoundsAreCheckedWhenDecodedAndWrittenAsRead() throws {
        let cue = { (bounds: String) in
            #"{"start":0,"end":1,"startFrame":0,"endFrame":25,"text":"a","codes":[],"detections":[],"bounds":"#
                + bounds + "}"
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Cue.self, from: Data(cue(#"{"x":1e300,"y":0,"width":0.5,"height":0.5}"#).utf8))
        }
        let bounds = #"{"height":0.1,"width":0.41,"x":0.3,"y":0.8}"#
        let decoded = try JSONDecoder().decode(Cue.self, from: Data(cue(bounds).utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(decoded.bounds), as: UTF8.self) == bounds)
    }

    @Test func aDecodedRegionInsideThePictureIsKept() throws {
        let region = try JSONDecoder().decode(
            NormalizedRect.self, from: Data(#"{"x":0,"y":0.8,"width":1,"height":0.2}"#.utf8))
        #expect(region == (try NormalizedRect(x: 0, y: 0.8, width: 1, height: 0.2)))
    }

    @Test(arguments: [
        (VideoIndexer.Options(from: Timestamp(value: .max, timescale: 1)), TimeErrorCode.tooLarge,
         "the start time 9.223372036854776e+18 is not a time (0 to 1000000000 seconds)"),
        (VideoIndexer.Options(from: -1), .negative, "the start time -1.0 is not a time (0 to 1000000000 seconds)"),
        (VideoIndexer.Options(to: Timestamp(value: .min, timescale: 1)), .negative,
         "the end time -9.223372036854776e+18 is not a time (0 to 1000000000 seconds)"),
        (VideoIndexer.Options(to: 1e300), .tooLarge, "the end time 9223372036854.775 is not a time (0 to 1000000000 seconds)"),
        (VideoIndexer.Options(to: 1_000_000_001), .tooLarge, "the end time 1000000001.0 is not a time (0 to 1000000000 seconds)"),
        (VideoIndexer.Options(interval: -0.5), .negative, "the interval -0.5 is not a positive time (at most 1000000000 seconds)"),
        (VideoIndexer.Options(interval: 0), .negative, "the interval 0.0 is not a positive time (at most 1000000000 seconds)"),
    ])
    func anIndexerRefusesARangeNoClockHolds(options: VideoIndexer.Options, code: TimeErrorCode, message: String) {
        let error = #expect(throws: TimeError.self) { try VideoIndexer(url: TestMedia.sample, options: options) }
        #expect(error?.code == code)
        #expect(error?.message == message)
    }
}
