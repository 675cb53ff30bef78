import Foundation

extension FrameAnalyzer {
    /// Analyses an image FrameLens owns (RGB24 or gray), as a frame at time 0.
    ///
    /// - Parameters:
    ///   - image: the pixels.
    ///   - orientation: how the picture is stored relative to upright; it is read, and positions are given,
    ///     upright.
    ///   - options: what to look for, in which languages, and where.
    /// - Returns: the text, codes and detections, with positions on the upright picture, origin at its top
    ///   left.
    /// - Throws: `AnalysisError` (`.languageNotInstalled`, `.engineFailed`), `MediaError` `.decodeFailed`
    ///   when out of memory.
    public func analyze(
        _ image: PixelImage, orientation: ImageOrientation = .up, options: AnalysisOptions = AnalysisOptions()
    ) async throws -> FrameAnalysis {
        try await analyze(VideoFrame(image: image, orientation: orientation), options: options)
    }

    /// Analyses an image file (PNG, JPEG, BMP, TIFF, ... as FFmpeg's image demuxers read them), or the first
    /// frame of a video.
    ///
    /// - Parameters:
    ///   - path: the file's path, or any URL FFmpeg reads.
    ///   - orientation: how the picture is stored relative to upright; nil for upright (FFmpeg 5.1 does not
    ///     apply a JPEG's EXIF orientation: pass it here).
    ///   - options: what to look for, in which languages, and where.
    /// - Returns: the text, codes and detections, with positions on the upright picture, origin at its top
    ///   left.
    /// - Throws: `MediaError` (`.fileNotFound`, `.emptyFile`, `.notMedia` for a file that is no image, a
    ///   decoding error), `AnalysisError` (`.languageNotInstalled`, `.engineFailed`).
    public func analyze(
        imageAt path: String, orientation: ImageOrientation? = nil, options: AnalysisOptions = AnalysisOptions()
    ) async throws -> FrameAnalysis {
        // Opening, probing and decoding block: off Swift's cooperative pool.
        let frame = try await BlockingWork.run(on: .global(qos: .userInitiated)) { try VideoFrame.firstFrame(ofFileAt: path) }
        return try await analyze(frame, orientation: orientation, options: options)
    }

    /// Analyses an image file given by URL (a `file:` URL or any URL FFmpeg reads).
    ///
    /// - Throws: as `analyze(imageAt:orientation:options:)` with a path.
    public func analyze(
        imageAt url: URL, orientation: ImageOrientation? = nil, options: AnalysisOptions = AnalysisOptions()
    ) async throws -> FrameAnalysis {
        try await analyze(imageAt: url.isFileURL ? url.path : url.absoluteString, orientation: orientation, options: options)
    }
}
