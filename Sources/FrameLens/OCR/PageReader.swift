/// Reads the text of a gray image: lays each region out, reads every part of the plan (`ReadingPlan`) at
/// its scale, then reads light text on dark backgrounds (`DarkBackground`) the same way; and, where
/// `secondReading` asks, reads the places where that reading is unsure (`UnsurePlaces`), or the whole region, with
/// Tesseract's own page layout too and keeps, place by place, the reading that reads more (`SecondReading`).
struct PageReader {
    /// Where a second reading with Tesseract's own page layout runs.
    enum SecondReadingScope {
        /// Nowhere: a caption's clean picture, one line or two the plan reads whole.
        case nowhere
        /// Where the plan's reading is unsure (`UnsurePlaces`): a frame of a video made on a computer.
        case whereUnsure
        /// The whole region: a filmed screen, whose noise and blur leave every line unsure.
        case everywhere
    }

    let engine: TesseractEngine
    let image: LumaImage
    /// Words below this confidence (0-1) are dropped.
    let minimumConfidence: Double
    /// Where Tesseract's own page layout reads the region a second time, as a second candidate.
    var secondReading = SecondReadingScope.whereUnsure
    /// Whether large type is laid out again at the resolution its lines give (`layout(of:)`). A caption's
    /// clean picture is not: one line or two in a band, it has no columns to find, and on the held-out
    /// Korean caption video the second layout lost a caption (13 of 16 found, against 14).
    var fitsLayoutToType = true

    /// Recognises the text in some rectangles of the image.
    ///
    /// - Parameters:
    ///   - rectangles: the parts to read, in image pixels.
    ///   - ignored: parts of the picture whose text is not wanted: dark areas mostly inside them are not
    ///     re-read as light text.
    func read(_ rectangles: [ImageRect], ignoring ignored: [NormalizedRect]) -> [RecognizedBlock] {
        rectangles.flatMap { rect -> [RecognizedBlock] in
            guard rect.width > 0, rect.height > 0 else { return [] }
            let picture = GrayPicture(image, rect)
            let laidOut = engine.layout(of: picture)
            let planned = readPlanned(rect, laidOut: laidOut, ignoring: ignored)
            let places = switch secondReading {
            case .nowhere: [ImageRect]()
            case .everywhere: [rect]
            case .whereUnsure:
                UnsurePlaces.places(
                    laidOut: laidOut.filter(\.isText).map { (picture.imageRect($0.bounds), $0.lines.map(picture.imageRect)) },
                    planned: planned.flatMap(\.lines).map { line in
                        line.words.map { (image.pixelRect($0.bounds.normalized), $0.confidence) }
                    },
                    within: rect)
            }
            return places.isEmpty ? planned : SecondReading.choose(planned: planned, page: places.flatMap(readPage))
        }
    }

    /// The lines a text detector found (`TextDetector`), each read as a block `scale` times larger, as one
    /// block top to bottom; none when nothing is read. `orFill`: each line is read again as its lightest shade
    /// alone (`GrayPicture.fill`: white letters outlined over footage), and the surer reading stands.
    func read(lines boxes: [ImageRect], scale: Double, orFill: Bool = false) -> [RecognizedBlock] {
        let picture = GrayPicture(image, ImageRect(x: 0, y: 0, width: image.width, height: image.height))
        let lines = boxes.flatMap { read(part: $0, of: picture, scale: scale, orFill: orFill) }
        return lines.isEmpty ? [] : [RecognizedBlock(lines: lines)]
    }

    /// The plan's reading of a rectangle laid out at a screen's resolution as `laidOut`, with light text on its dark
    /// areas read inverted.
    private func readPlanned(_ rect: ImageRect, laidOut: [LayoutBlock], ignoring ignored: [NormalizedRect]) -> [RecognizedBlock] {
        var blocks = read(GrayPicture(image, rect), laidOut: laidOut)
        let darkAreas = image.withPlane { DarkBackground.areas(in: $0, within: rect) }
        for dark in darkAreas where image.bounds(dark).fractionCovered(by: ignored) < 0.5 {
            let inverted = image.withPlane { DarkBackground.lightTextAsDark(of: $0, rect: dark) }
            var picture = GrayPicture(owned: inverted, width: dark.width, height: dark.height, showing: dark, scale: 1)
            picture.needsLocalThreshold = true
            let light = read(picture)
            blocks = Self.merge(blocks, light)
        }
        return blocks
    }

