// The code of the DocC article "Getting started" (Sources/FrameLens/FrameLens.docc/GettingStarted.md), word for
// word (DocumentationTests checks): building this package compiles it, and `consumer` runs it.
import FrameLens
import Foundation

/// Pauses `video` at 0:15 and reads the frame shown, indexes the video and writes the index as SubRip to `srtFile`.
func gettingStarted(video: URL, srtFile: URL) async throws -> VideoIndex {
    let player = try VideoPlayer(url: video)
    try await player.seek(to: Timestamp(seconds: 15))
    if let frame = await player.currentlyDisplayedFrame {
        print("frame \(frame.frameNumber) at \(frame.presentationTime.seconds) s")
    }
    let analysis = try await player.analyzeCurrentFrame()
    print(analysis.text?.transcript ?? "")
    for detection in analysis.detections { print(detection.kind, detection.value) }

    let index = try await VideoIndexer(url: video, options: .init()).run()
    for cue in index.cues { print(cue.start.seconds, cue.end.seconds, cue.text) }

    let subtitles = try IndexFormat.srt.encode(index)
    try Data(subtitles).write(to: srtFile)
    return index
}
