import Foundation
import Synchronization

/// SIGINT and SIGTERM ask long work to stop cleanly instead of killing the process mid-write.
enum Interruption {
    fileprivate static let received = Atomic<Int32>(0)

    /// Routes SIGINT and SIGTERM to `isRequested` instead of ending the process.
    static func install() {
        for number in [SIGINT, SIGTERM] {
            // An atomic store is all the handler does: it is async-signal-safe.
            _ = SwiftGlibc.signal(number) { number in Interruption.received.store(number, ordering: .relaxed) }
        }
    }

    /// Whether a signal asked to stop.
    static func isRequested() -> Bool { receivedSignal != nil }

    /// The signal that asked to stop, if one did.
    static var receivedSignal: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }
}