    /// A place read with Tesseract's own page layout, as the `tesseract` command reads a picture: only
    /// its lines that are surely text (`Clutter.isSurelyText`), since the plan's layout left the others out
    /// for a reason (a diagram's labels, a logo).
    private func readPage(_ rect: ImageRect) -> [RecognizedBlock] {
        let picture = GrayPicture(image, rect)
        return engine.recognizePage(picture).compactMap { lines in
            let read = lines.filter(Clutter.isSurelyText).compactMap { line(of: $0, in: picture) }
            return read.isEmpty ? nil : RecognizedBlock(lines: read)
        }
    }

    /// Lays a picture out (unless its layout at a screen's resolution is known) and reads each part of its plan
    /// as a block.
    private func read(_ picture: GrayPicture, laidOut: [LayoutBlock]? = nil) -> [RecognizedBlock] {
        let units = ReadingPlan.units(layout(of: picture, first: laidOut), width: picture.width, height: picture.height)
        return units.reduce(into: []) { blocks, unit in
            guard let block = read(unit, of: picture) else { return }
            // Neighbouring parts overlap by their margins: a line read twice is kept once.
            blocks = Self.merge(blocks, [block], keepingOrder: true)
        }
    }

    /// Tesseract's layout of a picture: laid out at a screen's resolution first, and again at the resolution
    /// its lines give (`ReadingPlan.resolution`) where the lines as the video shows them (before a short
    /// frame's upscaling) give at least twice a screen's: large type on a full-HD slide, where a screen's
    /// resolution makes the gaps between Hangul words column gutters. (Laid out again, an upscaled 480p
    /// slide's lines came in another order.) The second layout stands only where its text lines span at least
    /// as much as the first's: it may find no text at all (a short frame's one boxed line).
    private func layout(of picture: GrayPicture, first known: [LayoutBlock]? = nil) -> [LayoutBlock] {
        let first = known ?? engine.layout(of: picture)
        guard fitsLayoutToType else { return first }
        let lineHeight = ReadingPlan.median(first.filter(\.isText).flatMap(\.lines).map(\.height))
        let shown = Int(Double(lineHeight) / (picture.scale * image.scale.y))
        guard ReadingPlan.resolution(lineHeight: shown) >= 2 * TesseractEngine.screenResolution else { return first }
        let second = engine.layout(of: picture, resolution: ReadingPlan.resolution(lineHeight: lineHeight))
        return Self.textSpan(second) >= Self.textSpan(first) ? second : first
    }

    /// How much text a layout found: the widths of its text lines, added up.
    private static func textSpan(_ layout: [LayoutBlock]) -> Int {
        layout.filter(\.isText).flatMap(\.lines).reduce(0) { $0 + $1.width }
    }

    /// Reads one unit of a picture's plan as a block: its part, or its columns with their lines in rows.
    private func read(_ unit: ReadingPlan.Unit, of picture: GrayPicture) -> RecognizedBlock? {
        let columns = unit.parts.map { read(part: $0, of: picture, scale: unit.scale) }
        let lines = unit.isTable ? Self.inRows(columns.flatMap { $0 }) : columns.flatMap { $0 }
        return lines.isEmpty ? nil : RecognizedBlock(lines: lines)
    }

    /// The lines of one part of a picture, read as a uniform block `scale` times larger.
    private func read(
        part rect: ImageRect, of picture: GrayPicture, scale: Double, orFill: Bool = false
    ) -> [RecognizedLine] {
        let part = picture.part(picture.imageRect(rect), scale: picture.scale * scale)
        let plain = engine.recognizeBlock(part)
        guard orFill, let fill = part.fill() else { return plain.compactMap { line(of: $0, in: part) } }
        let filled = engine.recognizeBlock(fill)
        return Self.sureness(filled) > Self.sureness(plain)
            ? filled.compactMap { line(of: $0, in: fill) } : plain.compactMap { line(of: $0, in: part) }
    }

