/// Decides whether the picture changed between two sampled frames, ignoring cells that keep moving
/// (a presenter inset, a playing video) and cells outside the regions being indexed.
///
/// A change is at least two cells that differ by more than `cellThreshold` levels, or one cell that
/// differs by more than `strongThreshold` (a short word appearing). A cell that changed in two samples in
/// a row, within the last eight, shows motion (a presenter inset, a playing video): it is ignored, with
/// the cells around it (a moving picture's edges), until it settles. Content changes are single steps
/// (a caption replaced, a bullet revealed), and changes of most of the picture (a new slide) are never
/// counted as motion, so a quick succession of slides or captions is still seen.
struct ChangeDetector {
    static let cellThreshold = 10
    static let strongThreshold = 24
    /// A cell differing by more than this in two samples in a row is in motion (lower than a change, so
    /// that a ticking clock in a presenter inset counts as motion too).
    static let motionThreshold = 5
    /// The most samples in a row an animation may take: cells that changed in at most this many
    /// samples and then stopped are not in motion.
    static let longestAnimation = 3
    /// The share of a change's cells that must hold still for it to be a step (`heldMostly`): on a
    /// slide video every cell of a step holds, in moving footage 5-40 % do.
    static let heldShare = 0.5
    /// How many cells around a moving cell are ignored too.
    private static let motionMargin = 2
    /// The most columns motion within `LineEdit.tallest` rows spans and is still a few characters of one line (no
    /// margin around it).
    private static let smallMotion = 6

    /// Which cells are looked at: those inside the regions of interest.
    private let watched: [Bool]
    /// For each cell, whether it changed locally in each of the last eight samples, newest in the lowest bit.
    private var history: [UInt8]
    /// Cells near motion, not counted as changes.
    private var ignored: [Bool]
    /// Cells found near motion at any time so far.
    private var everIgnored: [Bool]
    /// The last sample's moved cells as an edit of one line of text, if they were one.
    private var lastEdit: LineEdit?

    init(regions: [NormalizedRect]) {
        let areas = regions.isEmpty ? [NormalizedRect.whole] : regions
        watched = (0..<Thumbnail.rows * Thumbnail.columns).map { cell in
            let x = (Double(cell % Thumbnail.columns) + 0.5) / Double(Thumbnail.columns)
            let y = (Double(cell / Thumbnail.columns) + 0.5) / Double(Thumbnail.rows)
            return areas.contains { x >= $0.x && x <= $0.x + $0.width && y >= $0.y && y <= $0.y + $0.height }
        }
        history = [UInt8](repeating: 0, count: Thumbnail.rows * Thumbnail.columns)
        ignored = [Bool](repeating: false, count: Thumbnail.rows * Thumbnail.columns)
        everIgnored = ignored
    }

    /// Takes note of two consecutive samples' cell differences (`ThumbnailComparison.differences`): remembers
    /// which cells moved. Typing is no motion: cells that go on typing the line the last sample's edit typed
    /// (`LineEdit.isContinued(by:)`) changed again only where the cursor was.
    mutating func observe(_ differences: [Int]) {
        let moved = differences.map { $0 > Self.motionThreshold }
        let isLocal = moved.filter { $0 }.count * 2 < moved.count
        let edit = LineEdit(changedCells: moved)
        let isTyping = edit.map { lastEdit?.isContinued(by: $0) ?? false } ?? false
        lastEdit = edit
        for cell in history.indices {
            history[cell] = (history[cell] << 1) | (isLocal && !isTyping && moved[cell] ? 1 : 0)
        }
        forgetFinishedAnimations()
        ignored = Self.dilated(history.map { $0 & ($0 >> 1) != 0 })
        for cell in ignored.indices where ignored[cell] { everIgnored[cell] = true }
    }

    /// Cells that changed in a few samples in a row and then stopped, away from anything still moving,
    /// were an animation (a bullet fading or flying in), not motion: their history is cleared. (Within a
    /// playing video, cells that pause beside moving ones stay in motion.)
    private mutating func forgetFinishedAnimations() {
        let stopped = history.map { bits in
            let earlier = bits >> 1
            return bits & 1 == 0 && earlier != 0 && earlier & (earlier + 1) == 0
                && earlier.nonzeroBitCount <= Self.longestAnimation
        }
        let nearMotion = Self.dilated(history.indices.map { history[$0] & (history[$0] >> 1) != 0 && !stopped[$0] })
        for cell in history.indices where stopped[cell] && !nearMotion[cell] { history[cell] = 0 }
    }

