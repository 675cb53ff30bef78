import Foundation

/// Has `count` threads allocate at the same time, each holding its blocks until all have allocated, so that
/// glibc's malloc, uncapped, would give each thread an arena of its own.
func allocateOnThreadsAtOnce(_ count: Int) {
    let allocated = DispatchGroup()
    let release = DispatchSemaphore(value: 0)
    let finished = DispatchGroup()
    for _ in 0..<count {
        allocated.enter()
        finished.enter()
        Thread.detachNewThread {
            let blocks = (0..<256).map { _ in malloc(1024) }
            allocated.leave()
            release.wait()
            blocks.forEach { free($0) }
            finished.leave()
        }
    }
    allocated.wait()
    (0..<count).forEach { _ in release.signal() }
    finished.wait()
}