    /// How sure a reading is: its words' confidence, each counted by its characters.
    private static func sureness(_ lines: [[EngineWord]]) -> Double {
        let words = lines.joined()
        let characters = words.reduce(0) { $0 + $1.text.count }
        return characters == 0 ? 0 : words.reduce(0) { $0 + $1.confidence * Double($1.text.count) } / Double(characters)
    }

    /// A line the engine read in a picture, on the displayed picture, without its uncertain words, its
    /// clutter and its bullet; nil when nothing is left.
    private func line(of words: [EngineWord], in picture: GrayPicture) -> RecognizedLine? {
        let words = words.indices.map { i in
            latinReading(
                of: words[i], after: i > 0 ? words[i - 1] : nil, before: i + 1 < words.count ? words[i + 1] : nil,
                in: picture) ?? words[i]
        }
        let kept = words.filter { $0.confidence >= minimumConfidence }.map { word in
            RecognizedWord(
                text: word.text, confidence: word.confidence, bounds: image.bounds(picture.imageRect(word.bounds)),
                spaceBefore: word.spaceBefore)
        }
        guard let text = Clutter.text(of: kept, vouchedFor: Clutter.vouchesForText(words.filter { $0.confidence >= minimumConfidence }))
        else { return nil }
        return RecognizedLine(words: BulletMarker.isMarker(text) ? Array(text.dropFirst()) : text)
    }

    /// Below this confidence a word of a language that embeds Latin words (Korean, Japanese, Chinese) is read
    /// again in English alone: their models read a Latin word (`Unstable`, `dpkg`) as Hangul or digits, with
    /// no confidence at all.
    static let unreadConfidence = 0.7
    /// The English reading replaces the word when at least this confident, at least `latinLength`
    /// characters long, and Latin letters, digits or punctuation alone. (A kanji read at low confidence
    /// read in English as `BH`, 85 % sure.)
    static let latinConfidence = 0.85
    static let latinLength = 3

    /// A word the engine could not read, read in English alone where its languages embed Latin words
    /// (`TesseractEngine.recognizeLatinWord`) in each of its `latinParts`; of the readings that are clearly
    /// Latin, the longest (a part cut inside the word reads as surely as the whole: `dsele`, `dselect`), or nil
    /// when none is.
    private func latinReading(
        of word: EngineWord, after previous: EngineWord?, before next: EngineWord?, in picture: GrayPicture
    ) -> EngineWord? {
        guard word.confidence < Self.unreadConfidence else { return nil }
        let readings = Self.latinParts(of: word.bounds, after: previous?.bounds, before: next?.bounds).compactMap { rect in
            engine.recognizeLatinWord(picture.part(
                picture.imageRect(rect.clamped(width: picture.width, height: picture.height)), scale: picture.scale))
        }
        guard let latin = readings.filter(Self.isClearlyLatin).max(by: { ($0.text.count, $0.confidence) < ($1.text.count, $1.confidence) })
        else { return nil }
        return EngineWord(text: latin.text, confidence: latin.confidence, bounds: word.bounds, spaceBefore: word.spaceBefore)
    }

    /// Whether an English reading is clearly a Latin word: `latinConfidence` sure, `latinLength` long, and
    /// Latin letters, digits or punctuation alone.
    private static func isClearlyLatin(_ word: EngineWord) -> Bool {
        word.confidence >= latinConfidence && word.text.count >= latinLength
            && word.text.unicodeScalars.allSatisfy { $0.isASCII && !$0.properties.isWhitespace }
    }

