/// One clean picture of a caption from many frames that show it: each pixel's median over the frames,
/// and the background set to the colour around the caption (its outline or box), so that the text stands
/// alone, dark on light. Background is what varies across the frames (the moving picture behind the caption) and what
/// the caption's coming or going left as it was.
struct CaptionConsensus: Sendable {
    /// Frames kept at most; beyond it every other one is dropped and only every other one is kept on.
    static let maximumFrames = 24
    /// A pixel whose middle 80% of values spans more than this varies: it is background.
    static let varyingSpread = 48
    /// A pixel within this many levels of its value before the caption came is background.
    static let unchanged = 32

    /// The part of the frame's luma plane held, in coded pixels.
    let rect: ImageRect
    private var crops: [[UInt8]] = []
    /// The last kept frame's part and its chroma, to measure the letters' colour (`textColor()`); nil
    /// when the frames are not planar YUV (a rotated video's upright luma, RGB).
    private var colorSample: (luma: [UInt8], chroma: ChromaCrop)?
    private var stride = 1
    private var offered = 0

    /// The part as the last frame before the caption showed it, if known.
    private var before: [UInt8]?
    /// Whether each pixel is at the caption's strokes.
    private let strokes: [Bool]
    /// The part as the first frame after the caption showed it, if known.
    private var after: [UInt8]?
    /// Where the frames before and after show another caption (in the part's pixels): not the picture
    /// behind this one.
    private var othersBefore: [ImageRect] = []
    private var othersAfter: [ImageRect] = []

    /// - Parameters:
    ///   - rect: the part of the frame to hold, in coded pixels.
    ///   - strokes: for each of its pixels, whether it is at the caption's strokes, which are never taken
    ///     for background unless they vary.
    ///   - before: the last frame before the caption, if known: what did not change as the caption came
    ///     is background too.
    ///   - others: where `before` shows another caption that this one took the place of (in coded pixels).
    init(rect: ImageRect, strokes: [Bool], before: VideoFrame?, showingOthersAt others: [ImageRect] = []) {
        self.rect = rect
        self.strokes = strokes
        self.before = before.flatMap { $0.hasEightBitLumaPlane ? Self.crop(rect, of: $0) : nil }
        othersBefore = others.map(inPart)
    }

    /// A rectangle of the frame in the part's pixels.
    private func inPart(_ frameRect: ImageRect) -> ImageRect {
        ImageRect(x: frameRect.x - rect.x, y: frameRect.y - rect.y, width: frameRect.width, height: frameRect.height)
    }

    /// The colour the background is set to: the caption's edge (`border`, the median of the kept pixels
    /// next to the background: its outline or its box), unless that lies between the caption's darkest and
    /// brightest pixels (the edge is the text itself, anti-aliased, its outline as dark as the picture
    /// behind and gone with it); then black or white, whichever the edge is nearer.
    private static func fill(border: Int, kept: [UInt8]) -> UInt8 {
        let sorted = kept.sorted()
        guard !sorted.isEmpty else { return UInt8(border) }
        let dark = Int(sorted[sorted.count / 10])
        let bright = Int(sorted[sorted.count - 1 - sorted.count / 10])
        guard border - dark > Self.varyingSpread, bright - border > Self.varyingSpread else { return UInt8(border) }
        return 2 * border <= dark + bright ? 0 : 255
    }

    /// Takes note of the first frame without the caption: what is the same there is background too.
    mutating func setAfter(_ frame: VideoFrame) {
        after = frame.hasEightBitLumaPlane ? Self.crop(rect, of: frame) : nil
    }

    /// Takes note that another caption took this one's place at `other` (in coded pixels) in the frame
    /// after: there that frame does not show the picture behind this one.
    mutating func setAfterShowsOther(at other: ImageRect) {
        othersAfter.append(inPart(other))
    }

    /// The part of the frame's luma plane, copied.
    private static func crop(_ rect: ImageRect, of frame: VideoFrame) -> [UInt8] {
        frame.withLumaPlane { $0.pixels(in: rect) }
    }

    /// The colour of the caption's letters, measured on the last kept frame. Its text pixels are those of
    /// `picture()` below its threshold (the letters, dark on light there whatever their colour); the luma
    /// is the median of their darker half (their cores, not the edges blended with an outline or box). The
    /// chroma, stored at half the resolution, blends thin strokes with what is around them: it is the median
    /// of the quarter of the cores whose chroma lies farthest from the rest of the picture's (the
    /// background's median). Turned into RGB as the frame's colour matrix says; nil without chroma.
    func textColor() -> TextColor? {
        guard let (luma, chroma) = colorSample else { return nil }
        let (light, threshold) = picture()
        let text = light.indices.filter { light[$0] < threshold }.sorted { light[$0] < light[$1] }
        let background = light.indices.filter { light[$0] >= threshold }
        guard !text.isEmpty, !background.isEmpty else { return nil }
        let cores = Array(text.prefix(max(1, text.count / 2)))
        let median = { (pixels: [Int], values: [UInt8]) in pixels.map { Int(values[$0]) }.sorted()[pixels.count / 2] }
        let (cb, cr) = (chroma.blueDifference, chroma.redDifference)
        let (groundCb, groundCr) = (median(background, cb), median(background, cr))
        let distance = { (pixel: Int) in abs(Int(cb[pixel]) - groundCb) + abs(Int(cr[pixel]) - groundCr) }
        let saturated = Array(cores.sorted { distance($0) > distance($1) }.prefix(max(1, cores.count / 4)))
        return chroma.color(
            luma: UInt8(median(cores, luma)), blueDifference: UInt8(median(saturated, cb)),
            redDifference: UInt8(median(saturated, cr)))
    }

