internal import CTesseract

/// The projective transform (a homography) that takes four points to four others: Leptonica solves it
/// (`getProjectiveXformCoeffs`, the geometry it gives Tesseract); applying it to a point is arithmetic.
///
/// A point (x, y) goes to ((c0 x + c1 y + c2) / w, (c3 x + c4 y + c5) / w) with w = c6 x + c7 y + 1.
struct ProjectiveTransform {
    private let coefficients: [Double]

    /// The transform taking each of `source` (four points, no three in a line) to the point of
    /// `destination` at the same index; nil when Leptonica finds no solution.
    ///
    /// The corresponding C function is `getProjectiveXformCoeffs`.
    init?(from source: [Point], to destination: [Point]) {
        precondition(source.count == 4 && destination.count == 4, "a projective transform takes four points")
        func points(_ list: [Point]) -> OpaquePointer? {
            guard let pta = ptaCreate(4) else { return nil }
            for point in list { _ = ptaAddPt(pta, Float(point.x), Float(point.y)) }
            return pta
        }
        var from = points(source)
        var to = points(destination)
        defer {
            ptaDestroy(&from)
            ptaDestroy(&to)
        }
        var solved: UnsafeMutablePointer<Float>? = nil
        guard from != nil, to != nil, getProjectiveXformCoeffs(from, to, &solved) == 0, let solved else { return nil }
        defer { lept_free(solved) }
        coefficients = (0..<8).map { Double(solved[$0]) }
        guard coefficients.allSatisfy(\.isFinite) else { return nil }
    }

    /// Where `point` goes.
    func apply(_ point: Point) -> Point {
        let c = coefficients
        let w = c[6] * point.x + c[7] * point.y + 1
        return Point(x: (c[0] * point.x + c[1] * point.y + c[2]) / w, y: (c[3] * point.x + c[4] * point.y + c[5]) / w)
    }
}
