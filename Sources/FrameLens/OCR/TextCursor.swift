/// A text cursor drawn as a solid block, as terminals and editors draw it: no text, but Tesseract reads it as a
/// letter or two (`f`, `ff`, `J`) and its layout takes it for a picture, dropping the short lines around it with
/// it (a prompt, a one-line output). Found as a solid rectangle of a character's size, about half as wide as
/// high, standing out from what surrounds it on every side; painted over with its surroundings before reading.
enum TextCursor {
    /// The heights of a block cursor, in image pixels: 10-px to 96-px type.
    static let heights = 12...96
    /// Its width over its height (a block one character wide: 0.4-0.6 in monospaced fonts).
    static let shapes = 0.3...0.8
    /// The least difference between the block and what surrounds it, in levels.
    static let contrast = 80
    /// The most a pixel of the block differs from its first, in levels (coding noise).
    static let evenness = 24

    /// The block cursors in `rect` of a picture, each with the level of what surrounds it.
    static func blocks(in plane: PlaneView, within rect: ImageRect) -> [(rect: ImageRect, surroundings: UInt8)] {
        var blocks: [(rect: ImageRect, surroundings: UInt8)] = []
        var open: [Found] = []
        for x in rect.x..<(rect.x + rect.width) {
            var next: [Found] = []
            for run in runs(in: plane, column: x, rows: rect.y..<(rect.y + rect.height)) {
                if let index = open.firstIndex(where: { $0.run.continues(run) }) {
                    next.append(Found(run: open[index].run, from: open[index].from, to: x))
                    open.remove(at: index)
                } else {
                    next.append(Found(run: run, from: x, to: x))
                }
            }
            blocks += open.compactMap { block($0, in: plane) }
            open = next
        }
        return blocks + open.compactMap { block($0, in: plane) }
    }

    /// `image` with its block cursor in `rects` painted over, or `image` itself when it shows none. A screen shows one
    /// cursor: where several blocks are found, they are parts of letters (the stems of a bold title on a bar of its
    /// own colour), and nothing is painted.
    static func hidden(in image: LumaImage, within rects: [ImageRect]) -> LumaImage {
        let cursors = image.withPlane { plane in rects.flatMap { blocks(in: plane, within: $0) } }
        guard cursors.count == 1, let cursor = cursors.first else { return image }
        var pixels = image.withPlane { $0.pixels(in: ImageRect(x: 0, y: 0, width: image.width, height: image.height)) }
        let painted = cursor.rect.expanded(by: 2).clamped(width: image.width, height: image.height)
        for y in painted.y..<(painted.y + painted.height) {
            for x in painted.x..<(painted.x + painted.width) { pixels[y * image.width + x] = cursor.surroundings }
        }
        return LumaImage(
            owned: PixelImage(width: image.width, height: image.height, format: .gray8, pixels: pixels),
            displayWidth: image.displayWidth, displayHeight: image.displayHeight)
    }

    /// A run of even pixels down one column, of a cursor's height, that stands out from the pixels two rows above
    /// and below it.
    private struct Run {
        let top: Int
        let bottom: Int
        let level: UInt8
        let surroundings: UInt8

        /// Whether `next`, in the next column, is the same block's.
        func continues(_ next: Run) -> Bool {
            abs(next.top - top) <= 1 && abs(next.bottom - bottom) <= 1 && abs(Int(next.level) - Int(level)) <= evenness
        }
    }

    /// Runs of one block found in columns `from` to `to`.
    private struct Found {
        let run: Run
        let from: Int
        let to: Int
    }

    private static func runs(in plane: PlaneView, column x: Int, rows: Range<Int>) -> [Run] {
        var runs: [Run] = []
        var y = rows.lowerBound + 2
        while y < rows.upperBound - 2 {
            let level = plane[x, y]
            var end = y + 1
            while end < rows.upperBound - 2, abs(Int(plane[x, end]) - Int(level)) <= evenness { end += 1 }
            let above = plane[x, y - 2], below = plane[x, end + 1]
            if heights.contains(end - y), abs(Int(above) - Int(level)) >= contrast,
               abs(Int(below) - Int(level)) >= contrast, abs(Int(above) - Int(below)) <= evenness
            {
                runs.append(Run(top: y, bottom: end - 1, level: level, surroundings: above))
            }
            y = end
        }
        return runs
    }

    /// The block of runs from column `from` to `to`, when it has a cursor's shape and what lies two pixels to its
    /// left, and in the block's width to its right, is mostly what lies above and below it: a block on the
    /// background where a line ends, not a gap between letters on a box of their own.
    private static func block(_ found: Found, in plane: PlaneView) -> (rect: ImageRect, surroundings: UInt8)? {
        let run = found.run
        let height = run.bottom - run.top + 1
        let width = found.to - found.from + 1
        guard shapes.contains(Double(width) / Double(height)), found.from >= 2, found.to + 2 < plane.width else { return nil }
        for x in [found.from - 2] + Array(found.to + 2..<min(plane.width, found.to + 2 + width)) {
            let background = (run.top...run.bottom).filter { abs(Int(plane[x, $0]) - Int(run.surroundings)) <= evenness }
            guard background.count * 2 >= height else { return nil }
        }
        return (ImageRect(x: found.from, y: run.top, width: width, height: height), run.surroundings)
    }
}
