/// Finds the projection screen in a lecture filmed in the room: the bright four-sided region, well inside
/// the picture, on a dark surround, seen at an angle (`Quadrilateral`).
///
/// A picture that is the slide itself (a screen recording, a slide video, captions over footage) must not
/// give one, so the finder answers only when everything agrees: on a picture averaged down to about 320
/// pixels wide, the largest bright region (brighter than a third of the way from the dark to the bright
/// level) fills a third to nine tenths of the picture and most of its own quadrilateral; each side of it is
/// straight (the region's extreme pixels of each row or column lie on one line); at most one side is cut by
/// the picture's edge; the rest of the picture is dark beside it; opposite sides have comparable lengths,
/// and the sides lean as a camera's view of a screen does: a little, and not all at zero (a window on a
/// dark desktop is upright).
enum ScreenFinder {
    /// The averaged picture is about this many cells across (each cell `width / cellsAcross` pixels square).
    static let cellsAcross = 320

    /// The screen on `plane`, in the plane's pixels; nil when there is none for sure.
    static func find(in plane: PlaneView) -> Quadrilateral? {
        guard let bright = BrightRegion(plane), let sides = Sides(region: bright.region, in: bright.cells),
              sides.cut <= 1, Double(sides.area) <= bright.area * 0.9, let corners = sides.corners(),
              isPlausible(corners, of: bright.cells), Double(sides.area) >= 0.85 * corners.area,
              bright.cells.isDarkAround(corners, threshold: bright.threshold)
        else { return nil }
        return Quadrilateral(corners: corners, scale: Double(bright.factor))
    }

    /// The screen of a picture known to be filmed (the camera was seen to drift), for when `find` is not sure
    /// of its four sides (a vignette rounds them off, a person in front or a dark title bar bites into them, an
    /// edge of the picture cuts them): the picture with the room painted over, and the box around the screen.
    /// The screen is the largest bright region, each of its rows filled from its leftmost to its rightmost cell;
    /// everything else takes the screen's median level. Nil when there is no bright region on a dark surround.
    ///
    /// Given the whole picture, Tesseract thresholds between the dark room and the lit screen, above the gray
    /// of a filmed slide's soft text, and finds no text at all; a box around a screen seen at an angle still
    /// holds dark corners of the room.
    static func isolated(in plane: PlaneView) -> (picture: PixelImage, box: NormalizedRect)? {
        guard let bright = BrightRegion(plane) else { return nil }
        let cells = bright.cells
        var spans = [(first: Int, end: Int)?](repeating: nil, count: cells.height)
        for index in bright.region {
            let x = index % cells.width, y = index / cells.width
            spans[y] = (min(spans[y]?.first ?? x, x), max(spans[y]?.end ?? 0, x + 1))
        }
        let rows = spans.indices.filter { spans[$0] != nil }
        let left = rows.map { spans[$0]!.first }.min()!, right = rows.map { spans[$0]!.end }.max()!
        let top = rows.first!, bottom = rows.last! + 1
        let corners = [Point(x: Double(left), y: Double(top)), Point(x: Double(right), y: Double(top)),
                       Point(x: Double(right), y: Double(bottom)), Point(x: Double(left), y: Double(bottom))]
        guard Double((right - left) * (bottom - top)) <= bright.area * 0.9,
              cells.isDarkAround(corners, threshold: bright.threshold)
        else { return nil }
        let inside = bright.region.map { cells.values[$0] }.sorted()
        let level = inside[inside.count / 2]
        let pixels = [UInt8](unsafeUninitializedCapacity: plane.width * plane.height) { buffer, count in
            for y in 0..<plane.height {
                let span = spans[min(y / bright.factor, cells.height - 1)]
                for x in 0..<plane.width {
                    let column = min(x / bright.factor, cells.width - 1)
                    let isScreen = span.map { column >= $0.first && column < $0.end } ?? false
                    buffer[y * plane.width + x] = isScreen ? plane[x, y] : level
                }
            }
            count = plane.width * plane.height
        }
        let width = Double(cells.width), height = Double(cells.height)
        return (
            PixelImage(width: plane.width, height: plane.height, format: .gray8, pixels: pixels),
            NormalizedRect(
                left: Double(left) / width, top: Double(top) / height, right: Double(right) / width,
                bottom: Double(bottom) / height)
        )
    }

