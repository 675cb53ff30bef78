/// A change confined to one line of text: the rows and columns of thumbnail cells it changed, as a key typed
/// into a terminal or an editor changes them.
///
/// Typing shows as a run of line edits, each going on to the right of the last (`isContinued(by:)`): the
/// characters typed since the last sample, and the cursor moved on. A counter ticking in place, or a word
/// replaced, changes the same cells again, and does not continue a run.
struct LineEdit: Equatable {
    /// The most thumbnail rows one line's edit spans: a line of text at any size a screen shows it in, its
    /// cursor included, touches at most this many (a row is 1/45 of the picture: 24 px at 1080p).
    static let tallest = 3

    let rows: ClosedRange<Int>
    let columns: ClosedRange<Int>

    /// The edit of the changed cells (`ChangeDetector.changedCells`), when there are some and they lie within
    /// `tallest` rows.
    init?(changedCells cells: [Bool]) {
        guard let rows = Self.rows(of: cells), rows.count <= Self.tallest else { return nil }
        let columns = cells.indices.filter { cells[$0] }.map { $0 % Thumbnail.columns }
        self.rows = rows
        self.columns = columns.min()!...columns.max()!
    }

    /// The rows of thumbnail cells from the first to the last marked cell; nil when no cell is marked.
    static func rows(of cells: [Bool]) -> ClosedRange<Int>? {
        guard let first = cells.firstIndex(of: true), let last = cells.lastIndex(of: true) else { return nil }
        return (first / Thumbnail.columns)...(last / Thumbnail.columns)
    }

    /// Whether `next` goes on typing this line: it overlaps its rows, reaches further to the right, and starts no
    /// further to the left.
    func isContinued(by next: LineEdit) -> Bool {
        rows.overlaps(next.rows) && next.columns.lowerBound >= columns.lowerBound
            && next.columns.upperBound > columns.upperBound
    }
}
