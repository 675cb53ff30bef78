import Foundation

/// The number of glibc malloc arenas of the process.
///
/// glibc gives threads that allocate at the same time arenas of their own, up to eight per core, and each
/// arena keeps what is freed in it; Swift's concurrency runs work on whichever thread is free, so a long
/// session's freed memory spreads over many arenas. FrameLens's executables call `cap` first thing (a
/// library leaves its host's malloc alone); the soak benchmark hands free pages back before it measures.
@_spi(Process) public enum HeapArenas {
    /// glibc's `M_ARENA_MAX` (malloc.h), the `mallopt` setting of the most arenas.
    private static let arenaMaximum: Int32 = -8

    /// Caps malloc at `count` arenas (glibc's `mallopt(M_ARENA_MAX, count)`, looked up at run time: it
    /// does nothing where the C library has no `mallopt`). Call it before other threads allocate.
    ///
    /// - Returns: whether malloc took the setting.
    @discardableResult
    public static func cap(at count: Int32 = 2) -> Bool {
        guard let mallopt = function(named: "mallopt") else { return false }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        return unsafeBitCast(mallopt, to: Mallopt.self)(arenaMaximum, count) == 1
    }

    /// Hands the heap's free pages back to the system (glibc's `malloc_trim(0)`); whether any were. What
    /// resident memory drops by is memory freed but held by the heap, not memory in use.
    @discardableResult
    public static func returnFreePages() -> Bool {
        guard let mallocTrim = function(named: "malloc_trim") else { return false }
        typealias MallocTrim = @convention(c) (Int) -> Int32
        return unsafeBitCast(mallocTrim, to: MallocTrim.self)(0) == 1
    }

    /// Prints malloc's statistics on stderr, an `Arena N:` section per arena (glibc's `malloc_stats`); does
    /// nothing where the C library has none.
    public static func printStatistics() {
        guard let mallocStats = function(named: "malloc_stats") else { return }
        typealias MallocStats = @convention(c) () -> Void
        unsafeBitCast(mallocStats, to: MallocStats.self)()
    }

    /// A function of the process's C library, by name; nil where it has none.
    private static func function(named name: String) -> UnsafeMutableRawPointer? {
        dlsym(dlopen(nil, RTLD_LAZY), name)
    }
}
