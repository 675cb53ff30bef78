/// A thumbnail compared with an earlier one: the cell differences as they are and, when any cell changed, how
/// registering the two pictures to each other (`Registration`) explains them. Registering costs more than the
/// rest of a sample together, and two questions are asked of each pair of consecutive samples (the change test's
/// `differences`, and whether the camera `drifted`): both are answered from the one registration.
struct ThumbnailComparison {
    /// The absolute difference of each cell of the pictures as they are.
    let plain: [Int]
    /// How far the later picture moved over the earlier one, and the cell differences left once it is laid back
    /// (`Registration.cellDifferences`); nil when no cell changed, a picture has no working picture, or registering
    /// explains nothing.
    private let registered: (registration: Registration, differences: [Int])?

    /// Compares `later` with `earlier`, registering them within `reach` working pixels each way.
    init(_ later: Thumbnail, from earlier: Thumbnail, reach: Int = Registration.reach) {
        plain = later.plainDifferences(from: earlier)
        guard Self.changedCells(plain) > 0, let working = later.working, let before = earlier.working,
              let registration = Registration.estimate(from: before, to: working, reach: reach),
              let differences = registration.cellDifferences(from: before, to: working)
        else {
            registered = nil
            return
        }
        registered = (registration, differences)
    }

    /// The cell differences of the registered pictures, when the picture moved or its brightness stepped and that
    /// explains at least half of the cells that changed (`Thumbnail.registeredDifferences`); nil otherwise.
    var explained: [Int]? {
        guard let registered, Self.changedCells(registered.differences) * 2 <= Self.changedCells(plain) else { return nil }
        return registered.differences
    }

    /// The differences the change test compares: `explained`, else `plain`.
    var differences: [Int] { explained ?? plain }

    /// Whether the picture moved as a whole and hardly anything else changed: a camera's drift over a still scene
    /// (`Registration.moved`, and at most `ScreenReturns.changedShare` of the cells left changed once registered).
    /// A drift moves every edge of the picture, so at least `driftedShare` of the cells changed as they are: on a
    /// plain screen a small object moving (a cursor, a pointer) is registered too, and is no drift. False when no
    /// cell changed.
    var drifted: Bool {
        guard let registered, registered.registration.moved,
              Double(Self.changedCells(plain)) >= Self.driftedShare * Double(plain.count)
        else { return false }
        let changed = Self.changedCells(registered.differences)
        return Double(changed) <= ScreenReturns.changedShare * Double(registered.differences.count)
    }

    /// The share of the cells that a drift changes at the least, as they are.
    static let driftedShare = 0.01

    private static func changedCells(_ differences: [Int]) -> Int {
        differences.filter { $0 > ChangeDetector.cellThreshold }.count
    }
}
