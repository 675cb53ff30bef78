import Testing
@testable import FrameLens

/// A change confined to one line of text, and when the next one goes on typing it.
struct LineEditTests {
    /// Marked cells at (row, column).
    static func cells(_ marked: [(Int, Int)]) -> [Bool] {
        var cells = [Bool](repeating: false, count: Thumbnail.rows * Thumbnail.columns)
        for (row, column) in marked { cells[row * Thumbnail.columns + column] = true }
        return cells
    }

    @Test func cellsWithinThreeRowsAreALineEdit() throws {
        let edit = try #require(LineEdit(changedCells: Self.cells([(10, 4), (12, 9), (11, 6)])))
        #expect(edit.rows == 10...12)
        #expect(edit.columns == 4...9)
        #expect(LineEdit(changedCells: Self.cells([(10, 4), (13, 4)])) == nil)
        #expect(LineEdit(changedCells: Self.cells([])) == nil)
    }

    /// Keys typed since the last sample lie further right, from where the cursor was; a counter ticks in the same
    /// cells, and a word replaced further left is no typing either.
    @Test func typingGoesOnToTheRight() throws {
        let typed = try #require(LineEdit(changedCells: Self.cells([(20, 2), (21, 5)])))
        let more = try #require(LineEdit(changedCells: Self.cells([(20, 5), (21, 9)])))
        let sameCells = try #require(LineEdit(changedCells: Self.cells([(20, 2), (21, 5)])))
        let furtherLeft = try #require(LineEdit(changedCells: Self.cells([(20, 1), (21, 9)])))
        let otherLine = try #require(LineEdit(changedCells: Self.cells([(24, 5), (25, 9)])))
        #expect(typed.isContinued(by: more))
        #expect(!typed.isContinued(by: sameCells))
        #expect(!typed.isContinued(by: furtherLeft))
        #expect(!typed.isContinued(by: otherLine))
        #expect(!more.isContinued(by: typed))
    }
}
