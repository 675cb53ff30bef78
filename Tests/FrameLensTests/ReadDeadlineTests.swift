import Foundation
import Testing

@testable import FrameLens

/// A stalled input (a FIFO nobody writes, a writer that stops, a network peer that sends nothing) ends with
/// a one-line error once a read has waited `readTimeout`, instead of hanging.
///
/// Each test measures how soon the stall is told from its own start. The suite has no time limit: Swift
/// Testing counts a test's time from when it is scheduled, and under AddressSanitizer, beside suites that
/// hold the runner's threads while child processes index, it counted 37 minutes for bodies of seconds.
struct ReadDeadlineTests {
    /// How long telling a stall of a 1 s deadline may take, even on a loaded machine.
    private static let promptly: Duration = .seconds(30)

    /// A FIFO in the test directory.
    private func fifo() throws -> String {
        let path = TestMedia.path("stall.fifo")
        guard mkfifo(path, 0o600) == 0 else { throw CommandFailure(command: "mkfifo", output: String(cString: strerror(errno))) }
        return path
    }

    @Test func fifoWithoutWriterFailsAtTheDeadline() throws {
        let path = try fifo()
        let clock = ContinuousClock()
        let start = clock.now
        #expect {
            _ = try MediaFile(url: path, readTimeout: 1)
        } throws: { error in
            let error = error as? MediaError
            return error?.code == .unreadable && error?.message == "cannot read \(path): no data for 1 s (the input stalled)"
        }
        #expect(clock.now - start < Self.promptly)
    }

    @Test func writerThatStopsEndsReadingWithAStall() throws {
        let path = try fifo()
        let stream = try Data(contentsOf: URL(fileURLWithPath: try TestMedia.make("stall.ts", [
            "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=4", "-c:v", "libx264", "-g", "25", "-f", "mpegts",
        ])))
        let writerDone = DispatchSemaphore(value: 0)
        let readerDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let descriptor = open(path, O_WRONLY)
            _ = stream.prefix(stream.count / 3).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            readerDone.wait()  // keeps the FIFO open, writing nothing more
            close(descriptor)
            writerDone.signal()
        }
        defer {
            readerDone.signal()
            writerDone.wait()
        }
        let start = ContinuousClock.now
        let file = try MediaFile(url: path, readTimeout: 1)
        let packets = file.countPackets()
        #expect(ContinuousClock.now - start < Self.promptly)
        #expect(packets > 10, "the packets written are read")
        #expect(file.readError == "no data for 1 s (the input stalled)")
    }

    @Test func networkStallIsOneLineWithExitCode3() throws {
        let listener = try StalledListener()
        defer { listener.close() }
        let url = "tcp://127.0.0.1:\(listener.port)"
        let start = ContinuousClock.now
        let result = try Command.run(Command.framelens, ["probe", url], environment: ["FRAMELENS_READ_TIMEOUT": "1"])
        #expect(ContinuousClock.now - start < Self.promptly)
        #expect(result.status == 3)
        #expect(result.errorText == "framelens: cannot read \(url): no data for 1 s (the input stalled)\n")
    }
}

/// A TCP socket that listens on a free local port and never accepts or sends: connecting works, reading
/// waits forever.
private struct StalledListener {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 4) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard descriptor >= 0, bound else { throw CommandFailure(command: "listen", output: String(cString: strerror(errno))) }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { _ = Glibc.close(descriptor) }
}
