@_spi(Diagnostics) import FrameLens
import Foundation

/// Indexes a video at one sampling interval and prints the most decoded frames (`LiveObjects.frames`) alive
/// at once while it did, and the peak resident memory: what `index` keeps must not grow with the interval.
func indexPeak(video: String, interval: Double) async throws {
    // The reading engines' own frames and models are not what is measured: they are made first.
    try await FrameAnalyzer.shared.prepare(languages: AnalysisOptions().languages)
    LiveObjects.resetPeaks()
    let indexer = try VideoIndexer(url: video, options: VideoIndexer.Options(interval: Timestamp(seconds: interval)))
    let index = try await indexer.run()
    print("index at interval \(interval): \(index.cues.count) cues, peak live frames \(LiveObjects.peaks.frames), "
        + "peak resident \(String(format: "%.0f", residentMiB("VmHWM") ?? 0)) MiB")
}
