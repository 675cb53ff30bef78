/// Finds captions burned into moving video: text strokes that appear together in one frame, in a
/// compact text-line-shaped patch, and then hold still while the picture around them moves.
///
/// Every frame the scan decodes is looked at, at a reduced resolution (`StrokeMap`). Each working pixel
/// remembers since which frame its value has held (within `steadiness` levels). A caption's strokes all
/// take their new values in its first frame, and keep them until it goes; a pedestrian's or a moving
/// camera's edges come and go at scattered times. So once the strokes born in one frame have held for
/// `hold` seconds and they lie close together in a patch wider than tall, and not taller than a few lines,
/// they are a caption, starting at
/// the frame they were born in. It lasts while most of those strokes keep their values, and ends at the
/// first frame where they do not (the caption went, or another replaced it). Frames showing it are
/// gathered into a `CaptionConsensus` to read it once, cleanly.
struct CaptionTracker {
    /// How long new strokes must hold before they count as a caption.
    static let hold = 0.3
    /// A working pixel holds while it stays within this many levels of the value it took.
    static let steadiness = 20
    /// A caption's strokes change by at least this many levels as it appears (a picture's texture
    /// re-encoded around it changes less).
    static let appearance = 64
    /// Working pixels per side of the tiles strokes are grouped in.
    static let tile = 8
    /// A tile takes part in a caption when at least this many of its pixels are newborn strokes.
    static let strokesPerTile = 8
    /// A caption's strokes fill at least this share of each row's span from its first stroke to its last
    /// (over a whole box, two centred lines of different lengths leave much of it empty).
    static let rowDensity = 0.14
    /// They also fill at least this share of the box around them (scattered edges of moving things span rows
    /// too, but leave most of their box empty).
    static let boxDensity = 0.06
    /// A caption is a few lines: text born together over more of the frame's height than this is a page
    /// (a new slide), which the scan's settled pictures read; tracking it would read it twice.
    static let tallestShare = 0.35
    /// The fewest newborn strokes a caption has.
    static let fewestStrokes = 30
    /// A caption is shown while at least this share of its strokes keep their values.
    static let shownShare = 0.5
    /// A frame where at least this share of the working pixels jump sharply, and `cutRise` times as many
    /// as in the frame before, is a shot change: every edge of the new shot is born there, and captions'
    /// edges over the changed picture are born again. (Where the picture changes this much in every frame,
    /// water or foliage, no frame stands out as a cut.)
    static let cutShare = 0.1
    static let cutRise = 3
    /// Strokes born again at a shot change this soon after a caption appeared still belong to it.
    static let cutGrace = 0.1

    /// A frame the scan decoded, in the order decoded.
    struct SeenFrame: Sendable {
        let pts: Int64
        let time: Double
        let frameNumber: Int
    }

    /// A caption's strokes: working pixels and the values they hold while it is shown.
    struct Strokes: Sendable {
        let factor: Int
        let pixels: [Int]
        let values: [UInt8]

        /// The share of the strokes that `map` shows with their values.
        func shownShare(in map: StrokeMap) -> Double {
            guard map.factor == factor, !pixels.isEmpty else { return 0 }
            var shown = 0
            for (pixel, value) in zip(pixels, values) where abs(Int(map.luma[pixel]) - Int(value)) <= 2 * steadiness {
                shown += 1
            }
            return Double(shown) / Double(pixels.count)
        }
    }

    /// A caption that has gone: the frames around its start and end, where it was, and its frames.
    struct Caption: Sendable {
        /// The last frame without it (nil at the start of the scan) and the first with it.
        let before: SeenFrame?
        let first: SeenFrame
        /// The last frame with it and the first without it (nil when the scan ended).
        let last: SeenFrame
        let after: SeenFrame?
        let strokes: Strokes
        let consensus: CaptionConsensus
        /// Where it is, in coded pixels of the frame (turned upright).
        let frameWidth: Int
        let frameHeight: Int
        /// The shown width of the frame's pixels over their height (1 for square pixels).
        let pixelShape: Double
    }

    /// The frames seen lately, by their index since the tracker began; older ones are forgotten, so that
    /// memory does not grow with the video's length.
    private struct SeenFrames {
        private var first = 0
        private var kept: [SeenFrame] = []

        /// The index the next frame gets.
        var count: Int { first + kept.count }

        subscript(index: Int) -> SeenFrame { kept[index - first] }

        mutating func append(_ frame: SeenFrame) { kept.append(frame) }

