// Opens a video, pauses at a time, reads the frame shown, analyses it, indexes the video and writes the index
// and pictures in every format, through FrameLens's public API only; exits non-zero unless each step gives
// what it should.
import FrameLens
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3, let seconds = Double(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: consumer VIDEO SECONDS\n".utf8))
    exit(64)
}
let video = URL(fileURLWithPath: arguments[1])

let player = try VideoPlayer(url: video)
try await player.seek(to: Timestamp(seconds: seconds))
guard let frame = await player.currentlyDisplayedFrame else {
    FileHandle.standardError.write(Data("consumer: no frame shown at \(seconds) s\n".utf8))
    exit(1)
}
print("frame \(frame.frameNumber) at \(frame.presentationTime.seconds) s, \(frame.displaySize.width)x\(frame.displaySize.height)")

let analysis = try await player.analyzeCurrentFrame()
print(analysis.text?.transcript ?? "")
print(analysis.codes.map(\.payload).joined(separator: "\n"))

let srtFile = FileManager.default.temporaryDirectory.appendingPathComponent("consumer-\(getpid()).srt")
defer { try? FileManager.default.removeItem(at: srtFile) }
let index = try await gettingStarted(video: video, srtFile: srtFile)
print("\(index.cues.count) cues, complete: \(index.complete)")
guard index.complete, !index.cues.isEmpty, analysis.text?.transcript.isEmpty == false else { exit(1) }
guard try Data(contentsOf: srtFile) == Data(try IndexFormat.srt.encode(index)) else {
    fail("the SubRip file is not the index's")
}

try checkFixedIndex()
try await checkRealIndex(index, player: player, at: Timestamp(seconds: seconds))
