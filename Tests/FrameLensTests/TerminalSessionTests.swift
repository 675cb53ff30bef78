import Foundation
import Testing
@testable import FrameLens

/// A terminal recorded at 1080p60: commands typed a key at a time behind a block cursor, each output appearing at
/// once. Each output is a cue from the frame it appears; the keys are no cues of their own.
struct TerminalSessionTests {
    /// Light grey DejaVu Sans Mono (27 px, 39 px a row) on black, from frame 0 to 760 at 60 fps:
    /// `echo one two three` typed from frame 60, a key every 6 frames, entered at 200; `pwd` typed from 380,
    /// entered at 430 (its one-line output right under it); `ls -l /tmp` typed from 560 and left on screen.
    static func video() throws -> String {
        var rows: [(text: String, row: Int, from: Int, to: Int)] = []
        var cursors: [(column: Int, row: Int, from: Int, to: Int)] = []
        var screen: [String] = []
        var frame = 0
        /// Shows the screen with `line` typed on its last row until `until`.
        func show(_ line: String, until: Int) {
            for (row, text) in (screen + [line]).enumerated() { rows.append((text, row, frame, until)) }
            cursors.append((line.count, screen.count, frame, until))
            frame = until
        }
        /// Types `command` from frame `start`, a key every 6 frames, and shows it until `end`, then its output.
        func type(_ command: String, from start: Int, until end: Int, output: [String]?) {
            show("$ ", until: start)
            for typed in 1...command.count { show("$ " + command.prefix(typed), until: start + typed * 6) }
            show("$ " + command, until: end)
            if let output { screen += ["$ " + command] + output }
        }
        type("echo one two three", from: 60, until: 200, output: ["one two three"])
        type("pwd", from: 380, until: 430, output: ["/tmp"])
        type("ls -l /tmp", from: 560, until: 760, output: nil)
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
        let advance = 27.0 * 1233 / 2048
        var filters: [String] = []
        for (number, row) in rows.enumerated() where !row.text.isEmpty {
            let file = TestMedia.directory.appendingPathComponent("terminal-session-\(number).txt").path
            try row.text.write(toFile: file, atomically: true, encoding: .utf8)
            filters.append("drawtext=fontfile=\(font):textfile=\(file):expansion=none:fontsize=27:fontcolor=0xe5e5e5"
                + ":x=16:y=\(20 + row.row * 39):enable='between(n\\,\(row.from)\\,\(row.to - 1))'")
        }
        for cursor in cursors {
            filters.append("drawbox=x=\(16 + Int((Double(cursor.column) * advance).rounded())):y=\(16 + cursor.row * 39)"
                + ":w=16:h=35:color=0xe5e5e5:t=fill:enable='between(n\\,\(cursor.from)\\,\(cursor.to - 1))'")
        }
        let script = TestMedia.directory.appendingPathComponent("terminal-session.filters").path
        try filters.joined(separator: ",\n").write(toFile: script, atomically: true, encoding: .utf8)
        return try TestMedia.make("terminal-session.mp4", [
            "-f", "lavfi", "-i", "color=black:s=1920x1080:r=60:d=\(Double(frame) / 60)", "-filter_script:v", script,
            "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p",
        ])
    }

    /// Two outputs, each its own cue from the frame it appears, the second only one short line right under a
    /// command typed between two samples; the command typed last, left on screen, is a cue from its first key. The
    /// block cursor is read as nothing (not as `f`), and the lines beside it are read. (A prompt's `$` alone on its
    /// line, or unsure at the top left, is left out as a symbol.)
    @Test func eachOutputIsACueFromTheFrameItAppears() async throws {
        let index = try await VideoIndexer(url: try Self.video(), options: .init()).run()
        #expect(index.cues.map(\.startFrame) == [200, 430, 560])
        #expect(index.cues.map(\.endFrame) == [430, 560, 760])
        #expect(index.cues.map(\.text) == [
            "echo one two three\none two three",
            "echo one two three\none two three\n$ pwd\n/tmp",
            "echo one two three\none two three\n$ pwd\n/tmp\n$ ls -l /tmp",
        ])
    }

    /// The learned text detector follows the terminal's lines as they hold, as it follows captions, and leaves them
    /// to the views: they stand on a page, one under the other. (From 3.5 s: a command typed on the empty screen
    /// is a line alone.)
    @Test func theTextDetectorLeavesATerminalsLinesToItsViews() async throws {
        let video = try Self.video()
        let rules = try await VideoIndexer(url: video, options: .init(from: 3.5)).run()
        let detector = try await VideoIndexer(url: video, options: .init(from: 3.5, captionFinder: .detector)).run()
        #expect(rules.cues.map(\.startFrame) == [210, 430, 560])
        #expect(rules.cues.map(\.endFrame) == [430, 560, 760])
        #expect(detector.cues.map(\.text) == rules.cues.map(\.text))
        #expect(detector.cues.map(\.startFrame) == rules.cues.map(\.startFrame))
        #expect(detector.cues.map(\.endFrame) == rules.cues.map(\.endFrame))
    }
}