        /// Forgets the frames before index `index`.
        mutating func forget(before index: Int) {
            let dropped = min(max(0, index - first), kept.count)
            kept.removeFirst(dropped)
            first += dropped
        }
    }

    /// A caption still on screen.
    private struct Showing {
        let born: Int
        /// The last frame without it (nil at the start of the scan) and the first with it.
        let before: SeenFrame?
        let first: SeenFrame
        /// Where it is, in working pixels.
        let rect: ImageRect
        let strokes: Strokes
        var consensus: CaptionConsensus
        var last: SeenFrame
        /// Born at a shot change, where the new shot's own edges are born too: a caption with more strokes
        /// born at its place soon after is the real one, and takes its place.
        let atCut: Bool
    }

    /// The regions to index (empty: the whole picture) and those to ignore.
    private let regions: [NormalizedRect]
    private let ignored: [NormalizedRect]
    /// The working pixels to look at; nil for all.
    private var watched: [Bool]?
    private var frames = SeenFrames()
    /// The index of the first frame looked at since the tracker began or last paused: no strokes are born in it.
    private var firstFrame = 0
    private var previous: [UInt8] = []
    private var birth: [Int] = []
    /// Whether each working pixel's value changed by at least `appearance` levels at its birth.
    private var bigBirth: [Bool] = []
    /// Each working pixel's birth before its last one, when that one was big (else -1).
    private var bigBirthBefore: [Int] = []
    /// How many pixels jumped sharply in each recent frame (by index): a frame where none did gives birth
    /// to no caption, and its strokes need not be looked at.
    private var sharpJumps: [Int: Int] = [:]
    /// The recent frames (by index) that are shot changes (`cutShare`).
    private var cuts: Set<Int> = []
    private var showing: [Showing] = []
    /// The frames decoded lately, for a caption found to have been born among them: those shown less than
    /// `hold` before the last one, and the frame before them (a bounded number of frames, however long the
    /// tracker runs).
    private var recent: [(index: Int, frame: VideoFrame)] = []
    /// The captions gone less than `hold` ago, with the first frame without them: until then another
    /// caption found to have taken their place in that frame may still turn up.
    private var leaving: [(index: Int, after: SeenFrame, caption: Showing)] = []
    private var frameSize = (width: 0, height: 0)
    private var pixelShape = 1.0

    init(regions: [NormalizedRect], ignoring ignored: [NormalizedRect]) {
        self.regions = regions
        self.ignored = ignored
    }

    /// Which working pixels of a map this size lie in the regions and outside the ignored ones.
    private func watchedPixels(width: Int, height: Int) -> [Bool]? {
        guard !regions.isEmpty || !ignored.isEmpty else { return nil }
        let inside = { (x: Double, y: Double, rect: NormalizedRect) in
            x >= rect.x && x <= rect.x + rect.width && y >= rect.y && y <= rect.y + rect.height
        }
        return (0..<(width * height)).map { pixel in
            let x = (Double(pixel % width) + 0.5) / Double(width)
            let y = (Double(pixel / width) + 0.5) / Double(height)
            return (regions.isEmpty || regions.contains { inside(x, y, $0) }) && !ignored.contains { inside(x, y, $0) }
        }
    }

