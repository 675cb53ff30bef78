/// Carries out the scan's requests (`ScanRequest`) in a task group while the scan goes on: reads pictures
/// on the analyzer's engine pool, leaving out text in moving parts of the picture, and reads other frames
/// of a stretch too when the first reading is unsure (`ReadingConsensus`); pins down where stretches start
/// (`ExactFrames`); makes the captions' cues (`CaptionReader`).
///
/// A few requests run at a time, so memory stays flat whatever the video's length: handing more waits
/// for one to finish. Cancelling the task that runs the scan reaches every request: one not yet begun
/// is not carried out and gives nothing.
struct PictureReader {
    /// A picture to read.
    enum Picture: Sendable {
        /// An intra frame of the scan, exact as it is.
        case scanned(VideoFrame)
        /// The frame at this timestamp, decoded exactly by `ExactFrames` (the scan's own frame may be
        /// damaged by a skipped B-frame).
        case exact(Int64)
        /// Exact frames of a settled filmed picture, averaged (`FrameAverage`).
        case averaged(FrameAverage)
    }

    let analyzer: FrameAnalyzer
    let options: AnalysisOptions
    let exact: ExactFrames
    let captions: CaptionReader
    let trackedCaptions: TrackedCaptionReader

    init(analyzer: FrameAnalyzer, options: AnalysisOptions, exact: ExactFrames) {
        self.analyzer = analyzer
        self.options = options
        self.exact = exact
        captions = CaptionReader(analyzer: analyzer, options: options, exact: exact)
        trackedCaptions = TrackedCaptionReader(analyzer: analyzer, options: options, exact: exact)
    }

    /// What one request gave.
    fileprivate enum Outcome: Sendable {
        case reading(Int, FrameAnalysis)
        /// A reading combined with those of other frames of its stretch.
        case confirmed(Int, FrameAnalysis)
        case start(Int, Boundary)
        case caption(Int, Cue?)
        /// Cancelled before it began.
        case skipped
    }

    /// Runs `scan`, carrying out the requests it hands to `submit` meanwhile, and then the rest.
    ///
    /// - Returns: what `scan` returns, and what the requests gave.
    func carryingOut<Value>(
        _ scan: (_ submit: ([ScanRequest]) async throws -> Void) async throws -> Value
    ) async throws -> (Value, ScanResults) {
        try await withThrowingTaskGroup(of: Outcome.self) { group in
            var results = ScanResults()
            var running = 0
            /// The frames that may confirm a reading, until the reading comes; and the readings asked about.
            var confirming: [Int: [VideoFrame]] = [:]
            var asked: Set<Int> = []
            // Reading and the caption's picture are CPU work: on Swift's pool, not on the scan's queue.
            func start(_ work: @escaping @Sendable () async throws -> Outcome) {
                group.addTask(executorPreference: globalConcurrentExecutor, operation: work)
                running += 1
            }
            /// Reads the other frames of a reading that came unsure, and combines the readings.
            func confirmIfUnsure(_ reading: Int) {
                guard let frames = confirming[reading], let first = results.readings[reading] else { return }
                confirming[reading] = nil
                guard ReadingConsensus.isUnsure(first.text) else { return }
                start { .confirmed(reading, try await confirm(first, with: frames)) }
            }
            func take(_ outcome: Outcome) {
                running -= 1
                results.add(outcome)
                if case .reading(let reading, _) = outcome { confirmIfUnsure(reading) }
            }
            func submit(_ requests: [ScanRequest]) async throws {
                for request in requests {
                    if case .confirm(let reading, let frames) = request {
                        guard asked.insert(reading).inserted else { continue }
                        confirming[reading] = frames
                        confirmIfUnsure(reading)
                        continue
                    }
                    if running > analyzer.enginesPerLanguage, let outcome = try await group.next() { take(outcome) }
                    start { try await carryOut(request) }
                }
            }
            let value = try await scan(submit)
            while let outcome = try await group.next() { take(outcome) }
            return (value, results)
        }
    }

    /// The first reading combined with those of `frames`, word by word. The frames are read at once, on as many
    /// engines as the pool has (the last reading of a video is confirmed while nothing else is left to do).
    private func confirm(_ first: FrameAnalysis, with frames: [VideoFrame]) async throws -> FrameAnalysis {
        let readings = try await withThrowingTaskGroup(of: (Int, FrameAnalysis).self) { group in
            for (index, frame) in frames.enumerated() {
                group.addTask { [analyzer, options] in (index, try await analyzer.analyze(frame, options: options)) }
            }
            var readings = [FrameAnalysis?](repeating: nil, count: frames.count)
            for try await (index, reading) in group { readings[index] = reading }
            return readings.compactMap { $0 }
        }
        var texts = [first.text ?? RecognizedText(blocks: [])]
        var codes = first.codes
        for reading in readings {
            texts.append(reading.text ?? RecognizedText(blocks: []))
            codes += reading.codes.filter { code in !codes.contains { $0.payloadBase64 == code.payloadBase64 } }
        }
        let text = ReadingConsensus.combine(texts)
        let detections = options.detections(in: text, codes: codes)
        return FrameAnalysis(
            time: first.time, pts: first.pts, timeBase: first.timeBase, frameNumber: first.frameNumber, width: first.width,
            height: first.height, languages: first.languages, locales: first.locales, text: text, codes: codes,
            detections: detections, screen: first.screen)
    }

    private func carryOut(_ request: ScanRequest) async throws -> Outcome {
        do {
            switch request {
            case .read(let picture, let reading, let motion, let filmed):
                let frame =
                    switch picture {
                    case .scanned(let frame): frame
                    case .exact(let pts): try await exact.run { try $0.frame(atTimestamp: pts) }
                    case .averaged(let average): try average.averaged()
                    }
                var options = options
                options.ignoredRegions += motion
                options.isFilmed = filmed
                return .reading(reading, try await analyzer.analyze(frame, options: options))
            case .confirm:
                preconditionFailure("a confirmation starts once its first reading is in (carryingOut)")
            case .findStart(let stretch, let unchanged, let changed, let detector, let shape):
                return .start(stretch, try await exact.run { cursor in
                    try firstChangedFrame(after: unchanged, upTo: changed, detector: detector, shape: shape, in: cursor)
                })
            case .caption(let caption, let number, let end):
                return .caption(number, try await captions.cue(for: caption, rangeEnd: end))
            case .trackedCaption(let caption, let number, let start, let end):
                return .caption(number, try await trackedCaptions.cue(for: caption, rangeStart: start, rangeEnd: end))
            }
        } catch is CancellationError {
            return .skipped
        }
    }
}

extension ScanResults {
    fileprivate mutating func add(_ outcome: PictureReader.Outcome) {
        switch outcome {
        case .reading(let number, let analysis): readings[number] = analysis
        case .confirmed(let number, let analysis): readings[number] = analysis
        case .start(let stretch, let boundary): starts[stretch] = boundary
        case .caption(let number, let cue): captions[number] = cue
        case .skipped: break
        }
    }
}
