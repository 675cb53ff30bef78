import Foundation

/// An index as a document to read: a plain transcript, or Markdown.
enum TranscriptText {
    /// One block per cue, its time line (`[00:01:23.456 - 00:01:30.000]`) and then its text, with a blank
    /// line between blocks.
    static func plain(_ cues: [Cue]) -> String {
        cues.map { "[\(timeRange($0))]\n\($0.text)\n" }.joined(separator: "\n")
    }

    /// A Markdown document: the video's name as the title, a heading per cue with its time, and the cue's
    /// lines (escaped, so that nothing read on screen becomes markup) as the lines of a paragraph.
    static func markdown(_ index: VideoIndex) -> String {
        let title = "# \(escaped((index.video as NSString).lastPathComponent))\n"
        let cues = index.cues.map { cue in
            let lines = cue.text.split(separator: "\n", omittingEmptySubsequences: true).map { escaped(String($0)) }
            // A backslash at the end of a line is CommonMark's hard line break.
            return "## \(timeRange(cue))\n" + (lines.isEmpty ? "" : "\n" + lines.joined(separator: "\\\n") + "\n")
        }
        return ([title] + cues).joined(separator: "\n")
    }

    /// Times round up to the millisecond, as in subtitles: typed back as `--at`, they show the cue's frames.
    private static func timeRange(_ cue: Cue) -> String {
        "\(MediaTime.clock(cue.start.seconds, rounding: .up)) - \(MediaTime.clock(cue.end.seconds, rounding: .up))"
    }

    /// Characters that are markup anywhere in a line.
    private static let markup: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~", "&", "!"]
    /// Characters that are markup at the start of a line (a list item, a setext underline).
    private static let markupAtStart: Set<Character> = ["-", "+", "="]

    /// A line of text as Markdown that shows exactly it: markup characters backslash-escaped, and the `.`
    /// or `)` of a leading number that would start an ordered list (`1. `) too.
    static func escaped(_ line: String) -> String {
        var result = ""
        let characters = Array(line)
        let leadingDigits = characters.prefix { $0.isASCII && $0.isNumber }.count
        for (offset, character) in characters.enumerated() {
            let listMarker = offset == leadingDigits && leadingDigits > 0 && (character == "." || character == ")")
                && (offset + 1 == characters.count || characters[offset + 1] == " ")
            if markup.contains(character) || (offset == 0 && markupAtStart.contains(character)) || listMarker {
                result.append("\\")
            }
            result.append(character)
        }
        return result
    }
}
