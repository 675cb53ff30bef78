import Foundation

/// A rectangle, in display pixels or in normalised coordinates (0...1 of the displayed picture), with the
/// origin at the picture's top left and y growing downwards (as FFmpeg's and Tesseract's pixels, unlike
/// Vision's bottom-left normalised rectangles).
public struct Box: Sendable, Hashable, Codable {
    /// The left edge, from the picture's left.
    public var x: Double
    /// The top edge, from the picture's top.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height, downwards from `y`.
    public var height: Double

    /// A rectangle whose top-left corner is at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether the two boxes share any area.
    func intersects(_ other: Box) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }

    /// The area the two boxes share (0 when they do not overlap).
    func sharedArea(with other: Box) -> Double {
        let width = min(x + self.width, other.x + other.width) - max(x, other.x)
        let height = min(y + self.height, other.y + other.height) - max(y, other.y)
        return width > 0 && height > 0 ? width * height : 0
    }

    /// Whether the two overlap by a third or more of the smaller one's area.
    func overlapsMostly(_ other: Box) -> Bool {
        let shared = sharedArea(with: other)
        return shared > 0 && shared * 3 >= min(width * height, other.width * other.height)
    }

    /// The smallest box holding both.
    func union(_ other: Box) -> Box {
        let left = min(x, other.x)
        let top = min(y, other.y)
        let right = max(x + width, other.x + other.width)
        let bottom = max(y + height, other.y + other.height)
        return Box(x: left, y: top, width: right - left, height: bottom - top)
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
}

/// Where something is on the displayed picture: in pixels, and normalised to its size; both with the origin
/// at the picture's top left and y growing downwards.
public struct Bounds: Sendable, Hashable, Codable {
    /// In pixels of the displayed picture (rotation and sample aspect ratio applied).
    public let pixels: Box
    /// In fractions of the displayed picture's width and height.
    public let normalized: Box

    /// The smallest bounds holding both.
    func union(_ other: Bounds) -> Bounds {
        Bounds(pixels: pixels.union(other.pixels), normalized: normalized.union(other.normalized))
    }

    /// The fraction of the area that lies inside the regions (which must not overlap each other).
    func fractionCovered(by regions: [NormalizedRect]) -> Double {
        let box = normalized
        guard box.width > 0, box.height > 0 else { return 0 }
        let covered = regions.reduce(0.0) { sum, region in
            let width = min(box.x + box.width, region.x + region.width) - max(box.x, region.x)
            let height = min(box.y + box.height, region.y + region.height) - max(box.y, region.y)
            return sum + max(0, width) * max(0, height)
        }
        return covered / (box.width * box.height)
    }

    private init(pixels: Box, normalized: Box) {
        self.pixels = pixels
        self.normalized = normalized
    }

    init(pixels: Box, displaySize: (width: Int, height: Int)) {
        self.pixels = pixels
        let width = Double(max(displaySize.width, 1))
        let height = Double(max(displaySize.height, 1))
        normalized = Box(
            x: pixels.x / width, y: pixels.y / height, width: pixels.width / width, height: pixels.height / height)
    }
}

/// A region of interest in normalised display coordinates: `x,y,width,height`, each within 0...1, with the
/// origin at the picture's top left and y growing downwards (`0,0.8,1,0.2` is the bottom fifth).
public struct NormalizedRect: Sendable, Hashable, Codable {
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
