import Foundation

/// A rectangle in pixels of the displayed picture (rotation and sample aspect ratio applied), with the origin
/// at its top left and y growing downwards (as FFmpeg's and Tesseract's pixels, unlike Vision's bottom-left
/// normalised rectangles). The same rectangle in fractions of the picture is a `NormalizedRect`.
public struct PixelRect: Sendable, Hashable, Codable, Rectangle {
    /// The left edge, in pixels from the picture's left.
    public var x: Double
    /// The top edge, in pixels from the picture's top.
    public var y: Double
    /// The width in pixels.
    public var width: Double
    /// The height in pixels, downwards from `y`.
    public var height: Double

    /// A rectangle whose top-left corner is at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    init(left: Double, top: Double, right: Double, bottom: Double) {
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// What `PixelRect` and `NormalizedRect` share: the overlaps and unions of rectangles in one space.
protocol Rectangle {
    var x: Double { get }
    var y: Double { get }
    var width: Double { get }
    var height: Double { get }
    /// The rectangle between these edges; for two rectangles of one space, their union stays in it.
    init(left: Double, top: Double, right: Double, bottom: Double)
}

extension Rectangle {
    /// Whether the two rectangles share any area.
    func intersects(_ other: Self) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }

    /// The area the two rectangles share (0 when they do not overlap).
    func sharedArea(with other: Self) -> Double {
        let width = min(x + self.width, other.x + other.width) - max(x, other.x)
        let height = min(y + self.height, other.y + other.height) - max(y, other.y)
        return width > 0 && height > 0 ? width * height : 0
    }

    /// Whether the two overlap by a third or more of the smaller one's area.
    func overlapsMostly(_ other: Self) -> Bool {
        let shared = sharedArea(with: other)
        return shared > 0 && shared * 3 >= min(width * height, other.width * other.height)
    }

    /// The smallest rectangle holding both.
    func union(_ other: Self) -> Self {
        Self(
            left: min(x, other.x), top: min(y, other.y), right: max(x + width, other.x + other.width),
            bottom: max(y + height, other.y + other.height))
    }
}

/// A point in display pixels, with the origin at the picture's top left and y growing downwards.
public struct Point: Sendable, Hashable, Codable {
    /// Pixels from the picture's left.
    public var x: Double
    /// Pixels from the picture's top.
    public var y: Double
}

/// Four corners in display pixels, clockwise from the top left: a projection screen filmed at an angle.
public struct Quadrilateral: Sendable, Hashable, Codable {
    /// The top-left corner.
    public var topLeft: Point
    /// The top-right corner.
    public var topRight: Point
    /// The bottom-right corner.
    public var bottomRight: Point
    /// The bottom-left corner.
    public var bottomLeft: Point

    /// The corners, clockwise from the top left.
    var corners: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// Each corner passed through `transform`.
    func mapped(_ transform: (Point) -> Point) -> Quadrilateral {
        Quadrilateral(
            topLeft: transform(topLeft), topRight: transform(topRight), bottomRight: transform(bottomRight),
            bottomLeft: transform(bottomLeft))
    }
}

/// Where something is on the displayed picture: in pixels, and normalised to its size; both with the origin
/// at the picture's top left and y growing downwards.
public struct Bounds: Sendable, Hashable, Codable {
    /// In pixels of the displayed picture (rotation and sample aspect ratio applied).
    public let pixels: PixelRect
    /// In fractions of the displayed picture's width and height.
    public let normalized: NormalizedRect

    /// The smallest bounds holding both.
    func union(_ other: Bounds) -> Bounds {
        Bounds(pixels: pixels.union(other.pixels), normalized: normalized.union(other.normalized))
    }

    /// The fraction of the area that lies inside the regions (which must not overlap each other).
    func fractionCovered(by regions: [NormalizedRect]) -> Double {
        let box = normalized
        guard box.width > 0, box.height > 0 else { return 0 }
        return regions.reduce(0.0) { $0 + box.sharedArea(with: $1) } / (box.width * box.height)
    }

    private init(pixels: PixelRect, normalized: NormalizedRect) {
        self.pixels = pixels
        self.normalized = normalized
    }

    init(pixels: PixelRect, displaySize: (width: Int, height: Int)) {
        self.pixels = pixels
        let width = Double(max(displaySize.width, 1))
        let height = Double(max(displaySize.height, 1))
        normalized = NormalizedRect(
            measured: pixels.x / width, pixels.y / height, pixels.width / width, pixels.height / height)
    }
}

/// A rectangle in fractions of the displayed picture's width and height: `x,y,width,height`, each within
/// 0...1, with the origin at the picture's top left and y growing downwards (`0,0.8,1,0.2` is the bottom
/// fifth). A region of interest to read, and where text was found (`Bounds.normalized`, `Cue.bounds`); the
/// same rectangle in pixels is a `PixelRect`.
public struct NormalizedRect: Sendable, Hashable, Codable, Rectangle {
    /// The left edge, as a fraction of the picture's width.
    public let x: Double
    /// The top edge, as a fraction of the picture's height, from its top.
    public let y: Double
    /// The width, as a fraction of the picture's width.
    public let width: Double
    /// The height, as a fraction of the picture's height.
    public let height: Double

    /// A region; throws unless it has a positive size and lies within the picture.
    ///
    /// - Throws: `AnalysisError` `.invalidRegion`.
    public init(x: Double, y: Double, width: Double, height: Double) throws(AnalysisError) {
        guard [x, y, width, height].allSatisfy(\.isFinite), x >= 0, y >= 0, width > 0, height > 0,
              x + width <= 1.000001, y + height <= 1.000001
        else {
            throw AnalysisError(
                .invalidRegion, "region \(x),\(y),\(width),\(height) must lie within 0...1 with a positive size")
        }
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle a measurement gives, kept as it is: FrameLens's own boxes lie within the picture, and
    /// JSON writes them as they were measured.
    init(measured x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    init(left: Double, top: Double, right: Double, bottom: Double) {
        self.init(measured: left, top, right - left, bottom - top)
    }

    /// Reads a region with the same checks as `init(x:y:width:height:)`: a decoded region outside the
    /// picture would make every reader compute pixels past what an `Int` holds.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for a region outside 0...1 or without a positive size.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                x: try container.decode(Double.self, forKey: .x), y: try container.decode(Double.self, forKey: .y),
                width: try container.decode(Double.self, forKey: .width),
                height: try container.decode(Double.self, forKey: .height))
        } catch let error as AnalysisError {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    /// Parses `x,y,w,h`.
    ///
    /// - Throws: `AnalysisError` `.invalidRegion`.
    public init(parsing text: String) throws(AnalysisError) {
        let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.count == 4, let x = values[0], let y = values[1], let width = values[2], let height = values[3]
        else {
            throw AnalysisError(.invalidRegion, "region '\(text)' is not x,y,w,h (four numbers from 0 to 1)")
        }
        do { try self.init(x: x, y: y, width: width, height: height) } catch {
            throw AnalysisError(.invalidRegion, "region '\(text)' must lie within 0...1 with a positive size")
        }
    }

    /// The whole picture.
    public static let whole = try! NormalizedRect(x: 0, y: 0, width: 1, height: 1)
}
