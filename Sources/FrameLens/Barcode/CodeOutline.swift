/// A code's outline as four corners, from the points ZBar locates it by: a QR code's four corners as they
/// are, a linear code's hundreds of scan-line hits as the smallest rectangle holding them.
enum CodeOutline {
    /// The outline's corners, clockwise on the picture from the one nearest its top-left corner: the convex
    /// hull of the points when it has at most four corners, else the rectangle around them: the bounding box,
    /// unless a turned rectangle is at least 5 % smaller (the hits of a code that is not turned are jagged
    /// by a pixel, which tilts the minimum-area rectangle by a fraction of a degree).
    static func corners(of points: [Point]) -> [Point] {
        let hull = convexHull(points)
        guard hull.count > 4 else { return clockwiseFromTopLeft(hull) }
        let (xs, ys) = (hull.map(\.x), hull.map(\.y))
        let (left, right, top, bottom) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
        let box = [Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom), Point(x: left, y: bottom)]
        let turned = minimumAreaRectangle(around: hull)
        return clockwiseFromTopLeft(turned.area < 0.95 * (right - left) * (bottom - top) ? turned.corners : box)
    }

    /// Andrew's monotone chain; collinear points are left out.
    private static func convexHull(_ points: [Point]) -> [Point] {
        let sorted = Set(points).sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        guard sorted.count > 2 else { return sorted }
        func chain(_ points: [Point]) -> [Point] {
            var chain: [Point] = []
            for point in points {
                while chain.count >= 2, cross(chain[chain.count - 2], chain[chain.count - 1], point) <= 0 {
                    chain.removeLast()
                }
                chain.append(point)
            }
            return chain.dropLast()
        }
        return chain(sorted) + chain(sorted.reversed())
    }

    /// The rectangle of least area holding a convex polygon: one of its sides lies along an edge of the
    /// polygon (rotating calipers, tried edge by edge).
    private static func minimumAreaRectangle(around hull: [Point]) -> (area: Double, corners: [Point]) {
        var best: (area: Double, corners: [Point])?
        for (index, start) in hull.enumerated() {
            let end = hull[(index + 1) % hull.count]
            let length = ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot()
            guard length > 0 else { continue }
            let u = Point(x: (end.x - start.x) / length, y: (end.y - start.y) / length)
            let v = Point(x: -u.y, y: u.x)
            let alongU = hull.map { $0.x * u.x + $0.y * u.y }
            let alongV = hull.map { $0.x * v.x + $0.y * v.y }
            let (lowU, highU, lowV, highV) = (alongU.min()!, alongU.max()!, alongV.min()!, alongV.max()!)
            let area = (highU - lowU) * (highV - lowV)
            guard best == nil || area < best!.area else { continue }
            best = (area, [(lowU, lowV), (highU, lowV), (highU, highV), (lowU, highV)].map { a, b in
                // Snapped to a thousandth of a pixel, so that a code that is not turned has whole corners.
                Point(x: ((a * u.x + b * v.x) * 1000).rounded() / 1000, y: ((a * u.y + b * v.y) * 1000).rounded() / 1000)
            })
        }
        return best ?? (.infinity, hull)
    }

    /// The corners turning clockwise on the picture (y down), starting from the one with the least x + y.
    private static func clockwiseFromTopLeft(_ corners: [Point]) -> [Point] {
        guard corners.count > 2 else { return corners }
        let doubledArea = corners.indices.reduce(0.0) { sum, index in
            let next = corners[(index + 1) % corners.count]
            return sum + corners[index].x * next.y - next.x * corners[index].y
        }
        let clockwise = doubledArea < 0 ? Array(corners.reversed()) : corners
        let first = clockwise.indices.min { clockwise[$0].x + clockwise[$0].y < clockwise[$1].x + clockwise[$1].y }!
        return Array(clockwise[first...] + clockwise[..<first])
    }

    private static func cross(_ o: Point, _ a: Point, _ b: Point) -> Double {
        (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }
}
