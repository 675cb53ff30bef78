import Foundation

/// Advanced SubStation Alpha (ASS, v4.00+) for an index: one `Dialogue` per cue, drawn where its text was on
/// the picture, in the picture's own pixels.
///
/// - `PlayResX`/`PlayResY` are the displayed picture's size (`VideoIndex.width`/`height`), the space the
///   cues' bounds are normalised to, so that a renderer scales positions with the video.
/// - A cue with bounds is placed with `\pos` at its top edge: centred text (a title: its box's middle within
///   2 % of the picture's, as WebVTT's `--vtt-position text` judges) at the box's middle with `\an8` (top
///   centre); other text at the box's left with `\an7` (top left). Its font size (`\fs`) is its line's
///   height (a block of several lines: the height over 1 + 1.2 per further line, `linePitch`). A cue without bounds (codes alone) takes the style's place: bottom centre.
/// - A tracked caption's measured colour is its primary colour (`\1c&HBBGGRR&`); other cues take the
///   style's white, outlined in black.
/// - Times are rounded *up* to the centisecond, start and end alike: a cue never starts before its first
///   frame, and one ends exactly where the next begins.
enum ASSText {
    /// Within this of the picture's middle, a box's middle is centred text.
    static let centredSlack = 0.02
    /// The distance between lines' tops, in font sizes, taken for a block of several lines (libass sets
    /// lines about 1.2 font sizes apart).
    static let linePitch = 1.2

    /// The index as an ASS file.
    ///
    /// - Throws: `OutputError` `.incompleteIndex` when the index does not record the picture's size (written
    ///   before it was kept).
    static func document(_ index: VideoIndex) throws(OutputError) -> String {
        guard let width = index.width, let height = index.height, width > 0, height > 0 else {
            throw OutputError(.incompleteIndex, "cannot write ASS for \(index.video): its index does not record the picture's size (an index written before it was kept); index the video again")
        }
        let fontSize = max(8, Int((Double(height) / 18).rounded()))
        let outline = max(1, Int((Double(height) / 540).rounded()))
        let header = """
            [Script Info]
            Title: \(oneLine((index.video as NSString).lastPathComponent))
            ScriptType: v4.00+
            PlayResX: \(width)
            PlayResY: \(height)
            WrapStyle: 2
            ScaledBorderAndShadow: yes
            YCbCr Matrix: None

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, \
            Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, \
            MarginL, MarginR, MarginV, Encoding
            Style: Default,Arial,\(fontSize),&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,\
            \(outline),0,2,\(fontSize / 2),\(fontSize / 2),\(fontSize / 2),1

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

            """
        let events = index.cues.map { cue in
            "Dialogue: 0,\(time(cue.start)),\(time(cue.end)),Default,,0,0,0,,"
                + overrides(cue, width: width, height: height) + escaped(cue.text) + "\n"
        }
        return header + events.joined()
    }

    /// The cue's override block: its place, font size and colour; empty when it has none of them.
    static func overrides(_ cue: Cue, width: Int, height: Int) -> String {
        var tags = ""
        if let bounds = cue.bounds {
            let middle = bounds.x + bounds.width / 2
            let centred = abs(middle - 0.5) <= centredSlack
            let x = (centred ? middle : bounds.x) * Double(width)
            let lines = max(1, cue.text.split(separator: "\n", omittingEmptySubsequences: false).count)
            // The block is a line's height plus a pitch of `linePitch` of it for each further line.
            let lineHeight = bounds.height * Double(height) / (1 + linePitch * Double(lines - 1))
            tags += "\\an\(centred ? 8 : 7)\\pos(\(number(x)),\(number(bounds.y * Double(height))))"
            tags += "\\fs\(max(1, Int(lineHeight.rounded())))"
        }
        if let color = cue.color {
            tags += "\\1c&H" + String(format: "%02X%02X%02X", color.blue, color.green, color.red) + "&"
        }
        return tags.isEmpty ? "" : "{" + tags + "}"
    }

    /// Text that renderers show as it is, never as override tags or escapes: a line break is `\N`; a brace
    /// is `\{` (libass's literal brace) followed by a word joiner (U+2060, invisible), so that FFmpeg's
    /// parser, which knows no `\{`, never sees `{\` open a block; a backslash is followed by a word joiner,
    /// so that it starts no escape (`\N`, `\h`, `\{`), as mpv escapes text for libass. Other control
    /// characters (carriage returns, tabs) become spaces.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\n": result += "\\N"
            case "\\": result += "\\\u{2060}"
            case "{": result += "\\{\u{2060}"
            default: result.append(character.isNewline || character == "\t" ? " " : character)
            }
        }
        return result
    }

    /// `H:MM:SS.cc`, rounded up to the centisecond (hours take as many digits as they need). Times the indexer
    /// measured in floating point lie a few bits off their frame's time (0.4 s is 0.40000000000000002): within
    /// a nanosecond above a centisecond is that centisecond, as `MediaTime.clock` takes a millisecond.
    static func time(_ time: Timestamp) -> String {
        let centiseconds = (min(max(0, time.seconds), MediaTime.largest) * 100 - 1e-7).rounded(.up)
        let total = Int(max(0, centiseconds))
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return "\(total / 360_000):\(two(total / 6000 % 60)):\(two(total / 100 % 60)).\(two(total % 100))"
    }

    /// A coordinate, to a tenth of a pixel, without a needless `.0`.
    private static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(format: "%.1f", tenths)
    }

    /// A header value on one line.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
