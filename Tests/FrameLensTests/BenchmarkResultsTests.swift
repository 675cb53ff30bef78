import Foundation
import Testing

/// `Benchmarks/RESULTS.md` is rendered from what the benchmarks record (`Benchmarks/results.sh`, `results.py`): a
/// recorded table appears as written under its run's header line, and a benchmark not run again keeps its section.
struct BenchmarkResultsTests {
    static let benchmarks = TestMedia.repositoryRoot.appendingPathComponent("Benchmarks").path

    /// Records one table as a bash benchmark does, then renders; returns RESULTS.md.
    static func recordAndRender(_ name: String, _ title: String, rows: [String], in folder: String) throws -> String {
        let script = """
            source '\(benchmarks)/results.sh'
            results_begin \(name) '\(title)'
            results_table 'Times in ms' slide framelens ratio
            \(rows.map { "results_row \($0)" }.joined(separator: "\n"))
            results_note 'x = pipeline / framelens.'
            python3 '\(benchmarks)/results.py' render
            """
        let environment = ["RESULTS_OUT": folder + "/out", "RESULTS_MD": folder + "/RESULTS.md", "RESULTS_LOAD": "1.5"]
        let result = try Command.run("bash", ["-c", script], environment: environment)
        #expect(result.status == 0 && result.errorText.isEmpty, "\(result.errorText)")
        return try String(contentsOfFile: folder + "/RESULTS.md", encoding: .utf8)
    }

    @Test func recordedTablesAreRenderedAndSectionsNotRunAgainStay() throws {
        let folder = TestMedia.path("benchmark-results")
        try? FileManager.default.removeItem(atPath: folder)
        let grab = try Self.recordAndRender(
            "grab-vs-pipeline", "Grab", rows: ["0 412 '1.8|x'", "**total** 412 ''"], in: folder)
        let header = #/\n\d+ cores, \d+ GiB, [^;]+; load 1\.5 at the start; \d{4}-\d\d-\d\d \d\d:\d\d UTC; commit `[^`]+`; FFmpeg [^,]+, tesseract 5\.\d+\.\d+\n/#
        #expect(grab.replacing(header, with: "\nHEADER\n").hasSuffix("""

            <!-- benchmark: grab-vs-pipeline -->
            ## Grab

            HEADER

            **Times in ms**

            | slide | framelens | ratio |
            |---|---|---|
            | 0 | 412 | 1.8\\|x |
            | **total** | 412 |  |

            - x = pipeline / framelens.

            """))

        // Another benchmark's run, this one's JSON gone: its section stays as it was, in the sections' order.
        try FileManager.default.removeItem(atPath: folder + "/out/grab-vs-pipeline.json")
        let both = try Self.recordAndRender("frame-vs-ffmpeg", "Frame", rows: ["0 55 1.2"], in: folder)
        let grabSection = try #require(grab.range(of: "<!-- benchmark: grab-vs-pipeline -->"))
        #expect(both.hasSuffix(String(grab[grabSection.lowerBound...])))
        #expect(both.contains("<!-- benchmark: frame-vs-ffmpeg -->\n## Frame\n"))
        #expect(both.components(separatedBy: "<!-- benchmark: ").count == 3)
    }
}
