import Foundation
import Testing
@_spi(Process) @testable import FrameLens

/// `HeapArenas` reaches the C library's `mallopt`, `malloc_trim` and `malloc_stats` (Debian's glibc). The cap
/// is checked in a process of its own (`framelens-bench`, which caps malloc first thing, as `framelens` and
/// `framelens-serve` do): changing it here would change malloc under the tests running beside.
struct HeapArenasTests {
    @Test func eightThreadsAllocatingAtOnceShareTwoArenas() throws {
        let bench = (Command.framelens as NSString).deletingLastPathComponent + "/framelens-bench"
        let result = try Command.run(bench, ["arenas"])
        #expect(result.status == 0)
        let arenas = result.errorText.split(separator: "\n").filter { $0.hasPrefix("Arena ") }
        #expect((1...2).contains(arenas.count), "\(result.errorText)")
    }

    /// Megabytes allocated and freed in the main heap leave free pages at its top to hand back.
    @Test func theHeapHandsFreePagesBack() {
        let blocks = (0..<64).map { _ in malloc(65536) }
        blocks.forEach { free($0) }
        #expect(HeapArenas.returnFreePages())
    }
}
