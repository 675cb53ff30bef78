import Foundation
import Testing

/// No FFmpeg frame, packet or codec context, Tesseract engine or ZBar image outlives its use: after a few
/// hundred seek+analyse cycles every `LiveObjects` count is back where it was after the warm-up.
///
/// The cycles run in `framelens-bench soak`, a process of its own: the counts are process-wide, and this
/// test process runs other tests at the same time.
struct LiveObjectsTests {
    @Test func seeksAndAnalysesLeaveNoObjectsBehind() throws {
        let bench = URL(fileURLWithPath: Command.framelens).deletingLastPathComponent()
            .appendingPathComponent("framelens-bench").path
        // 200 cycles, text on every 20th; memory is the benchmark's business (make soak), not this test's.
        let result = try Command.run(bench, ["soak", TestMedia.sample, "200", "20", "1000"])
        let lines = result.text.split(separator: "\n")
        let afterWarmUp = lines.first { $0.hasPrefix("live objects after warm-up:") }?.split(separator: ":").last
        let atTheEnd = lines.first { $0.hasPrefix("live objects at the end:") }?.split(separator: ":").last
        #expect(result.status == 0, "\(result.text)\(result.errorText)")
        #expect(afterWarmUp != nil && afterWarmUp?.trimmingCharacters(in: .whitespaces)
            == atTheEnd?.trimmingCharacters(in: .whitespaces), "\(result.text)")
        #expect(afterWarmUp?.contains("Tesseract engines 1") == true, "the counters count: \(result.text)")
    }
}
