import Foundation
import Testing

/// `framelens grab` at several times in one run, and writing its report to a file.
extension GrabCommandTests {
    @Test func readsSeveralTimesEachUnderItsHeaderInTimeOrder() throws {
        let result = try Command.framelens(["grab", TestMedia.sample, "--at", "40,5", "--types", "text,codes"])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(result.text == """
            ==> 00:00:05.000 (frame 150) <==
            CS 101: Introduction to Computing
            Lecture 7: Reading Text from Video
            Dr. Ada Lovelace
            March 14, 2026

            ==> 00:00:40.000 (frame 1200) <==
            Quick Quiz
            Scan the QR code
            Quiz ID: 42
            Five short questions
            Quiz closes at 11:45

            QR-Code  https://example.edu/cs101/quiz?id=42

            """)
    }

    @Test func printsAJSONArrayForSeveralTimes() throws {
        let times = TestMedia.path("grab-times.txt")
        try Data("0:48.034\n# and the title slide\n1\n".utf8).write(to: URL(fileURLWithPath: times))
        let result = try Command.framelens(["grab", TestMedia.sample, "--times-file", times, "--json", "--types", "text"])
        #expect(result.status == 0, "\(result.errorText)")
        let analyses = try #require(try JSONSerialization.jsonObject(with: Data(result.output)) as? [[String: Any]])
        #expect(analyses.map { $0["frameNumber"] as? Int } == [30, 1441])
        let transcripts = analyses.map { ($0["text"] as? [String: Any])?["transcript"] as? String }
        #expect(transcripts == [SampleTruth.sample.slides[0].text, SampleTruth.sample.slides[7].text])
    }

    @Test func writesTheReportToAFile() throws {
        let arguments = ["grab", TestMedia.sample, "--at", "15", "--json", "--types", "text,codes"]
        let printed = try Command.framelens(arguments)
        let output = TestMedia.path("grab.json")
        let written = try Command.framelens(arguments + ["-o", output])
        #expect(written.status == 0)
        #expect(written.output.isEmpty)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: output))) == printed.output)
    }

    @Test func aBadTimeAmongSeveralWritesNothing() throws {
        let output = TestMedia.path("grab.txt")
        let result = try Command.framelens(["grab", TestMedia.sample, "--at", "5,2:00", "-o", output])
        #expect(result.status == 7)
        #expect(result.errorText == "framelens: time 00:02:00.000 is past the end of the video (00:01:00.000)\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
