import Foundation

/// A value that one thread at a time reaches, behind a pthread mutex (Foundation's `NSLock`).
///
/// Used instead of Synchronization's `Mutex`, which ThreadSanitizer cannot see on Linux (it is locked inside
/// the uninstrumented standard library); it sees pthread mutexes.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