    /// Whether the corners make a screen seen by a camera: convex, within a tenth of the picture beyond its
    /// edges, opposite sides within a ratio of 0.45, sides leaning under 20 degrees, and not all upright.
    private static func isPlausible(_ corners: [Point], of small: Cells) -> Bool {
        let margin = (x: Double(small.width) / 10, y: Double(small.height) / 10)
        guard corners.allSatisfy({
            $0.x >= -margin.x && $0.x <= Double(small.width) + margin.x && $0.y >= -margin.y
                && $0.y <= Double(small.height) + margin.y
        }) else { return false }
        let lengths = (0..<4).map { corners[$0].distance(to: corners[($0 + 1) % 4]) }
        guard min(lengths[0], lengths[2]) >= 0.45 * max(lengths[0], lengths[2]),
              min(lengths[1], lengths[3]) >= 0.45 * max(lengths[1], lengths[3])
        else { return false }
        let turns = (0..<4).map { index in
            let a = corners[index], b = corners[(index + 1) % 4], c = corners[(index + 2) % 4]
            return (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
        }
        guard turns.allSatisfy({ $0 > 0 }) else { return false }
        // How far each side leans from upright or level, as a slope.
        let leans = [
            abs(corners[1].y - corners[0].y) / lengths[0], abs(corners[2].x - corners[1].x) / lengths[1],
            abs(corners[3].y - corners[2].y) / lengths[2], abs(corners[0].x - corners[3].x) / lengths[3],
        ]
        return leans.allSatisfy { $0 < 0.34 } && leans.max()! >= 0.02
    }
}

extension Quadrilateral {
    /// A quadrilateral of corners in cells `scale` pixels wide.
    fileprivate init(corners: [Point], scale: Double) {
        let pixels = corners.map { Point(x: $0.x * scale, y: $0.y * scale) }
        self.init(topLeft: pixels[0], topRight: pixels[1], bottomRight: pixels[2], bottomLeft: pixels[3])
    }
}

extension Point {
    /// The straight-line distance to `other`.
    func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

extension [Point] {
    /// The area of the polygon (shoelace formula).
    fileprivate var area: Double {
        abs((0..<count).map { self[$0].x * self[($0 + 1) % count].y - self[($0 + 1) % count].x * self[$0].y }.reduce(0, +)) / 2
    }
}

/// The largest bright region of a picture averaged to about `ScreenFinder.cellsAcross` cells across (brighter
/// than a third of the way from its dark to its bright level), when the levels differ enough to tell a lit
/// screen from a dark room and the region fills a fifth of the picture or more.
private struct BrightRegion {
    let cells: Cells
    /// Plane pixels per cell.
    let factor: Int
    let threshold: UInt8
    /// The region's cells, as indices.
    let region: [Int]
    /// The averaged picture's area, in cells.
    var area: Double { Double(cells.width * cells.height) }

    init?(_ plane: PlaneView) {
        factor = max(1, plane.width / ScreenFinder.cellsAcross)
        cells = Cells(values: plane.boxAverages(factor: factor, step: 2), width: plane.width / factor, height: plane.height / factor)
        guard cells.width >= 32, cells.height >= 32, let levels = cells.levels(), levels.bright - levels.dark >= 60 else {
            return nil
        }
        threshold = UInt8(levels.dark + (levels.bright - levels.dark) / 3)
        region = cells.largestRegion(brighterThan: threshold)
        guard Double(region.count) >= Double(cells.width * cells.height) / 5 else { return nil }
    }
}

/// The averaged picture: a gray value per cell, row after row.
private struct Cells {
    let values: [UInt8]
    let width: Int
    let height: Int

    subscript(x: Int, y: Int) -> UInt8 { values[y * width + x] }

