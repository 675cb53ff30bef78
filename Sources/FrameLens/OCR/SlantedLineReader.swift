/// Reads the lines PP-OCR's detector finds on a picture, each straightened along its own slant first.
///
/// On a screen filmed at an angle the lines lean, each its own way (a keystone leans the top lines down and
/// the bottom ones up), and an upright box around a leaning line holds parts of the lines beside it. Each
/// line's rectangle is warped upright (`ScreenWarp`) and read alone: by Tesseract, scaled as a slide's lines
/// are (`ReadingPlan.scale`), or by PP-OCR's recogniser; the words are put back on the picture.
struct SlantedLineReader {
    /// Tesseract's straightened line is framed by this share of its text's height on every side, in the line's
    /// median level (its background): the detector's box can hug the letters, and Tesseract misreads letters
    /// that touch the picture's edge (the picture beyond the box holds parts of the lines beside it).
    static let frame = 0.5

    let learned: PPOCREngine
    /// The engine that reads each line; nil: PP-OCR's recogniser.
    let engine: TesseractEngine?
    /// Words below this confidence (0-1) are dropped.
    let minimumConfidence: Double

    /// The text in `rect` of `image`: one block of its lines, top to bottom (none when nothing is read), with
    /// positions on the image's displayed picture.
    func read(_ image: LumaImage, in rect: ImageRect) throws(AnalysisError) -> [RecognizedBlock] {
        // At the picture's own size at most: an upscaled small picture shows the detector nothing more.
        let side = min(TextDetector.wholeFrameSide, max(image.displayWidth, image.displayHeight))
        var lines: [(corners: Quadrilateral, line: RecognizedLine)] = []
        for detected in try learned.slantedLines(in: image, rect, maximumSide: side) {
            if let line = try read(detected, of: image) { lines.append((detected.slanted, line)) }
        }
        let rows = Self.rows(lines).map { RecognizedLine(words: $0.flatMap(\.words)) }
        return rows.isEmpty ? [] : [RecognizedBlock(lines: rows)]
    }

    /// `pixels` (`width` x `height`) in a frame `border` pixels wide of their median level.
    private static func framed(_ pixels: [UInt8], width: Int, height: Int, border: Int) -> (values: [UInt8], width: Int, height: Int) {
        guard border > 0 else { return (pixels, width, height) }
        let level = pixels.sorted()[pixels.count / 2]
        let framedWidth = width + 2 * border
        var values = [UInt8](repeating: level, count: framedWidth * (height + 2 * border))
        for y in 0..<height {
            let start = (y + border) * framedWidth + border
            values[start..<(start + width)] = pixels[(y * width)..<((y + 1) * width)]
        }
        return (values, framedWidth, height + 2 * border)
    }

    /// Lines on one row (the detector splits a row at a wide gap: a table's cells), each row's lines left to
    /// right, rows top to bottom. A line is on a row when its centre lies within a quarter of the row's first
    /// rectangle's thickness of that rectangle's middle line, which leans as the row does.
    private static func rows(_ lines: [(corners: Quadrilateral, line: RecognizedLine)]) -> [[RecognizedLine]] {
        var rows: [(first: Quadrilateral, parts: [(centre: Point, line: RecognizedLine)])] = []
        for (corners, line) in lines {
            let centre = corners.centre
            if let index = rows.firstIndex(where: { $0.first.isOnMiddleLine(centre) }) {
                rows[index].parts.append((centre, line))
            } else {
                rows.append((corners, [(centre, line)]))
            }
        }
        return rows.sorted { $0.first.centre.y < $1.first.centre.y }
            .map { $0.parts.sorted { $0.centre.x < $1.centre.x }.map(\.line) }
    }

    /// A line detected on `image` (in its pixels), read upright; nil when nothing is read.
    private func read(_ line: DetectedLine, of image: LumaImage) throws(AnalysisError) -> RecognizedLine? {
        guard let warp = ScreenWarp(line.slanted, minimumSide: 4) else { return nil }
        // Tesseract's strip is sampled at its reading size: scaling a sampled strip up blurs it twice.
        let scale = engine == nil ? 1 : ReadingPlan.scale(lineHeight: line.lineHeight)
        let border = engine == nil ? 0 : Int((line.lineHeight * Self.frame).rounded())
        let size = warp.size(scale: scale)
        let pixels = Self.framed(
            image.withPlane { warp.pixels(of: $0, channels: 1, scale: scale) }, width: size.width, height: size.height,
            border: Int((Double(border) * scale).rounded()))
        let strip = LumaImage(
            owned: PixelImage(width: pixels.width, height: pixels.height, format: .gray8, pixels: pixels.values),
            displayWidth: warp.width + 2 * border, displayHeight: warp.height + 2 * border)
        let words: [RecognizedWord]
        if let engine {
            let reader = PageReader(engine: engine, image: strip, minimumConfidence: minimumConfidence, secondReading: .nowhere)
            words = reader.read(lines: [strip.pixelRect(.whole)], scale: 1).flatMap(\.lines).flatMap(\.words)
        } else {
            words = try learned.readLine(strip, minimumConfidence: minimumConfidence)?.words ?? []
        }
        let displaySize = (image.displayWidth, image.displayHeight)
        let placed = words.map { word in
            RecognizedWord(
                text: word.text, confidence: word.confidence,
                bounds: warp.onPicture(word.bounds.moved(by: -Double(border), on: (warp.width, warp.height)), pictureScale: image.scale, displaySize: displaySize),
                spaceBefore: word.spaceBefore)
        }
        return placed.isEmpty ? nil : RecognizedLine(words: placed)
    }
}

extension Quadrilateral {
    /// The mean of the corners.
    fileprivate var centre: Point {
        Point(x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
    }

    /// Whether `point` lies within a quarter of the thickness (the left side's length) of the line through the
    /// middles of the left and right sides.
    fileprivate func isOnMiddleLine(_ point: Point) -> Bool {
        let left = Point(x: (topLeft.x + bottomLeft.x) / 2, y: (topLeft.y + bottomLeft.y) / 2)
        let right = Point(x: (topRight.x + bottomRight.x) / 2, y: (topRight.y + bottomRight.y) / 2)
        let length = left.distance(to: right)
        guard length > 0 else { return false }
        let offset = abs((right.x - left.x) * (point.y - left.y) - (right.y - left.y) * (point.x - left.x)) / length
        return offset <= topLeft.distance(to: bottomLeft) / 4
    }
}


extension Bounds {
    /// The same box `offset` pixels further right and down, on a picture of `displaySize`.
    fileprivate func moved(by offset: Double, on displaySize: (width: Int, height: Int)) -> Bounds {
        Bounds(
            pixels: PixelRect(x: pixels.x + offset, y: pixels.y + offset, width: pixels.width, height: pixels.height),
            displaySize: displaySize)
    }
}
