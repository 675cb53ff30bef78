import Testing
@testable import FrameLens

struct MediaTimeTests {
    @Test(arguments: [
        ("0", 0.0), ("12.5", 12.5), ("7.366667", 7.366667), ("01:02.5", 62.5), ("1:02:03.250", 3723.25),
        ("00:00:00", 0.0), (" 90 ", 90.0), ("0:59.999", 59.999),
        ("15s", 15.0), ("1500ms", 1.5), ("2.5s", 2.5), ("250000us", 0.25), ("00:00:15,000", 15.0),
        ("01:02:03,250", 3723.25), ("-0", 0.0), ("-0.000", 0.0), ("-0ms", 0.0), ("-00:00:00", 0.0),
    ])
    func parsesTimes(text: String, seconds: Double) throws {
        #expect(try MediaTime.parse(text) == Timestamp(seconds: seconds))
    }

    @Test(arguments: ["-1", "-0:01", "-0.001", "--0", "-", "abc", "", "1:2:3:4", "1:60", "1::2", "1e3", "0x10", "1.2.3", "nan", "inf",
        "1:30s", "ms", "15 s", "15m", "0:15,000", "00:00:15,5", "00:00:15,000,1", "00:00:15.5,000"])
    func rejectsOtherText(text: String) {
        #expect(throws: TimeError.self) { try MediaTime.parse(text) }
    }

    @Test(arguments: [
        ("-2.5", TimeErrorCode.negative, "time -2.5 is negative; times start at 0"),
        ("ten", .malformed, "time 'ten' is not seconds (12.5, 15s, 1500ms), MM:SS(.mmm) or HH:MM:SS(.mmm)"),
        ("9300000000000000", .tooLarge, "time '9300000000000000' is too large (at most 1000000000 seconds)"),
    ])
    func aTimeThatIsNoneIsATimeErrorNamingWhy(text: String, code: TimeErrorCode, message: String) {
        let error = #expect(throws: TimeError.self) { try MediaTime.parse(text) }
        #expect(error?.code == code)
        #expect(error?.message == message)
    }

    @Test(arguments: [(0.0, "00:00:00.000"), (7.366667, "00:00:07.367"), (3723.25, "01:02:03.250")])
    func formatsClockTimes(seconds: Double, text: String) {
        #expect(MediaTime.clock(seconds) == text)
    }

    @Test(arguments: [(1441.0 / 30, "00:00:48.034"), (48.0, "00:00:48.000"), (1.0 / 30, "00:00:00.034")])
    func roundsFrameTimesUpSoThatTheyShowThatFrame(seconds: Double, text: String) {
        #expect(MediaTime.clock(seconds, rounding: .up) == text)
    }
}
