/// Decides whether the picture changed between two sampled frames, ignoring cells that keep moving
/// (a presenter inset, a playing video) and cells outside the regions being indexed.
///
/// A change is at least two cells that differ by more than `cellThreshold` levels, or one cell that
/// differs by more than `strongThreshold` (a short word appearing). A cell that changed in two of the last
/// four samples is dynamic and ignored until it settles again.
struct ChangeDetector {
    static let cellThreshold = 10
    static let strongThreshold = 24
    private static let historyLength: UInt8 = 4

    /// Which cells are looked at: those inside the regions of interest.
    private let watched: [Bool]
    /// For each cell, whether it changed in each of the last samples, newest in the lowest bit.
    private var history: [UInt8]

    init(regions: [NormalizedRect]) {
        let areas = regions.isEmpty ? [NormalizedRect.whole] : regions
        watched = (0..<Thumbnail.rows * Thumbnail.columns).map { cell in
            let x = (Double(cell % Thumbnail.columns) + 0.5) / Double(Thumbnail.columns)
            let y = (Double(cell / Thumbnail.columns) + 0.5) / Double(Thumbnail.rows)
            return areas.contains { x >= $0.x && x <= $0.x + $0.width && y >= $0.y && y <= $0.y + $0.height }
        }
        history = [UInt8](repeating: 0, count: Thumbnail.rows * Thumbnail.columns)
    }

    /// Compares two consecutive samples and remembers which cells moved.
    mutating func sampleChanged(from previous: Thumbnail, to current: Thumbnail) -> Bool {
        let differences = current.differences(from: previous)
        let changed = isChange(differences)
        let mask: UInt8 = (1 << Self.historyLength) - 1
        for cell in history.indices {
            history[cell] = ((history[cell] << 1) | (differences[cell] > Self.cellThreshold ? 1 : 0)) & mask
        }
        return changed
    }

    /// Whether two pictures differ in the cells that count, without touching the history.
    func differs(_ a: Thumbnail, _ b: Thumbnail) -> Bool {
        isChange(b.differences(from: a))
    }

    private func isChange(_ differences: [Int]) -> Bool {
        var changedCells = 0
        for cell in differences.indices where watched[cell] && history[cell].nonzeroBitCount < 2 {
            if differences[cell] > Self.strongThreshold { return true }
            if differences[cell] > Self.cellThreshold {
                changedCells += 1
                if changedCells >= 2 { return true }
            }
        }
        return false
    }
}