    /// Looks at the next decoded frame; returns the captions that it shows have gone.
    mutating func observe(_ frame: VideoFrame) -> [Caption] {
        guard let frame = frame.upright(), let map = StrokeMap(frame, factor: StrokeMap.factor(forWidth: frame.width))
        else { return [] }
        let index = frames.count
        frames.append(SeenFrame(pts: frame.pts, time: frame.time, frameNumber: frame.frameNumber))
        if previous.count != map.luma.count {
            previous = map.luma
            birth = [Int](repeating: index, count: map.luma.count)
            bigBirth = [Bool](repeating: false, count: map.luma.count)
            bigBirthBefore = [Int](repeating: -1, count: map.luma.count)
            frameSize = (frame.width, frame.height)
            pixelShape = frame.sampleAspectRatio.doubleValue > 0 ? frame.sampleAspectRatio.doubleValue : 1
            watched = watchedPixels(width: map.width, height: map.height)
        }
        var sharp = 0
        for pixel in map.luma.indices {
            let jump = abs(Int(map.luma[pixel]) - Int(previous[pixel]))
            if jump > Self.steadiness {
                bigBirthBefore[pixel] = bigBirth[pixel] ? birth[pixel] : -1
                birth[pixel] = index
                bigBirth[pixel] = jump >= Self.appearance
                if bigBirth[pixel] { sharp += 1 }
            }
        }
        previous = map.luma
        sharpJumps[index] = sharp
        if Double(sharp) >= Self.cutShare * Double(map.luma.count) && sharp >= Self.cutRise * (sharpJumps[index - 1] ?? 0) {
            cuts.insert(index)
        }
        showing = showing.filter { caption in
            guard caption.strokes.shownShare(in: map) < Self.shownShare else { return true }
            var caption = caption
            caption.consensus.setAfter(frame)
            leaving.append((index, frames[index], caption))
            return false
        }
        for index in showing.indices {
            showing[index].consensus.add(frame)
            showing[index].last = frames[frames.count - 1]
        }
        recent.append((index, frame))
        for born in newlyHeldBirths(at: index) { show(found(bornAt: born, in: map)) }
        // The next frame's births are among the frames shown less than `hold` before this one.
        if let youngest = recent.firstIndex(where: { frame.time - $0.frame.time < Self.hold }) {
            recent.removeFirst(max(0, youngest - 1))
        }
        sharpJumps = sharpJumps.filter { frame.time - frames[$0.key].time < 2 * Self.hold }
        cuts = cuts.filter { frame.time - frames[$0].time < 2 * Self.hold }
        let now = frame.time
        let gone = leaving.filter { now - $0.after.time >= Self.hold }
        leaving.removeAll { now - $0.after.time >= Self.hold }
        frames.forget(before: oldestNeededFrame)
        return gone.map { finished($0.caption, after: $0.after) }
    }

    /// The oldest frame (by index) still looked up: the recent frames, and those with jumps or cuts.
    private var oldestNeededFrame: Int {
        ([recent.first?.index, sharpJumps.keys.min(), cuts.min()].compactMap { $0 }.min() ?? frames.count) - 1
    }

    /// Whether a caption is on screen, or gone too lately to be handed out: the tracker must go on looking
    /// at every frame until it is not.
    var isTracking: Bool { !showing.isEmpty || !leaving.isEmpty }

    /// The scan will skip frames, the tracker showing nothing: what it learnt of the frames so far is
    /// forgotten, and the next frame it looks at starts afresh, as the first did (no strokes are born in it).
    mutating func pause() {
        guard !isTracking, !previous.isEmpty else { return }
        previous = []
        sharpJumps = [:]
        cuts = []
        recent = []
        frames.forget(before: frames.count)
        firstFrame = frames.count
    }

    /// The captions still on screen, or gone too lately to be handed out, when the scan ends.
    mutating func finish() -> [Caption] {
        defer {
            showing = []
            leaving = []
        }
        return leaving.map { finished($0.caption, after: $0.after) } + showing.map { finished($0, after: nil) }
    }

    /// Adds captions just found to those showing. One over a caption born at a shot change replaces it when
    /// it has more strokes (the shot's edges were taken for a caption, and the caption came after), and is
    /// dropped otherwise (the picture moving behind a caption).
    private mutating func show(_ found: [Showing]) {
        for caption in found {
            let covered = { (other: Showing) in other.atCut && other.rect.intersects(caption.rect) }
            guard !showing.contains(where: { covered($0) && $0.strokes.pixels.count > caption.strokes.pixels.count })
            else { continue }
            showing.removeAll(where: covered)
            showing.append(caption)
        }
    }

    /// The frames whose newborn values have just held for `hold` seconds, as of frame `index`, earliest first.
    private func newlyHeldBirths(at index: Int) -> [Int] {
        guard index > firstFrame else { return [] }
        let now = frames[index].time
        let before = frames[index - 1].time
        var births: [Int] = []
        var born = index - 1
        while born > firstFrame && before - frames[born].time < Self.hold {
            if now - frames[born].time >= Self.hold { births.append(born) }
            born -= 1
        }
        return births.reversed()
    }