    /// The mean levels below and above Otsu's threshold, or nil for a picture of one level.
    func levels() -> (dark: Int, bright: Int)? {
        var histogram = [Int](repeating: 0, count: 256)
        for value in values { histogram[Int(value)] += 1 }
        let total = Double(values.count)
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var below = 0.0, belowSum = 0.0, best = (score: -1.0, threshold: 0)
        for level in 0..<255 {
            below += Double(histogram[level])
            belowSum += Double(level * histogram[level])
            guard below > 0, below < total else { continue }
            let dark = belowSum / below, bright = (sum - belowSum) / (total - below)
            let score = below * (total - below) * (bright - dark) * (bright - dark)
            if score > best.score { best = (score, level) }
        }
        guard best.score > 0 else { return nil }
        let darkCount = histogram[...best.threshold].reduce(0, +)
        let darkSum = (0...best.threshold).reduce(0) { $0 + $1 * histogram[$1] }
        let brightCount = values.count - darkCount
        guard darkCount > 0, brightCount > 0 else { return nil }
        return (darkSum / darkCount, (Int(sum) - darkSum) / brightCount)
    }

    /// The cells (as indices) of the largest 4-connected region brighter than `threshold`.
    func largestRegion(brighterThan threshold: UInt8) -> [Int] {
        var seen = values.map { $0 <= threshold }
        var largest: [Int] = []
        for start in values.indices where !seen[start] {
            var region = [start]
            seen[start] = true
            var next = 0
            while next < region.count {
                let index = region[next]
                next += 1
                let x = index % width, y = index / width
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                where nx >= 0 && ny >= 0 && nx < width && ny < height && !seen[ny * width + nx] {
                    seen[ny * width + nx] = true
                    region.append(ny * width + nx)
                }
            }
            if region.count > largest.count { largest = region }
        }
        return largest
    }

    /// Whether the cells outside the quadrilateral are dark: their mean under the threshold, and under half
    /// the inside's mean.
    func isDarkAround(_ corners: [Point], threshold: UInt8) -> Bool {
        var inside = (sum: 0, count: 0), outside = (sum: 0, count: 0)
        for y in 0..<height {
            for x in 0..<width {
                let point = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let isInside = (0..<4).allSatisfy { index in
                    let a = corners[index], b = corners[(index + 1) % 4]
                    return (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x) >= 0
                }
                if isInside { inside = (inside.sum + Int(self[x, y]), inside.count + 1) } else {
                    outside = (outside.sum + Int(self[x, y]), outside.count + 1)
                }
            }
        }
        guard inside.count > 0, outside.count > 0 else { return false }
        let outsideMean = outside.sum / outside.count
        return outsideMean < Int(threshold) && outsideMean * 2 < inside.sum / inside.count
    }
}

/// The four sides of a bright region, each a straight line through the region's extreme cells (leftmost of
/// each row for the left side, topmost of each column for the top, ...) between the rough corners (the
/// region's extremes along the diagonals), leaving out a fifth at each end, where the corners round off.
private struct Sides {
    /// x = slope * y + offset for the left and right sides; y = slope * x + offset for top and bottom.
    typealias Line = (slope: Double, offset: Double)
    let left: Line, right: Line, top: Line, bottom: Line
    /// How many sides lie on the picture's edge.
    let cut: Int
    /// The cells between the region's leftmost and rightmost of each row: its area with its holes filled.
    let area: Int

