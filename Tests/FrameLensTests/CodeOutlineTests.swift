import Foundation
import Testing
@testable import FrameLens

/// A code's outline is four corners, clockwise from the top-left one, whatever ZBar locates it by.
struct CodeOutlineTests {
    /// Scan-line hits along the two long edges of a linear code, a pixel jagged, as ZBar gives them.
    static func hits(left: Double, right: Double, top: Double, bottom: Double) -> [Point] {
        let edges: [Point] = stride(from: top, through: bottom, by: 2).flatMap { (y: Double) -> [Point] in
            let jag: Double = Int(y) % 3 == 0 ? 1 : 0
            return [Point(x: left + Double(Int(y) % 2), y: y), Point(x: right - jag, y: y)]
        }
        return edges + [Point(x: left, y: top), Point(x: right, y: bottom)]
    }

    @Test func aLinearCodeIsItsBoundingBox() {
        let corners = CodeOutline.corners(of: Self.hits(left: 450, right: 830, top: 486, bottom: 645))
        #expect(corners == [
            Point(x: 450, y: 486), Point(x: 830, y: 486), Point(x: 830, y: 645), Point(x: 450, y: 645),
        ])
    }

    @Test func aTurnedCodeIsItsTurnedRectangle() {
        // A 200 x 60 rectangle turned 30 degrees about (300, 200), sampled along its edges.
        let (c, s) = (cos(Double.pi / 6), sin(Double.pi / 6))
        let turn = { (x: Double, y: Double) in Point(x: 300 + x * c - y * s, y: 200 + x * s + y * c) }
        var points: [Point] = []
        for step in 0...20 {
            let x = -100 + Double(step) * 10
            points += [turn(x, -30), turn(x, 30)]
        }
        let corners = CodeOutline.corners(of: points)
        let expected = [turn(-100, -30), turn(100, -30), turn(100, 30), turn(-100, 30)]
        #expect(corners.count == 4)
        #expect(zip(corners, expected).allSatisfy { abs($0.x - $1.x) < 0.01 && abs($0.y - $1.y) < 0.01 }, "\(corners)")
    }

    @Test func aQRCodeKeepsItsFourCornersInClockwiseOrder() {
        // ZBar gives a QR code's corners counter-clockwise from the top-left; they are kept, reordered.
        let located = [Point(x: 935, y: 221), Point(x: 935, y: 454), Point(x: 1169, y: 455), Point(x: 1168, y: 221)]
        #expect(CodeOutline.corners(of: located) == [
            Point(x: 935, y: 221), Point(x: 1168, y: 221), Point(x: 1169, y: 455), Point(x: 935, y: 454),
        ])
    }
}
