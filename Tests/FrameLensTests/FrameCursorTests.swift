import Testing
@testable import FrameLens

/// What a frame cursor decodes to find the frame shown at a time.
struct FrameCursorTests {
    /// A cursor that never moved, asked for a frame in a later group of pictures, seeks to that group's keyframe
    /// rather than decoding on from the start of the file (the first question about a line's last frame, late in
    /// a lecture, decoded the whole lecture up to it).
    @Test func aFirstRequestForALaterGroupSeeksToItsKeyframe() throws {
        let video = try TestMedia.counter()
        let cursor = FrameCursor(decoder: try VideoDecoder(file: try MediaFile(url: video), streamIndex: 0, threads: 1))
        let frame = try cursor.frame(at: 3.6)
        #expect(frame.frameNumber == 90)
        #expect(differingBytes(try FrameRenderer.render(frame, as: .rgb24).pixels, try TestMedia.ffmpegFrame(video, number: 90)) == 0)
        #expect(cursor.decoder.framesDecoded <= 41, "\(cursor.decoder.framesDecoded) frames decoded: from the keyframe at 50, at most 41")
    }
}
