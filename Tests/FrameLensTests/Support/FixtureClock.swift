import Foundation

/// Records how long making fixtures takes, for `scripts/test-times.sh`: when `FRAMELENS_TEST_FIXTURE_LOG` names a
/// file, each fixture made appends a line `KIND<TAB>SECONDS<TAB>NAME` to it.
enum FixtureClock {
    private static let log = ProcessInfo.processInfo.environment["FRAMELENS_TEST_FIXTURE_LOG"]
    private static let lock = NSLock()

    /// Runs `body`, recording its time under `kind` (`video`, `oracle`, `library`) and `name`.
    static func timed<Value>(_ kind: String, _ name: String, _ body: () throws -> Value) rethrows -> Value {
        guard let log else { return try body() }
        let start = Date()
        defer {
            let line = "\(kind)\t\(String(format: "%.3f", Date().timeIntervalSince(start)))\t\(name)\n"
            lock.withLock {
                if let handle = FileHandle(forWritingAtPath: log) {
                    handle.seekToEndOfFile()
                    handle.write(Data(line.utf8))
                    handle.closeFile()
                }
            }
        }
        return try body()
    }
}
