import ArgumentParser
import FrameLens
import FrameLensLibrary

/// Runs a command's work, turning FrameLens errors into one line on stderr and a distinct exit code.
func reportingErrors(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as any ReportedError {
        printError(error.message)
        throw ExitCode(error.exitStatus.rawValue)
    }
}

/// A usage error worded by FrameLens: prints it as one line, `framelens: message`, like every other error,
/// and returns the exit code to throw (64, as ArgumentParser's own usage errors, which add the usage text).
func usageError(_ message: String) -> ExitCode {
    printError(message)
    return ExitCode(ExitStatus.usage.rawValue)
}

/// Prints `framelens: message` on standard error (naming standard input as the user did).
func printError(_ message: String) {
    var standardError = StandardError()
    print("framelens: \(StandardInput.shown(message))", to: &standardError)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandleOutput.standardError(string)
    }
}
