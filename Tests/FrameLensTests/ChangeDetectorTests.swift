import Testing
@testable import FrameLens

/// When a change between two samples is a step (content that came and held) rather than footage in motion.
struct ChangeDetectorTests {
    static let cells = Thumbnail.rows * Thumbnail.columns

    /// A bullet revealed: a dozen cells change and all of them hold until the next sample.
    @Test func aChangeThatHoldsIsAStep() throws {
        let detector = ChangeDetector(regions: [])
        let change = (0..<Self.cells).map { $0 < 12 ? 40 : 0 }
        let next = [Int](repeating: 0, count: Self.cells)
        let held = try #require(detector.steps(of: change, thenHeld: next))
        #expect(detector.heldMostly(change, held: held))
    }

    /// Footage moving all over, with a tenth of its cells (a caption, the sky) still at the next sample:
    /// those few cells make a change of their own, but most of the change ran on.
    @Test func footageInMotionWithAFewStillCellsIsNoStep() throws {
        let detector = ChangeDetector(regions: [])
        let change = [Int](repeating: 30, count: Self.cells)
        let stillCells = Self.cells / 10
        let next = (0..<Self.cells).map { $0 < stillCells ? 0 : 30 }
        let held = try #require(detector.steps(of: change, thenHeld: next))
        #expect(held.count(where: { $0 }) == stillCells)
        #expect(!detector.heldMostly(change, held: held))
    }

    /// Exactly half of the change held (the rest moving on, as in an inset playing beside new content): a
    /// step; one cell fewer is not.
    @Test func aChangeHalfOfWhichHoldsIsAStep() throws {
        let detector = ChangeDetector(regions: [])
        let change = (0..<Self.cells).map { $0 < 40 ? 30 : 0 }
        let next = (0..<Self.cells).map { $0 < 20 ? 30 : 0 }
        let held = try #require(detector.steps(of: change, thenHeld: next))
        #expect(detector.heldMostly(change, held: held))
        let lessThanHalf = (0..<Self.cells).map { $0 < 21 ? 30 : 0 }
        #expect(!detector.heldMostly(change, held: try #require(detector.steps(of: change, thenHeld: lessThanHalf))))
    }
}