    /// The share of `box` (in coded pixels of the frame) that lies at the caption's strokes; 0 outside the
    /// held part.
    func strokeShare(of box: ImageRect) -> Double {
        let left = max(box.x, rect.x), right = min(box.x + box.width, rect.x + rect.width)
        let top = max(box.y, rect.y), bottom = min(box.y + box.height, rect.y + rect.height)
        guard box.width > 0, box.height > 0, left < right, top < bottom else { return 0 }
        var atStrokes = 0
        for y in top..<bottom {
            for x in left..<right where strokes[(y - rect.y) * rect.width + x - rect.x] { atStrokes += 1 }
        }
        return Double(atStrokes) / Double(box.width * box.height)
    }

    /// The share of the caption's strokes that lie in at least one of `boxes` (in coded pixels of the frame).
    func strokesCovered(by boxes: [ImageRect]) -> Double {
        var strokeCount = 0
        var covered = 0
        for index in strokes.indices where strokes[index] {
            strokeCount += 1
            let x = rect.x + index % rect.width
            let y = rect.y + index / rect.width
            if boxes.contains(where: { $0.contains(x: x, y: y) }) { covered += 1 }
        }
        return strokeCount == 0 ? 0 : Double(covered) / Double(strokeCount)
    }

    /// The number of frames held.
    var count: Int { crops.count }

    /// Offers a frame showing the caption; it is kept when it falls on the current stride.
    mutating func add(_ frame: VideoFrame) {
        defer { offered += 1 }
        guard offered % stride == 0, frame.hasEightBitLumaPlane else { return }
        crops.append(Self.crop(rect, of: frame))
        colorSample = frame.chroma(in: rect).map { (crops[crops.count - 1], $0) }
        if crops.count >= Self.maximumFrames {
            crops = crops.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            stride *= 2
        }
    }

    /// Whether the frame before or after the caption is known, so that what it shares with them can be
    /// taken for background (`picture(stillIsBackground:)`).
    var knowsStillPicture: Bool { before != nil || after != nil }

    /// The clean picture of the held part, dark text on light, and the level that splits text from the
    /// rest (its outline or box, a third shade the engine's whole-picture threshold can keep).
    ///
    /// - Parameter stillIsBackground: whether what the frames before and after the caption share with it,
    ///   away from its newborn strokes, is background: a still picture around it, but also the letters it
    ///   shares with a caption at the same place before or after it that the tracker did not follow.
    func picture(stillIsBackground: Bool = true) -> (pixels: [UInt8], threshold: UInt8) {
        let before = stillIsBackground ? before : nil
        let after = stillIsBackground ? after : nil
        let area = rect.width * rect.height
        guard !crops.isEmpty else { return ([UInt8](repeating: 0, count: area), 128) }
        var median = [UInt8](repeating: 0, count: area)
        var varies = [Bool](repeating: false, count: area)
        var values = [UInt8](repeating: 0, count: crops.count)
        let low = crops.count / 10
        let high = crops.count - 1 - low
        let sameAs = { (still: [UInt8]?, others: [ImageRect], pixel: Int) -> Bool in
            guard let still else { return false }
            let x = pixel % rect.width, y = pixel / rect.width
            return !others.contains { $0.contains(x: x, y: y) } && abs(Int(still[pixel]) - Int(median[pixel])) <= Self.unchanged
        }
        for pixel in 0..<area {
            for index in crops.indices { values[index] = crops[index][pixel] }
            values.sort()
            median[pixel] = values[values.count / 2]
            varies[pixel] = Int(values[high]) - Int(values[low]) > Self.varyingSpread
                || !strokes[pixel] && (sameAs(before, othersBefore, pixel) || sameAs(after, othersAfter, pixel))
        }
        // The steady pixels next to varying ones are the caption's border: their median colour is the fill.
        var border: [Int] = []
        for y in 0..<rect.height {
            for x in 0..<rect.width where !varies[y * rect.width + x] {
                let pixel = y * rect.width + x
                let left = x > 0 && varies[pixel - 1]
                let right = x + 1 < rect.width && varies[pixel + 1]
                let up = y > 0 && varies[pixel - rect.width]
                let down = y + 1 < rect.height && varies[pixel + rect.width]
                if left || right || up || down { border.append(Int(median[pixel])) }
            }
        }
        guard !border.isEmpty else { return (median, GrayLevels.otsuThreshold(median)) }
        let fill = Self.fill(border: border.sorted()[border.count / 2], kept: (0..<area).filter { !varies[$0] }.map { median[$0] })
        for pixel in 0..<area where varies[pixel] { median[pixel] = fill }
        // Dark text on a light ground is what the engine reads best.
        let light = fill < 128 ? median.map { 255 - $0 } : median
        return (light, GrayLevels.otsuThreshold((0..<area).filter { !varies[$0] }.map { light[$0] }))
    }
}