    /// The cells in motion that moved in one of the last two samples (with their margin): what a settled
    /// picture's reading leaves out. A scroll that has stopped is still motion for the change test (it may go
    /// on), but the text it stopped on is read; so is motion of a few characters of a line (`smallMotion`: a cursor
    /// blinking, a command typed), which is text.
    var movingRegions: [NormalizedRect] { Self.regions(of: movingCells) }

    /// The cells of `movingRegions`.
    var movingCells: [Bool] {
        Self.dilated(history.map { $0 & ($0 >> 1) != 0 && $0 & 0b11 != 0 }, keepingSmallMotion: false)
    }

    /// The cells of a still picture that play: the parts that moved at each of the four samples before the last
    /// (`PlayingParts`: a presenter inset, whole), and the cells that moved at three or more of the last four, with
    /// their margin. Not a place where captions come and go over a still picture, which holds still between them.
    var cellsPlaying: [Bool] {
        let steadily = Self.dilated(history.map { ($0 & 0b1111).nonzeroBitCount >= 3 }, keepingSmallMotion: false)
        return zip(steadily, PlayingParts.cells(history: history, columns: Thumbnail.columns)).map { $0 || $1 }
    }

    /// The cells in motion that moved at the last sample (with their margin): a presenter inset playing. A place
    /// in motion that held still at the last sample (where captions came and went, between two of them) is not.
    var cellsMovingNow: [Bool] { Self.dilated(history.map { $0 & ($0 >> 1) != 0 && $0 & 1 != 0 }) }

    /// The regions in motion now that were in motion in `earlier` too (`movingCells` when a picture settled):
    /// what a settled picture's reading, made later, leaves out. Motion that began since did not touch that
    /// picture, and motion that had ended before the reading (a scroll that brought the picture) is over.
    func regionsStillMoving(since earlier: [Bool]) -> [NormalizedRect] {
        Self.regions(of: zip(movingCells, earlier).map { $0 && $1 })
    }

    /// Where two samples differ in the cells that count, as one region per run of cells in a row.
    func changedRegions(_ differences: [Int]) -> [NormalizedRect] {
        Self.regions(of: changedCells(differences))
    }

    /// The cells in which two samples differ, of those that count.
    func changedCells(_ differences: [Int]) -> [Bool] {
        differences.indices.map { differences[$0] > Self.cellThreshold && watched[$0] && !ignored[$0] }
    }

    /// Marked cells as one region per run of cells in a row.
    private static func regions(of cells: [Bool]) -> [NormalizedRect] {
        var regions: [NormalizedRect] = []
        let cellWidth = 1 / Double(Thumbnail.columns)
        let cellHeight = 1 / Double(Thumbnail.rows)
        for row in 0..<Thumbnail.rows {
            var column = 0
            while column < Thumbnail.columns {
                guard cells[row * Thumbnail.columns + column] else {
                    column += 1
                    continue
                }
                let start = column
                while column < Thumbnail.columns && cells[row * Thumbnail.columns + column] { column += 1 }
                if let region = try? NormalizedRect(
                    x: Double(start) * cellWidth, y: Double(row) * cellHeight,
                    width: Double(column - start) * cellWidth, height: cellHeight)
                {
                    regions.append(region)
                }
            }
        }
        return regions
    }

    /// Whether two pictures differ in the cells that count (and among them in `cells`, when given),
    /// without touching the history.
    func differs(_ a: Thumbnail, _ b: Thumbnail, within cells: [Bool]? = nil) -> Bool {
        isChange(b.differences(from: a), within: cells)
    }

    /// What the first frame of a change must show: a change in `cells` (nil: every cell) over at least
    /// `quorum` of them, half of those that changed by the change's end, so that a smaller change just
    /// before it (an event in a presenter inset) does not pass for its start. `registered`: whether the change
    /// was found on registered pictures (`Thumbnail.registeredDifferences`); frames are compared the same way,
    /// so that a cut in footage, found as it is, is not looked for on pictures registered to each other.
    struct Shape: Sendable {
        let cells: [Bool]?
        let quorum: Int
        let registered: Bool
    }

