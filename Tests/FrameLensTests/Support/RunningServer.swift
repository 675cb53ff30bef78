import Foundation

/// A `framelens-serve` process on a free loopback port, stopped when the value goes away.
final class RunningServer: @unchecked Sendable {
    let process = Process()
    /// The page's URL, as the server printed it: `http://127.0.0.1:PORT/`.
    let url: String
    let port: Int

    /// Starts the server SwiftPM built beside the tests and waits for its URL (models load first).
    ///
    /// - Parameters:
    ///   - environment: variables to set for the server, over the test's own.
    ///   - command: the program and its first arguments that start the server; by default the built
    ///     `framelens-serve` (an installed `framelens` is `[path, "serve"]`).
    init(_ arguments: [String], environment: [String: String] = [:], command: [String]? = nil) throws {
        let command = command ?? [(Command.framelens as NSString).deletingLastPathComponent + "/framelens-serve"]
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = command.dropFirst() + ["--port", "0"] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        // Not the test's own stderr: a server outliving the test process would hold `swift test`'s pipe open.
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw CommandFailure(command: "framelens-serve", output: "exited before listening") }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let found = text.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//) else {
            throw CommandFailure(command: "framelens-serve", output: text)
        }
        url = String(found.0)
        port = Int(found.1)!
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    /// An HTTP exchange with the server, through curl (`--path-as-is`, so `..` reaches the server as sent).
    struct Reply {
        let status: Int
        let headers: [String: String]
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        /// The `error` member of a JSON error body.
        var error: String? {
            (try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])?["error"] as? String
        }
    }

    /// `get` on a thread of its own, so that several requests are in flight at once (curl blocks its thread,
    /// and Dispatch's pool has only as many as there are cores).
    func getInBackground(_ path: String) async throws -> Reply {
        try await withCheckedThrowingContinuation { continuation in
            let server = Client(url: url)
            Thread.detachNewThread { continuation.resume(with: Result { try server.get(path) }) }
        }
    }

    func get(_ path: String, headers: [String] = [], method: String = "GET") throws -> Reply {
        try Client(url: url).get(path, headers: headers, method: method)
    }
}

/// Requests to a server at a URL.
private struct Client {
    let url: String

    func get(_ path: String, headers: [String] = [], method: String = "GET") throws -> RunningServer.Reply {
        let headerFile = TestMedia.path("headers.txt")
        var arguments = ["-s", "--path-as-is", "-D", headerFile, "-X", method]
        if method == "HEAD" { arguments = ["-s", "--path-as-is", "-D", headerFile, "-I"] }
        for header in headers { arguments += ["-H", header] }
        let result = try Command.run("curl", arguments + [url + path.drop { $0 == "/" }])
        guard result.status == 0 else { throw CommandFailure(command: "curl", output: result.errorText) }
        let lines = try String(contentsOfFile: headerFile, encoding: .utf8).components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ")[1])!
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return RunningServer.Reply(status: status, headers: fields, body: method == "HEAD" ? [] : result.output)
    }
}
