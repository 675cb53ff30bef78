import ArgumentParser
import FrameLens

/// `--vtt-position`: where WebVTT cues are drawn, for `index` and `merge`.
struct CuePositionOption: ParsableArguments {
    @Option(name: .customLong("vtt-position"), help: """
        Where WebVTT cues are drawn: bottom (the player's default place) or text (over the text they transcribe).
        """)
    var text: String = IndexFormat.CuePosition.bottom.rawValue

    func validate() throws {
        _ = try position()
    }

    /// The position asked for.
    ///
    /// - Throws: a one-line usage error naming the positions.
    func position() throws -> IndexFormat.CuePosition {
        guard let position = IndexFormat.CuePosition(rawValue: text) else {
            throw usageError("--vtt-position \(text) is not a position (bottom or text)")
        }
        return position
    }
}