    init?(region: [Int], in cells: Cells) {
        var lefts = [Int](repeating: Int.max, count: cells.height), rights = [Int](repeating: -1, count: cells.height)
        var tops = [Int](repeating: Int.max, count: cells.width), bottoms = [Int](repeating: -1, count: cells.width)
        for index in region {
            let x = index % cells.width, y = index / cells.width
            lefts[y] = min(lefts[y], x)
            rights[y] = max(rights[y], x + 1)
            tops[x] = min(tops[x], y)
            bottoms[x] = max(bottoms[x], y + 1)
        }
        let rows = lefts.indices.filter { rights[$0] >= 0 }
        area = rows.map { rights[$0] - lefts[$0] }.reduce(0, +)
        let ends = rows.flatMap { [(x: lefts[$0], y: $0), (x: rights[$0] - 1, y: $0)] }
        guard let topLeft = ends.min(by: { $0.x + $0.y < $1.x + $1.y }),
              let bottomRight = ends.max(by: { $0.x + $0.y < $1.x + $1.y }),
              let topRight = ends.max(by: { $0.x - $0.y < $1.x - $1.y }),
              let bottomLeft = ends.min(by: { $0.x - $0.y < $1.x - $1.y })
        else { return nil }
        func between(_ a: Int, _ b: Int) -> [Int] {
            let low = min(a, b), high = max(a, b), inset = (high - low) / 5
            return Array((low + inset)...(high - inset))
        }
        let leftRows = between(topLeft.y, bottomLeft.y).filter { rights[$0] >= 0 }
        let rightRows = between(topRight.y, bottomRight.y).filter { rights[$0] >= 0 }
        let topColumns = between(topLeft.x, topRight.x).filter { bottoms[$0] >= 0 }
        let bottomColumns = between(bottomLeft.x, bottomRight.x).filter { bottoms[$0] >= 0 }
        guard let left = Self.fit(leftRows.map { (Double($0) + 0.5, Double(lefts[$0])) }),
              let right = Self.fit(rightRows.map { (Double($0) + 0.5, Double(rights[$0])) }),
              let top = Self.fit(topColumns.map { (Double($0) + 0.5, Double(tops[$0])) }),
              let bottom = Self.fit(bottomColumns.map { (Double($0) + 0.5, Double(bottoms[$0])) })
        else { return nil }
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
        func onEdge(_ values: [Int], _ edge: Int) -> Bool { values.filter { $0 == edge }.count * 2 > values.count }
        cut = [
            onEdge(leftRows.map { lefts[$0] }, 0), onEdge(rightRows.map { rights[$0] }, cells.width),
            onEdge(topColumns.map { tops[$0] }, 0), onEdge(bottomColumns.map { bottoms[$0] }, cells.height),
        ].filter { $0 }.count
    }

    /// The line through the samples (position along the side, distance across it): least squares, then again
    /// without the samples more than 1.5 cells off; nil unless nine in ten lie within that and the rest sit
    /// within 0.8 cells on average.
    private static func fit(_ samples: [(Double, Double)]) -> Line? {
        guard samples.count >= 8, var line = leastSquares(samples) else { return nil }
        let near = samples.filter { abs($0.1 - (line.slope * $0.0 + line.offset)) <= 1.5 }
        guard near.count * 10 >= samples.count * 9, let refit = leastSquares(near) else { return nil }
        line = refit
        let spread = near.map { abs($0.1 - (line.slope * $0.0 + line.offset)) }.reduce(0, +) / Double(near.count)
        return spread <= 0.8 ? line : nil
    }

    private static func leastSquares(_ samples: [(Double, Double)]) -> Line? {
        let n = Double(samples.count)
        let sx = samples.map(\.0).reduce(0, +), sy = samples.map(\.1).reduce(0, +)
        let sxx = samples.map { $0.0 * $0.0 }.reduce(0, +), sxy = samples.map { $0.0 * $0.1 }.reduce(0, +)
        let denominator = n * sxx - sx * sx
        guard denominator != 0 else { return nil }
        let slope = (n * sxy - sx * sy) / denominator
        return (slope, (sy - slope * sx) / n)
    }

    /// The corners where the sides meet, clockwise from the top left.
    func corners() -> [Point]? {
        func meet(_ side: Line, _ level: Line) -> Point? {
            // x = a y + b and y = c x + d.
            let denominator = 1 - side.slope * level.slope
            guard abs(denominator) > 1e-6 else { return nil }
            let x = (side.slope * level.offset + side.offset) / denominator
            return Point(x: x, y: level.slope * x + level.offset)
        }
        guard let topLeft = meet(left, top), let topRight = meet(right, top), let bottomRight = meet(right, bottom),
              let bottomLeft = meet(left, bottom)
        else { return nil }
        return [topLeft, topRight, bottomRight, bottomLeft]
    }
}
