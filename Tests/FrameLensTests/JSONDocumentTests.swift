import Foundation
import Testing
@testable import FrameLens

/// JSON as FrameLens writes it: times rounded up to the millisecond (so that a player seeking to a written
/// time shows that frame), confidences to a tenth, every other number as it is.
struct JSONDocumentTests {
    struct Sample: Encodable {
        let time: Double
        let start: Double
        let end: Double?
        let confidence: Double
        let x: Double
        let pts: Int64
        let words: [Word]
    }

    struct Word: Encodable {
        let confidence: Double
        let text: String
    }

    @Test func roundsTimesUpAndConfidencesToATenth() throws {
        let value = Sample(
            time: 1441.0 / 30, start: 0, end: 7.3666666, confidence: 93.14159, x: 0.049218, pts: 9_007_199_254_740_993,
            words: [Word(confidence: 96.25, text: "Quiz"), Word(confidence: 88.04999, text: "Quick")])
        #expect(String(decoding: try JSONDocument.encode(value, precision: .rounded), as: UTF8.self) == """
            {
              "confidence" : 93.1,
              "end" : 7.367,
              "pts" : 9007199254740993,
              "start" : 0,
              "time" : 48.034,
              "words" : [
                {
                  "confidence" : 96.3,
                  "text" : "Quiz"
                },
                {
                  "confidence" : 88,
                  "text" : "Quick"
                }
              ],
              "x" : 0.049218
            }

            """)
    }

    /// `serve`'s API keeps times exact: its page compares them with the player's clock.
    @Test func exactDocumentsKeepTheirNumbers() throws {
        let value = Word(confidence: 88.04999, text: "Quick")
        #expect(String(decoding: try JSONDocument.encode(value), as: UTF8.self)
            == "{\n  \"confidence\" : 88.04999,\n  \"text\" : \"Quick\"\n}\n")
    }

    /// A real analysis: every confidence has at most one decimal, the frame's time at most three.
    @Test func grabJSONIsRounded() throws {
        let result = try Command.framelens(["grab", TestMedia.sample, "--at", "48.034", "--json"])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(result.text.contains("\"time\" : 48.034,"))
        let confidences = result.text.matches(of: /"confidence" : ([0-9.]+)/).map { String($0.1) }
        #expect(confidences.count > 10)
        #expect(confidences.allSatisfy { $0.wholeMatch(of: /\d+(\.\d)?/) != nil }, "\(confidences)")
    }
}
