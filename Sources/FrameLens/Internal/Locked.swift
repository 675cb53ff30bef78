import Foundation

/// A value that one thread at a time reaches, behind a pthread mutex (Foundation's `NSLock`).
///
/// FrameLens uses it where Synchronization's `Mutex` would do, because ThreadSanitizer cannot see a `Mutex`
/// on Linux: it is locked inside the standard library, which is not instrumented, so every value it guards
/// was reported as a data race (`scripts/sanitize.sh thread`; a dozen lines of threads appending to an array
/// under a `Mutex` show it). ThreadSanitizer sees pthread mutexes.
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
