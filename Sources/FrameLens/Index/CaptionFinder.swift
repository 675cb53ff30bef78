/// What finds captions burned into moving pictures.
public enum CaptionFinder: String, Sendable, Hashable, CaseIterable {
    /// Text strokes that appear in one frame and hold while the picture around them moves (`CaptionTracker`).
    case rules
    /// PP-OCR's learned text detector on the sampled frames, its lines followed over time (`TextTracks`): a
    /// caption that fades in or is built up word by word is found too. Needs PP-OCR installed.
    case detector
}
