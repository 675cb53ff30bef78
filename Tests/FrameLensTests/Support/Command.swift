import Foundation

/// Runs programs: ffmpeg as an oracle, and the `framelens` executable itself.
enum Command {
    struct Result {
        let status: Int32
        let output: [UInt8]
        let errorText: String
        var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// The `framelens` executable SwiftPM built beside the tests.
    static var framelens: String {
        Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("framelens").path
    }

    /// Runs `framelens` with arguments.
    static func framelens(_ arguments: [String]) throws -> Result {
        try run(framelens, arguments)
    }

    /// Runs a program (looked up on PATH unless it is a path) and collects its output.
    static func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        if program.contains("/") {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [program] + arguments
        }
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errorReader = Thread.detachedReader(errors.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: Array(outputData),
            errorText: String(decoding: errorReader.wait(), as: UTF8.self))
    }
}

/// Reads a pipe to its end on its own thread, so that neither pipe of a child can fill up and block it.
final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

extension Thread {
    static func detachedReader(_ handle: FileHandle) -> PipeReader { PipeReader(handle) }
}
