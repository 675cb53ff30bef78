import Foundation

/// Runs `framelens` with its standard error on a pseudo-terminal (through python3's `pty` module), as a
/// user's terminal is: what it draws there, and its exit status.
enum Terminal {
    struct Result {
        let status: Int32
        /// What the terminal received, `\r\n` as the terminal driver writes a newline.
        let screen: String
        /// The lines as they are drawn: split at carriage returns and newlines (`\r\n` is one `Character`,
        /// a newline too), empty ones left out.
        var lines: [String] { screen.split(whereSeparator: \.isNewline).map(String.init) }
    }

    /// - Parameters:
    ///   - columns: the terminal's width as the pty driver reports it (`TIOCGWINSZ`), or 0 for a terminal
    ///     that does not say (as a fresh pty), leaving `$COLUMNS` to tell.
    ///   - environment: added to the test's own.
    ///   - directory: the working directory.
    static func framelens(
        _ arguments: [String], columns: Int, environment: [String: String] = [:], directory: String? = nil
    ) throws -> Result {
        let script = """
            import fcntl, os, pty, struct, subprocess, sys, termios
            columns = int(sys.argv[1])
            main, side = pty.openpty()
            if columns:
                fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
            child = subprocess.Popen(sys.argv[2:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=side)
            os.close(side)
            screen = b""
            while True:
                try:
                    chunk = os.read(main, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                screen += chunk
            sys.stdout.buffer.write(screen)
            sys.exit(child.wait())
            """
        var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if environment["COLUMNS"] == nil { merged["COLUMNS"] = nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, String(columns), Command.framelens] + arguments
        process.environment = merged
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let screen = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, screen: String(decoding: screen, as: UTF8.self))
    }
}
