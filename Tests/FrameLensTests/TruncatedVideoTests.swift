import Foundation
import Testing
@testable import FrameLens

/// A video cut short is told by where its data ends, whatever the decoder's threads: FFmpeg's H.264
/// decoder rejects the packet the cut leaves half there with one thread, and drops it without an error
/// with several, so the decoder's account of the damage cannot tell.
struct TruncatedVideoTests {
    /// An MP4 (moov first, 4 s at 25 fps with B-frames, a keyframe every second) cut inside a packet, or
    /// exactly after packet 40, so that no packet is cut and only the index tells that packets are missing.
    /// Either way the frames up to 1.72 s (frame 43, shown before the B-frames whose packets are lost) remain.
    static func cut(atPacketBoundary: Bool) throws -> String {
        let whole = try TruncationFixture.whole()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let end = atPacketBoundary ? try TruncationFixture.endOfPacket(40, of: whole) : bytes.count * 2 / 5
        let path = TestMedia.path(atPacketBoundary ? "cut-at-packet.mp4" : "cut-in-packet.mp4")
        try bytes.prefix(end).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: [1, 4], [false, true])
    func aCutShortVideoBreaksOffWhateverTheThreads(threads: Int, atPacketBoundary: Bool) throws {
        let path = try Self.cut(atPacketBoundary: atPacketBoundary)
        let cursor = FrameCursor(decoder: try VideoDecoder(file: try MediaFile(url: path), streamIndex: 0, threads: threads))
        #expect(cursor.decoder.threadCount == threads)
        let frame = try cursor.frame(at: 3.5)
        #expect(frame.time <= 1.72)
        #expect(cursor.decoder.file.readError == MediaFile.cutShort)
        let error = #expect(throws: MediaError.self) { try cursor.checkNotCutShort(frame, requested: 3.5) }
        #expect(error?.message == "\(path) is truncated or damaged: its video breaks off at \(MediaTime.clock(frame.time)), before 00:00:03.500")
    }

    @Test(arguments: [1, 4])
    func theWholeVideoEndsCleanly(threads: Int) throws {
        let cursor = FrameCursor(decoder: try VideoDecoder(
            file: try MediaFile(url: try TruncationFixture.whole()), streamIndex: 0, threads: threads))
        let frame = try cursor.frame(at: 3.99)
        #expect(frame.frameNumber == 99)
        #expect(try cursor.step() == nil)
        #expect(cursor.reachedEnd && cursor.decoder.file.readError == nil)
        try cursor.checkNotCutShort(frame, requested: 3.99)
    }

    @Test func frameAndIndexTellAVideoCutAtAPacketBoundary() throws {
        let path = try Self.cut(atPacketBoundary: true)
        let frame = try Command.framelens(["frame", path, "--at", "3.5", "-o", TestMedia.path("cut.png")])
        #expect(frame.status == 8)
        #expect(frame.errorText == "framelens: \(path) is truncated or damaged: its video breaks off at 00:00:01.720, before 00:00:03.500\n")
        let output = TestMedia.path("cut.json")
        let index = try Command.framelens(["index", path, "--types", "codes", "-o", output])
        #expect(index.status == 12)
        #expect(index.errorText.hasSuffix("breaks off at 00:00:01.760 (the file is cut short); indexed up to there\n"), "\(index.errorText)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any]
        #expect(json?["complete"] as? Bool == false)
    }

    /// A Matroska file has no index at its end to tell that data is missing, and its demuxer drops the cluster
    /// the cut leaves half there without a word: the duration its header declares tells.
    @Test func aMatroskaFileCutShortIsTold() throws {
        let whole = try TestMedia.make("truncation-whole.mkv", [
            "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=4", "-c:v", "libx264", "-g", "25",
        ])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let path = TestMedia.path("cut.mkv")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        let frame = try Command.framelens(["frame", path, "--at", "3.5", "-o", TestMedia.path("cut-mkv.png")])
        #expect(frame.status == 8)
        #expect(frame.errorText.hasPrefix("framelens: \(path) is truncated or damaged: its video breaks off at 00:00:0"))
        #expect(frame.errorText.hasSuffix(", before 00:00:03.500\n"))
        let index = try Command.framelens(["index", path, "--types", "codes", "-o", TestMedia.path("cut-mkv.json")])
        #expect(index.status == 12)
        #expect(index.errorText.hasSuffix("(the file is cut short); indexed up to there\n"), "\(index.errorText)")
    }

    /// A video stream that ends before the audio does is whole: its last frame stays on screen to the end, as
    /// in a player, and the index runs to the file's end.
    @Test(arguments: ["mkv", "mp4"])
    func aVideoThatEndsBeforeItsAudioIsNotCutShort(container: String) throws {
        let path = try TestMedia.make("short-video-long-audio.\(container)", [
            "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=4", "-f", "lavfi", "-i", "sine=d=7",
            "-c:v", "libx264", "-g", "25", "-c:a", "aac",
        ])
        let frame = try Command.framelens(["frame", path, "--at", "6", "-o", TestMedia.path("after-video.png")])
        #expect(frame.status == 0, "\(frame.errorText)")
        #expect(frame.text.contains(" at 00:00:03.9"), "the last frame: \(frame.text)")
        let output = TestMedia.path("short-video-long-audio-\(container).json")
        let index = try Command.framelens(["index", path, "--types", "codes", "-o", output])
        #expect(index.status == 0, "\(index.errorText)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any]
        #expect(json?["complete"] as? Bool == true)
        #expect((json?["to"] as? Double).map { $0 >= 7 } == true, "\(json?["to"] ?? "")")
    }
}

/// The video `TruncatedVideoTests` cuts, and where its packets end (ffprobe as the oracle).
enum TruncationFixture {
    static func whole() throws -> String {
        try TestMedia.make("truncation-whole.mp4", [
            "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=4", "-c:v", "libx264", "-g", "25", "-movflags", "+faststart",
        ])
    }

    /// The byte just past packet `number` (0-based, in file order) of the video stream.
    static func endOfPacket(_ number: Int, of video: String) throws -> Int {
        let result = try Command.run("ffprobe", [
            "-v", "error", "-select_streams", "v", "-show_entries", "packet=pos,size", "-of", "csv=p=0", video,
        ])
        let fields = result.text.split(separator: "\n")[number].split(separator: ",").compactMap { Int($0) }
        guard fields.count == 2 else { throw CommandFailure(command: "ffprobe", output: result.text) }
        return fields[0] + fields[1]
    }
}