    /// The captions among the strokes born at frame `born` that have held since: tiles dense with them,
    /// grouped with their neighbours (a gap of one tile between words, lines one above the other).
    /// A shot change just after `born` gives some of a caption's strokes a second birth (where the picture
    /// behind them changed): strokes born big at `born` and again at such a shot change count.
    private mutating func found(bornAt born: Int, in map: StrokeMap) -> [Showing] {
        guard sharpJumps.removeValue(forKey: born) ?? 0 > 0 else { return [] }
        let columns = map.width / Self.tile
        let rows = map.height / Self.tile
        guard columns > 0, rows > 0 else { return [] }
        var newborn = [Bool](repeating: false, count: map.luma.count)
        var tileCounts = [Int](repeating: 0, count: columns * rows)
        func mark(_ isNewborn: (Int) -> Bool) {
            for pixel in map.luma.indices where isNewborn(pixel) && watched?[pixel] != false && map.isStroke(pixel) {
                let x = pixel % map.width
                let y = pixel / map.width
                guard x / Self.tile < columns, y / Self.tile < rows, !isShowing(x, y) else { continue }
                newborn[pixel] = true
                tileCounts[(y / Self.tile) * columns + x / Self.tile] += 1
            }
        }
        mark { birth[$0] == born && bigBirth[$0] }
        let rebirths = cuts.filter { $0 > born && frames[$0].time - frames[born].time <= Self.cutGrace }
        if !rebirths.isEmpty { mark { bigBirthBefore[$0] == born && rebirths.contains(birth[$0]) } }
        var seen = [Bool](repeating: false, count: columns * rows)
        var groups: [[Int]] = []
        for start in tileCounts.indices where tileCounts[start] >= Self.strokesPerTile && !seen[start] {
            var stack = [start]
            seen[start] = true
            var group: [Int] = []
            while let tile = stack.popLast() {
                group.append(tile)
                let tx = tile % columns
                let ty = tile / columns
                for dy in -1...1 {
                    for dx in -2...2 {
                        let nx = tx + dx
                        let ny = ty + dy
                        guard nx >= 0, ny >= 0, nx < columns, ny < rows else { continue }
                        let neighbour = ny * columns + nx
                        if !seen[neighbour] && tileCounts[neighbour] >= Self.strokesPerTile {
                            seen[neighbour] = true
                            stack.append(neighbour)
                        }
                    }
                }
            }
            groups.append(group)
        }
        return Self.joined(groups, columns: columns).compactMap {
            caption(ofTiles: $0, columns: columns, newborn: newborn, map: map, born: born)
        }
    }

    /// Groups of tiles joined when they are parts of one text: side by side on the same rows, a gap of at
    /// most twice their height and a tile (words the tiles split apart), or one above the other with a gap
    /// of at most their height (lines).
    private static func joined(_ groups: [[Int]], columns: Int) -> [[Int]] {
        typealias Extent = (left: Int, top: Int, right: Int, bottom: Int)
        let extent = { (group: [Int]) -> Extent in
            (group.map { $0 % columns }.min()!, group.map { $0 / columns }.min()!,
             group.map { $0 % columns }.max()!, group.map { $0 / columns }.max()!)
        }
        let near = { (a: Extent, b: Extent) -> Bool in
            let height = max(a.bottom - a.top, b.bottom - b.top) + 1
            let rowsShared = min(a.bottom, b.bottom) - max(a.top, b.top) + 1
            let columnsShared = min(a.right, b.right) - max(a.left, b.left) + 1
            return (rowsShared > 0 && -columnsShared <= 2 * height + 1) || (columnsShared > 0 && -rowsShared <= height)
        }
        var groups = groups
        var merged = true
        while merged {
            merged = false
            outer: for i in groups.indices {
                for j in groups.indices where j > i && near(extent(groups[i]), extent(groups[j])) {
                    groups[i] += groups.remove(at: j)
                    merged = true
                    break outer
                }
            }
        }
        return groups
    }

