import Foundation

/// A TCP connection to a local server, written and read byte by byte as a test needs: an idle client, one
/// that sends a byte at a time, or requests sent back to back without a process start between them.
final class RawConnection {
    private let socket: Int32

    /// Connects to `127.0.0.1:port`.
    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard socket >= 0, connected == 0 else {
            throw CommandFailure(command: "connect", output: String(cString: strerror(errno)))
        }
    }

    deinit { close(socket) }

    /// Sends `text`; false when the server has closed the connection (no SIGPIPE).
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// Whether the server closes the connection within `seconds` (reading whatever it sends meanwhile).
    func isClosedByServer(within seconds: Double) -> Bool {
        var timeout = timeval(tv_sec: Int(seconds), tv_usec: Int(seconds.truncatingRemainder(dividingBy: 1) * 1e6))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 || (count < 0 && errno == ECONNRESET) { return true }
            if count < 0 { return false }  // the timeout: still open
        }
    }

    /// Reads one HTTP/1.1 response whose body has a `Content-Length`: its status line and body.
    func response() -> (status: String, body: String) {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let text = String(decoding: data, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let head = text[..<end.lowerBound]
                let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                let body = text[end.upperBound...]
                if body.utf8.count >= length {
                    return (String(head.split(separator: "\r\n")[0]), String(body))
                }
            }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return ("", text) }
            data += buffer[..<count]
        }
    }
}
