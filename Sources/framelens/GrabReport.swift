import FrameLens

/// The plain-text form of an analysis: the transcript, then the codes, then the data by type.
struct GrabReport {
    let analysis: FrameAnalysis

    init(_ analysis: FrameAnalysis) {
        self.analysis = analysis
    }

    var text: String {
        var sections: [String] = []
        if let transcript = analysis.text?.transcript, !transcript.isEmpty { sections.append(transcript) }
        if !analysis.codes.isEmpty {
            sections.append(analysis.codes.map { "\($0.symbology)  \($0.payload)" }.joined(separator: "\n"))
        }
        let byType = Dictionary(grouping: analysis.detections, by: \.kind)
        let detected = DataKind.allCases.compactMap { kind -> String? in
            guard let items = byType[kind] else { return nil }
            var seen = Set<String>()
            let values = items.map(\.value).filter { seen.insert($0).inserted }
            return values.map { "\(kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \($0)" }
                .joined(separator: "\n")
        }
        if !detected.isEmpty { sections.append(detected.joined(separator: "\n")) }
        return sections.isEmpty ? "(nothing readable on the frame at \(MediaTime.clock(analysis.time.seconds)))"
            : sections.joined(separator: "\n\n")
    }

    /// The reports of several frames, each under a header line with its frame's time and number
    /// (`==> 00:00:15.000 (frame 450) <==`, as `head` heads several files), a blank line between them.
    static func text(of analyses: [FrameAnalysis]) -> String {
        analyses.map { analysis in
            let header = "==> \(MediaTime.clock(analysis.time.seconds, rounding: .up)) (frame \(analysis.frameNumber)) <=="
            return header + "\n" + GrabReport(analysis).text
        }.joined(separator: "\n\n")
    }
}
