import Testing
@testable import FrameLens

/// A terminal's block cursor is found and painted over; letters, bars and squares are not cursors.
struct TextCursorTests {
    /// A 200x100 picture at `background` with solid rectangles (x, y, width, height) at `level`, drawn in order.
    static func picture(background: UInt8, level: UInt8, rectangles: [(Int, Int, Int, Int)]) -> [UInt8] {
        picture(background: background, rectangles: rectangles.map { ($0.0, $0.1, $0.2, $0.3, level) })
    }

    /// A 200x100 picture at `background` with solid rectangles (x, y, width, height, level), drawn in order.
    static func picture(background: UInt8, rectangles: [(Int, Int, Int, Int, UInt8)]) -> [UInt8] {
        var pixels = [UInt8](repeating: background, count: 200 * 100)
        for (x, y, width, height, level) in rectangles {
            for row in y..<(y + height) {
                for column in x..<(x + width) { pixels[row * 200 + column] = level }
            }
        }
        return pixels
    }

    static func blocks(_ pixels: [UInt8]) -> [ImageRect] {
        PlaneView.of(pixels, width: 200, height: 100) { plane in
            TextCursor.blocks(in: plane, within: ImageRect(x: 0, y: 0, width: 200, height: 100)).map(\.rect)
        }
    }

    @Test func aBlockHalfAsWideAsHighIsACursor() {
        let light = Self.picture(background: 16, level: 230, rectangles: [(50, 20, 16, 35)])
        #expect(Self.blocks(light) == [ImageRect(x: 50, y: 20, width: 16, height: 35)])
        let dark = Self.picture(background: 245, level: 50, rectangles: [(120, 40, 12, 24)])
        #expect(Self.blocks(dark) == [ImageRect(x: 120, y: 40, width: 12, height: 24)])
    }

    /// A letter's stem (too narrow), a square bullet (too wide), a bar as long as a line and a faint block are not;
    /// nor is the gap between two letters on a dark box of their own (a boxed caption).
    @Test func stemsSquaresBarsAndFaintBlocksAreNot() {
        let boxed = Self.picture(background: 128, rectangles: [(20, 30, 160, 40, 16), (40, 40, 20, 22, 235), (80, 40, 20, 22, 235)])
        #expect(Self.blocks(boxed).isEmpty)
        #expect(Self.blocks(Self.picture(background: 16, level: 230, rectangles: [(50, 20, 4, 35)])).isEmpty)
        #expect(Self.blocks(Self.picture(background: 16, level: 230, rectangles: [(50, 20, 30, 30)])).isEmpty)
        #expect(Self.blocks(Self.picture(background: 16, level: 230, rectangles: [(10, 20, 150, 30)])).isEmpty)
        #expect(Self.blocks(Self.picture(background: 16, level: 80, rectangles: [(50, 20, 16, 35)])).isEmpty)
    }

    /// Two blocks are no cursor (a screen shows one): parts of letters, left as they are.
    @Test func twoBlocksAreLeftAsTheyAre() {
        let pixels = Self.picture(background: 16, level: 230, rectangles: [(30, 20, 16, 35), (120, 20, 16, 35)])
        #expect(Self.blocks(pixels).count == 2)
        let image = LumaImage(
            owned: PixelImage(width: 200, height: 100, format: .gray8, pixels: pixels), displayWidth: 200, displayHeight: 100)
        let hidden = TextCursor.hidden(in: image, within: [ImageRect(x: 0, y: 0, width: 200, height: 100)])
        #expect(hidden.withPlane { $0.pixels(in: ImageRect(x: 0, y: 0, width: 200, height: 100)) } == pixels)
    }

    @Test func theCursorIsPaintedWithWhatSurroundsIt() {
        let pixels = Self.picture(background: 16, level: 230, rectangles: [(50, 20, 16, 35)])
        let image = LumaImage(
            owned: PixelImage(width: 200, height: 100, format: .gray8, pixels: pixels), displayWidth: 200, displayHeight: 100)
        let hidden = TextCursor.hidden(in: image, within: [ImageRect(x: 0, y: 0, width: 200, height: 100)])
        #expect(hidden.withPlane { $0.pixels(in: ImageRect(x: 0, y: 0, width: 200, height: 100)) }.allSatisfy { $0 == 16 })
    }
}
