import Testing
@_spi(Process) @testable import FrameLens

/// `HeapArenas` reaches the C library's `mallopt` (Debian's glibc), which takes the cap. The test sets 16,
/// more arenas than the test process's threads use, so the other tests allocate as before.
struct HeapArenasTests {
    @Test func mallocTakesTheArenaCap() {
        #expect(HeapArenas.cap(at: 16))
    }
}
