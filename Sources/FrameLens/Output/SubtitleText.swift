import Foundation

/// SubRip and WebVTT text for cues.
enum SubtitleText {
    /// SubRip: numbered cues, `HH:MM:SS,mmm` times.
    static func srt(_ cues: [Cue]) -> String {
        cues.enumerated().map { number, cue in
            "\(number + 1)\n\(time(cue.start, ",")) --> \(time(cue.end, ","))\n\(srtText(cue.text))\n"
        }.joined(separator: "\n")
    }

    /// Text that SubRip players show as it is: they take `<live>` for a markup tag and drop it, so each `<`
    /// is followed by a zero-width space (U+200B), which no player reads as a tag and nobody sees.
    static func srtText(_ text: String) -> String {
        text.replacingOccurrences(of: "<", with: "<\u{200B}")
    }

    /// WebVTT: plain cues, or with `positioned`, each placed where its text was on the picture.
    static func webVTT(_ cues: [Cue], positioned: Bool) -> String {
        let body = cues.map { cue in
            let settings = positioned ? settings(cue.bounds) : ""
            return "\(time(cue.start, ".")) --> \(time(cue.end, "."))\(settings)\n\(escaped(cue.text))\n"
        }
        return (["WEBVTT\n"] + body).joined(separator: "\n")
    }

    /// Times round up to the millisecond, so that a player seeking to them shows the cue's first frame.
    private static func time(_ time: Timestamp, _ separator: Character) -> String {
        MediaTime.clock(time.seconds, millisecondSeparator: separator, rounding: .up)
    }

    /// The cue box over the text's bounds, aligned as the text is: centred text (a title, its box's middle
    /// within 2 % of the picture's) is `align:center`, `position` then naming the box's middle; other text
    /// is `align:start`, `position` naming its left edge.
    static func settings(_ bounds: NormalizedRect?) -> String {
        guard let bounds else { return "" }
        let percent = { (value: Double) in String(format: "%.2f%%", min(100, max(0, value * 100))) }
        let middle = bounds.x + bounds.width / 2
        let centred = abs(middle - 0.5) <= 0.02
        return " line:\(percent(bounds.y)) position:\(percent(centred ? middle : bounds.x))"
            + " size:\(percent(bounds.width)) align:\(centred ? "center" : "start")"
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