    /// The parts of a line read again in English for a word: its box with a margin of a quarter of its
    /// height, starting no further left than the end of the word before it; and, where the next word's box
    /// starts inside it, ending at the next word's start and at every quarter of the height after it. The
    /// recogniser's boxes of a Latin word and the Hangul after it overlap, and neither box ends where the
    /// letters do: in a caption's `dselect에서` the Korean model read `05616` over `dselect` and part of `에`,
    /// then `어` from inside `ct`; English read the whole as `dselectOl|` (0.4 % sure), up to `어` as `dsele`, and
    /// two quarters later as `dselect` (93 %).
    static func latinParts(of word: ImageRect, after previous: ImageRect?, before next: ImageRect?) -> [ImageRect] {
        let margin = max(2, word.height / 4)
        var left = word.x - margin
        if let previous, previous.x + previous.width < word.x + word.width { left = max(left, previous.x + previous.width) }
        let right = word.x + word.width + margin
        var ends = [right]
        if let next, next.x > word.x, next.x < right {
            ends = Array(stride(from: next.x, to: right, by: margin)) + [right]
        }
        return ends.filter { $0 - left >= word.width / 3 }.map {
            ImageRect(x: left, y: word.y - margin, width: $0 - left, height: word.height + 2 * margin)
        }
    }

    /// A table's lines in rows, top to bottom, each row one line of its cells left to right: a line whose
    /// middle lies within half a line of a row's first line joins that row.
    static func inRows(_ lines: [RecognizedLine]) -> [RecognizedLine] {
        let byMiddle = lines.sorted { $0.bounds.pixels.y + $0.bounds.pixels.height / 2 < $1.bounds.pixels.y + $1.bounds.pixels.height / 2 }
        var rows: [[RecognizedLine]] = []
        for line in byMiddle {
            let middle = line.bounds.pixels.y + line.bounds.pixels.height / 2
            if let first = rows.last?.first,
               abs(middle - (first.bounds.pixels.y + first.bounds.pixels.height / 2))
                   <= min(first.bounds.pixels.height, line.bounds.pixels.height) / 2 {
                rows[rows.count - 1].append(line)
            } else {
                rows.append([line])
            }
        }
        return rows.map { row in
            row.count == 1 ? row[0] : RecognizedLine(words: row.sorted { $0.bounds.pixels.x < $1.bounds.pixels.x }.flatMap(\.words))
        }
    }

    /// Two readings of overlapping parts: where a line of one overlaps a line of the other, the line that
    /// reads more (characters weighted by confidence) stays; a block of the second that overlaps one of
    /// the first joins it, the others go where they belong from top to bottom, or after the first's when
    /// `keepingOrder`.
    static func merge(_ first: [RecognizedBlock], _ second: [RecognizedBlock], keepingOrder: Bool = false) -> [RecognizedBlock] {
        let weight = SecondReading.weight
        func keeping(_ blocks: [RecognizedBlock], against others: [RecognizedBlock], onTie keep: Bool) -> [RecognizedBlock] {
            let rivals = others.flatMap(\.lines)
            return blocks.compactMap { block in
                let kept = block.lines.filter { line in
                    !rivals.contains { rival in
                        rival.bounds.pixels.overlapsMostly(line.bounds.pixels)
                            && (weight(rival) > weight(line) || (weight(rival) == weight(line) && !keep))
                    }
                }
                if kept.count == block.lines.count { return block }
                return kept.isEmpty ? nil : RecognizedBlock(lines: kept)
            }
        }
        var merged = keeping(first, against: second, onTie: true)
        for block in keeping(second, against: first, onTie: false) {
            // Lines of the same column read in two passes (a dark slide's, light and dark) become one
            // block, in rows top to bottom (a table's stay in its rows).
            if let same = merged.firstIndex(where: { $0.bounds.pixels.intersects(block.bounds.pixels) }) {
                merged[same] = RecognizedBlock(lines: Self.inRows(merged[same].lines + block.lines))
                continue
            }
            let position = keepingOrder ? merged.endIndex
                : merged.firstIndex { $0.bounds.pixels.y > block.bounds.pixels.y } ?? merged.endIndex
            merged.insert(block, at: position)
        }
        return merged
    }
}