    /// The shape of a change with these cell differences, in `cells`.
    func shape(of differences: [Int], within cells: [Bool]?, registered: Bool) -> Shape {
        Shape(cells: cells, quorum: max(1, changedCellCount(differences, within: cells) / 2), registered: registered)
    }

    /// Whether `b` shows the change of `shape` since `a`.
    func shows(_ shape: Shape, from a: Thumbnail, to b: Thumbnail) -> Bool {
        let differences = shape.registered ? b.differences(from: a) : b.plainDifferences(from: a)
        return isChange(differences, within: shape.cells)
            && changedCellCount(differences, within: shape.cells) >= shape.quorum
    }

    private func changedCellCount(_ differences: [Int], within cells: [Bool]?) -> Int {
        differences.indices.reduce(0) { count, cell in
            let counts = watched[cell] && !ignored[cell] && cells?[cell] != false && differences[cell] > Self.cellThreshold
            return count + (counts ? 1 : 0)
        }
    }

    /// Whether a change lies wholly in cells found in motion at some time: judged with all that was learnt
    /// since, it was motion.
    func wasMotion(_ differences: [Int]) -> Bool {
        !isChange(differences, within: everIgnored.map { !$0 })
    }

    /// The cells a change between two samples consists of: those that changed and then held still until
    /// the next sample (`next`, the differences from the second sample to it), so that moving content
    /// beside them cannot pass for the change's first frame. Nil (every cell) when too few held to make a
    /// change, or when there is no next sample.
    func steps(of change: [Int], thenHeld next: [Int]?) -> [Bool]? {
        guard let next else { return nil }
        let held = change.indices.map { change[$0] > Self.cellThreshold && next[$0] <= Self.motionThreshold }
        return isChange(change, within: held) ? held : nil
    }

    /// Whether most of a change held still until the next sample (`held`, from `steps`): at least
    /// `heldShare` of its changed cells, as where a bullet is revealed or a slide comes. In footage that
    /// moves all over, a few of the cells held by chance: that is no step.
    func heldMostly(_ change: [Int], held: [Bool]) -> Bool {
        Double(changedCellCount(change, within: held)) >= Self.heldShare * Double(changedCellCount(change, within: nil))
    }

    /// Marks the cells around marked cells too (`motionMargin` each way: a moving picture's edges), unless all that
    /// is marked lies within a few characters of one line (`smallMotion`: a cursor blinking, a command typed),
    /// whose neighbours are text of their own (a command's output appearing under its prompt); those cells stay
    /// marked themselves only when `keepingSmallMotion`.
    private static func dilated(_ cells: [Bool], keepingSmallMotion: Bool = true) -> [Bool] {
        let columns = Thumbnail.columns
        let marked = cells.indices.filter { cells[$0] }
        let rows = marked.map { $0 / columns }, markedColumns = marked.map { $0 % columns }
        if let top = rows.min(), let bottom = rows.max(), let left = markedColumns.min(), let right = markedColumns.max(),
           bottom - top < LineEdit.tallest, right - left < smallMotion
        {
            return keepingSmallMotion ? cells : [Bool](repeating: false, count: cells.count)
        }
        var result = cells
        for cell in marked {
            for y in max(0, cell / columns - motionMargin)...min(Thumbnail.rows - 1, cell / columns + motionMargin) {
                for x in max(0, cell % columns - motionMargin)...min(columns - 1, cell % columns + motionMargin) {
                    result[y * columns + x] = true
                }
            }
        }
        return result
    }

    /// Whether cell differences amount to a change, leaving out cells in motion (`leavingOut`, when given, instead),
    /// outside the regions and, when given, outside `cells`.
    func isChange(_ differences: [Int], within cells: [Bool]? = nil, leavingOut: [Bool]? = nil) -> Bool {
        let leftOut = leavingOut ?? ignored
        var changedCells = 0
        for cell in differences.indices where watched[cell] && !leftOut[cell] && cells?[cell] != false {
            if differences[cell] > Self.strongThreshold { return true }
            if differences[cell] > Self.cellThreshold {
                changedCells += 1
                if changedCells >= 2 { return true }
            }
        }
        return false
    }
}
