import Testing
@testable import FrameLens

/// The one type the analysis reads pixels through: rows, stride and bounds.
struct PlaneViewTests {
    /// A 3x2 plane stored with 5 bytes per row (2 bytes of padding the view must never show).
    static let padded: [UInt8] = [1, 2, 3, 99, 99, 4, 5, 6, 99, 99]

    @Test func readsPixelsByColumnAndRowAcrossTheStride() {
        let pixels = Self.padded.withUnsafeBytes { bytes in
            let plane = PlaneView(bytes, width: 3, height: 2, bytesPerRow: 5)
            return (0..<2).flatMap { y in (0..<3).map { x in plane[x, y] } }
        }
        #expect(pixels == [1, 2, 3, 4, 5, 6])
    }

    @Test func aPartAndItsPackedPixelsLeaveThePaddingOut() {
        Self.padded.withUnsafeBytes { bytes in
            let plane = PlaneView(bytes, width: 3, height: 2, bytesPerRow: 5)
            let part = plane.part(ImageRect(x: 1, y: 0, width: 2, height: 2))
            #expect([part[0, 0], part[1, 0], part[0, 1], part[1, 1]] == [2, 3, 5, 6])
            #expect(plane.pixels(in: ImageRect(x: 0, y: 1, width: 3, height: 1)) { 255 - $0 } == [251, 250, 249])
            #expect(part.pixels(in: ImageRect(x: 0, y: 0, width: 0, height: 0)).isEmpty)
        }
    }

    @Test func packedPixelsMakeAPlaneOfTheirWidth() {
        let corner = PlaneView.of([10, 20, 30, 40, 50, 60], width: 2, height: 3) { ($0.bytesPerRow, $0[1, 2]) }
        #expect(corner.0 == 2 && corner.1 == 60)
    }

    /// 2x2 cells of a 5x2 plane (the fifth column is no whole cell), all their pixels or every other one.
    @Test func boxAveragesAverageWholeCells() {
        let pixels: [UInt8] = [10, 20, 100, 200, 7, 30, 40, 0, 100, 9]
        #expect(PlaneView.of(pixels, width: 5, height: 2) { $0.boxAverages(factor: 2, step: 1) } == [25, 100])
        #expect(PlaneView.of(pixels, width: 5, height: 2) { $0.boxAverages(factor: 2, step: 2) } == [10, 100])
    }

    /// Every cell size and sampling step of the tracker's frames, on all-white and on varied pixels, rounds
    /// down as plain integer division does (the averages are taken with a multiplying reciprocal).
    @Test(arguments: [(1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (8, 2), (12, 3)])
    func boxAveragesRoundDownAsDivisionDoes(factor: Int, step: Int) {
        let width = 4 * factor + 3, height = 3 * factor + 1
        let offsets = Array(stride(from: 0, to: factor, by: step))
        let white = [UInt8](repeating: 255, count: width * height)
        let varied: [UInt8] = (0..<(width * height)).map { (index: Int) -> UInt8 in UInt8((index * 37 + index / 7) % 256) }
        for pixels in [white, varied] {
            var expected: [UInt8] = []
            for row in 0..<(height / factor) {
                for column in 0..<(width / factor) {
                    var sum = 0
                    for dy in offsets {
                        let rowStart: Int = (row * factor + dy) * width + column * factor
                        for dx in offsets { sum += Int(pixels[rowStart + dx]) }
                    }
                    let cells: Int = offsets.count * offsets.count
                    expected.append(UInt8(sum / cells))
                }
            }
            let averages = PlaneView.of(pixels, width: width, height: height) { $0.boxAverages(factor: factor, step: step) }
            #expect(averages == expected)
        }
    }

    /// A column past the width lands inside the next row's bytes: only the view's own check can catch it.
    @Test(.enabled(if: PlaneView.checksPixelReads, "FrameLens built with optimisation checks no pixel read"))
    func aPixelPastTheWidthTrapsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            PlaneViewTests.padded.withUnsafeBytes { bytes in
                _ = PlaneView(bytes, width: 3, height: 2, bytesPerRow: 5)[3, 0]
            }
        }
    }

    @Test func rowsThatDoNotFitTheBytesAreRefused() async {
        await #expect(processExitsWith: .failure) {
            PlaneViewTests.padded.withUnsafeBytes { bytes in
                _ = PlaneView(bytes, width: 3, height: 3, bytesPerRow: 5)
            }
        }
    }
}
