/// PP-OCR's line recogniser (CRNN with CTC): the text of one line's picture, character by character, with
/// each character's confidence and place.
///
/// The line is resized to `inputHeight` pixels high keeping its shape (at least `minimumWidth` wide, the
/// rest mid-grey), as PaddleOCR's `resize_norm_img` sizes one line; the model gives, for each of its time
/// steps (a column band), a probability per character of its dictionary (index 0 is CTC's blank); greedy
/// decoding keeps each step's likeliest character, dropping blanks and repeats.
struct TextLineRecognizer {
    static let inputHeight = 48
    static let minimumWidth = 320

    let session: OnnxRuntime.Session
    /// The model's characters: blank, its dictionary, then a space (PaddleOCR's `use_space_char`).
    let characters: [String]

    /// A recogniser whose dictionary is the text of `dictionary`, a character a line.
    ///
    /// - Throws: `AnalysisError` `.engineFailed` when the dictionary cannot be read.
    init(session: OnnxRuntime.Session, dictionary: String) throws(AnalysisError) {
        guard let text = try? String(contentsOfFile: dictionary, encoding: .utf8) else {
            throw AnalysisError(.engineFailed, "cannot read the PP-OCR recogniser's dictionary \(dictionary)")
        }
        self.session = session
        let entries = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        characters = ["blank"] + (entries.last == "" ? entries.dropLast() : entries[...]) + [" "]
    }

    /// One character read: where it lies across the line (0...1 of the line's width) and how sure the model is.
    struct Character {
        let text: String
        let start: Double
        let end: Double
        let confidence: Double
    }

    /// The characters of the line pictured by `image`.
    func read(_ image: PixelImage) throws(AnalysisError) -> [Character] {
        // PaddleOCR pads to the wider of minimumWidth and the line's width at inputHeight (rounded down), and
        // fills it with the line resized to the line's width rounded up, or to the whole padded width.
        let shape = Double(image.width) / Double(image.height)
        let width = max(Self.minimumWidth, Int(Double(Self.inputHeight) * shape))
        let scaledWidth = min(width, max(1, Int((Double(Self.inputHeight) * shape).rounded(.up))))
        let input = PPOCRTensor.planes(of: image, size: (scaledWidth, Self.inputHeight), width: width)
        let output = try CostLedger.measure(.ppocrRecognition, pixels: width * Self.inputHeight) { () throws(AnalysisError) in
            try session.run(input, shape: [1, 3, Self.inputHeight, width])
        }
        guard output.shape.count == 3, output.shape[2] == characters.count else {
            throw AnalysisError(.engineFailed, "the text recogniser's output has shape \(output.shape), not [1, T, \(characters.count)]")
        }
        let steps = output.shape[1]
        // Each step covers width / steps input columns; the line's picture fills scaledWidth of them.
        let stepShare = Double(width) / Double(steps) / Double(scaledWidth)
        var read: [Character] = []
        var previous = 0
        for step in 0..<steps {
            let row = output.values[(step * characters.count)..<((step + 1) * characters.count)]
            let best = row.indices.max { row[$0] < row[$1] }! - step * characters.count
            defer { previous = best }
            guard best != 0, best != previous else { continue }
            read.append(Character(
                text: characters[best], start: min(1, Double(step) * stepShare), end: min(1, Double(step + 1) * stepShare),
                confidence: Double(row[row.startIndex + best])))
        }
        return read
    }
}