    /// A group of tiles as a caption, if its newborn strokes are many and dense and lie in a patch wider
    /// than tall.
    private mutating func caption(
        ofTiles group: [Int], columns: Int, newborn: [Bool], map: StrokeMap, born: Int
    ) -> Showing? {
        // The group's tiles, and those just above and below them: the tops of capitals and the tails of
        // letters are too few to fill a tile of their own.
        let members = Set(group)
        let tiles = group + group.flatMap { [$0 - columns, $0 + columns] }.filter {
            $0 >= 0 && $0 < columns * (map.height / Self.tile) && !members.contains($0)
        }
        var left = Int.max, top = Int.max, right = -1, bottom = -1
        var pixels: [Int] = []
        var rowSpans: [Int: (first: Int, last: Int)] = [:]
        for tile in Set(tiles) {
            let tx = tile % columns * Self.tile
            let ty = tile / columns * Self.tile
            for y in ty..<(ty + Self.tile) {
                for x in tx..<(tx + Self.tile) where newborn[y * map.width + x] {
                    pixels.append(y * map.width + x)
                    left = min(left, x)
                    right = max(right, x)
                    top = min(top, y)
                    bottom = max(bottom, y)
                    let span = rowSpans[y] ?? (x, x)
                    rowSpans[y] = (min(span.first, x), max(span.last, x))
                }
            }
        }
        let width = right - left + 1
        let height = bottom - top + 1
        let spanned = rowSpans.values.reduce(0) { $0 + $1.last - $1.first + 1 }
        guard pixels.count >= Self.fewestStrokes else { return nil }
        guard Double(width) >= 1.5 * Double(height), Double(height) <= Self.tallestShare * Double(map.height),
              Double(pixels.count) >= Self.rowDensity * Double(spanned),
              Double(pixels.count) >= Self.boxDensity * Double(width * height)
        else { return nil }
        // Letters the caption shares with the one before it at the same place are not newborn: a line's
        // height more on either side.
        let margin = max(2, height / 3)
        let side = max(margin, min(height, 2 * Self.tile))
        (left, right) = Self.widened(left: left, right: right, rows: top...bottom, within: side, newborn: newborn, width: map.width)
        let x = max(0, left - side)
        let y = max(0, top - margin)
        let rect = ImageRect(x: x, y: y, width: min(map.width, right + side + 1) - x, height: min(map.height, bottom + margin + 1) - y)
        let f = map.factor
        let crop = rect.scaled(by: f)
        // The strokes and what is next to them are the caption, even where it looks like what was there
        // before (white text over a white wall).
        var strokeArea = [Bool](repeating: false, count: crop.width * crop.height)
        for pixel in pixels {
            let px = pixel % map.width - rect.x
            let py = pixel / map.width - rect.y
            for y in max(0, (py - 1) * f)..<min(crop.height, (py + 2) * f) {
                for x in max(0, (px - 1) * f)..<min(crop.width, (px + 2) * f) { strokeArea[y * crop.width + x] = true }
            }
        }
        var consensus = CaptionConsensus(
            rect: crop, strokes: strokeArea, before: recent.last { $0.index == born - 1 }?.frame,
            showingOthersAt: replaced(by: rect, at: born, factor: f))
        for seen in recent where seen.index >= born { consensus.add(seen.frame) }
        return Showing(
            born: born, before: frames[born - 1], first: frames[born], rect: rect,
            strokes: Strokes(factor: f, pixels: pixels, values: pixels.map { map.luma[$0] }),
            consensus: consensus, last: frames[frames.count - 1], atCut: cuts.contains(born))
    }

    /// A caption's left and right ends moved out over the newborn strokes on its rows that lie within
    /// `reach` of them, again and again: a line's first or last letters in tiles too sparse to count.
    static func widened(
        left: Int, right: Int, rows: ClosedRange<Int>, within reach: Int, newborn: [Bool], width: Int
    ) -> (left: Int, right: Int) {
        let isNewborn = { (x: Int) in rows.contains { newborn[$0 * width + x] } }
        var (left, right) = (left, right)
        while let x = (max(0, left - reach)..<left).first(where: isNewborn) { left = x }
        while let x = ((right + 1)..<min(width, right + reach + 1)).last(where: isNewborn) { right = x }
        return (left, right)
    }

    /// The places (in coded pixels, `factor` per working pixel) of the captions that went at frame `born`,
    /// where a caption at `rect` (in working pixels) born then took their place: the frame before it shows
    /// them, not the picture behind it. Each shows the new caption in its frame after.
    private mutating func replaced(by rect: ImageRect, at born: Int, factor: Int) -> [ImageRect] {
        var places: [ImageRect] = []
        for index in leaving.indices where leaving[index].index == born {
            let other = leaving[index].caption.rect
            guard other.intersects(rect) else { continue }
            leaving[index].caption.consensus.setAfterShowsOther(at: rect.scaled(by: factor))
            places.append(other.scaled(by: factor))
        }
        return places
    }

    /// Whether a working pixel lies in a caption showing that was not born at a shot change.
    private func isShowing(_ x: Int, _ y: Int) -> Bool {
        showing.contains { !$0.atCut && $0.rect.contains(x: x, y: y) }
    }

    private func finished(_ caption: Showing, after: SeenFrame?) -> Caption {
        Caption(
            before: caption.before, first: caption.first, last: caption.last, after: after, strokes: caption.strokes,
            consensus: caption.consensus, frameWidth: frameSize.width, frameHeight: frameSize.height,
            pixelShape: pixelShape)
    }
}
