import Foundation
import Testing

/// A short run of the mutation fuzzer (`scripts/fuzz.py`, `make fuzz` for the long one): 20 mutants of a small
/// video in each container, the same ones every run, through probe, frame, grab and index, with no crash, hang,
/// or error that is not one documented line.
struct FuzzTests {
    @Test func mutantsGiveOnlyDocumentedErrors() throws {
        let script = TestMedia.repositoryRoot.appendingPathComponent("scripts/fuzz.py").path
        let result = try Command.run("python3", [
            script, "--framelens", Command.framelens, "--mutants", "20", "--seed", "10",
            "--timeout", "60",
            "--seeds", TestMedia.directory.appendingPathComponent("fuzz-seeds").path,
            "--findings", TestMedia.directory.appendingPathComponent("fuzz-findings").path,
        ])
        #expect(result.status == 0, "\(result.text)\(result.errorText)")
        #expect(result.text.hasPrefix("fuzz: 20 mutants of ") && result.text.contains(" 0 finding(s)"), "\(result.text)")
    }
}
