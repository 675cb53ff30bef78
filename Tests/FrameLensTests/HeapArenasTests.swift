import Testing
@_spi(Process) @testable import FrameLens

/// `HeapArenas` reaches the C library's `mallopt` and `malloc_trim` (Debian's glibc). The test sets 16,
/// more arenas than the test process's threads use, so the other tests allocate as before.
struct HeapArenasTests {
    @Test func mallocTakesTheArenaCap() {
        #expect(HeapArenas.cap(at: 16))
    }

    /// After a few megabytes are allocated and freed, the heap has free pages to hand back.
    @Test func theHeapHandsFreePagesBack() {
        let blocks = (0..<64).map { _ in [UInt8](repeating: 1, count: 65536) }
        #expect(blocks.count == 64)
        _ = consume blocks
        #expect(HeapArenas.returnFreePages())
    }
}
