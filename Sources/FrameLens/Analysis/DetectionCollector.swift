/// Runs the data detectors over recognised text (block by block, so that addresses may span lines)
/// and over code payloads, recording where each item came from.
struct DetectionCollector {
    let detector: DataDetector

    init(kinds: Set<DataKind>) {
        detector = DataDetector(kinds: kinds)
    }

    func collect(text: RecognizedText?, codes: [DetectedCode]) -> [Detection] {
        var detections: [Detection] = []
        for (blockIndex, block) in (text?.blocks ?? []).enumerated() {
            for match in detector.matches(in: block.text) {
                let line = block.text[..<match.range.lowerBound].filter { $0 == "\n" }.count
                detections.append(detection(match, source: .text(block: blockIndex, line: line)))
            }
        }
        for (codeIndex, code) in codes.enumerated() {
            for match in detector.matches(in: code.payload) {
                detections.append(detection(match, source: .code(index: codeIndex)))
            }
        }
        return detections
    }

    private func detection(_ match: DataMatch, source: Detection.Source) -> Detection {
        Detection(kind: match.kind, text: match.text, value: match.value, attributes: match.attributes, source: source)
    }
}

extension AnalysisOptions {
    /// The data detections in recognised text and code payloads, when the options ask for them.
    func detections(in text: RecognizedText?, codes: [DetectedCode]) -> [Detection] {
        guard features.contains(.detectors) else { return [] }
        return CostLedger.measure(.detectors) { DetectionCollector(kinds: dataKinds).collect(text: text, codes: codes) }
    }
}
