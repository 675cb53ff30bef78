import Foundation
import Testing
@testable import FrameLens

/// The indexer's quick decoding (B-frames skipped, deblocking left out) against ffmpeg's own frames:
/// what stays exact, and that the cursor never hands out an approximate frame as an exact one.
struct QuickDecodingTests {
    @Test func intraFramesOfAQuickScanAreExactAndTheOthersAreNot() throws {
        let video = try TestMedia.counter()
        let decoder = try VideoDecoder(file: try MediaFile(url: video), streamIndex: 0, threads: 1)
        decoder.skipping = (.bidirectional, .max)
        let result = try Command.run("ffmpeg", ["-nostdin", "-v", "error", "-i", video, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        let frameSize = 320 * 240 * 3
        #expect(result.output.count == 100 * frameSize)
        var intra = 0
        var damaged = 0
        while let frame = try decoder.nextFrame() {
            let pixels = try FrameRenderer.render(frame, as: .rgb24).pixels
            let oracle = Array(result.output[frame.frameNumber * frameSize..<(frame.frameNumber + 1) * frameSize])
            let differing = differingBytes(pixels, oracle)
            if frame.isIntra {
                intra += 1
                #expect(differing == 0, "intra frame \(frame.frameNumber)")
            } else if differing > 0 {
                damaged += 1
            }
        }
        #expect(intra == 2)
        #expect(damaged > 10)
    }

    @Test func anExactFrameAfterAnApproximateLeadIsExact() throws {
        let video = try TestMedia.counter()
        let cursor = FrameCursor(decoder: try VideoDecoder(file: try MediaFile(url: video), streamIndex: 0, threads: 1))
        let quick = try cursor.frame(atTimestamp: cursor.decoder.timestamp(forTime: 1.5), lead: .approximate)
        #expect(quick.frameNumber == 37)
        // I0, the nine P-frames up to 35, then 36 and 37: none of the 27 B-frames before 35.
        #expect(cursor.decoder.framesDecoded == 12 + 1, "the frames decoded, with one of look-ahead")
        // Frame 45 lies in the same group of pictures: decoding on from frame 37 would be cheaper, and wrong.
        let frame = try cursor.frame(at: 1.8)
        #expect(frame.frameNumber == 45)
        let pixels = try FrameRenderer.render(frame, as: .rgb24).pixels
        #expect(differingBytes(pixels, try TestMedia.ffmpegFrame(video, number: 45)) == 0)
    }

    /// The indexer asks for a caption's ends with an approximate lead, and for a picture to read exactly, in
    /// turn. Decoding on from an exact frame, an approximate request stays exact, so the exact one after it
    /// decodes on too instead of seeking back to the group's keyframe.
    @Test func anApproximateLeadDecodedOnFromAnExactFrameStaysExact() throws {
        let video = try TestMedia.counter()
        let cursor = FrameCursor(decoder: try VideoDecoder(file: try MediaFile(url: video), streamIndex: 0, threads: 1))
        #expect(try cursor.frame(at: 0.2).frameNumber == 5)
        let quick = try cursor.frame(atTimestamp: cursor.decoder.timestamp(forTime: 1.5), lead: .approximate)
        #expect(quick.frameNumber == 37)
        #expect(differingBytes(try FrameRenderer.render(quick, as: .rgb24).pixels, try TestMedia.ffmpegFrame(video, number: 37)) == 0)
        let decoded = cursor.decoder.framesDecoded
        let frame = try cursor.frame(at: 1.8)
        #expect(frame.frameNumber == 45)
        #expect(cursor.decoder.framesDecoded - decoded < 10, "decoded on from frame 38 (6 frames), not again from frame 0 (40 or more)")
        #expect(differingBytes(try FrameRenderer.render(frame, as: .rgb24).pixels, try TestMedia.ffmpegFrame(video, number: 45)) == 0)
    }

    /// Decoding order of I0 P4 B2 b1 b3 P8 B6 b5 b7 P12 B10 b9 b11, with P8 three times the usual size.
    @Test func bFramesBeforeNewContentAreDecodedAndTheOthersRecorded() {
        var skips = BidirectionalSkips(longestGap: 4)
        let packets: [(timestamp: Int64, size: Int32, key: Bool)] = [
            (0, 20000, true), (4, 1000, false), (2, 500, false), (1, 300, false), (3, 300, false),
            (8, 3001, false), (6, 500, false), (5, 300, false), (7, 300, false),
            (12, 1100, false), (10, 500, false), (9, 300, false), (11, 300, false),
        ]
        let skipped = packets.filter { skips.skips(timestamp: $0.timestamp, size: $0.size, isKeyframe: $0.key) }
        #expect(skipped.map(\.timestamp) == [2, 1, 3, 10, 9, 11])
        #expect(skips.skippedAny(after: 0, before: 4))
        #expect(!skips.skippedAny(after: 4, before: 8))
        #expect(skips.skippedAny(after: 8, before: 12))
        skips.forget(before: 4)
        #expect(!skips.skippedAny(after: 0, before: 4))
        skips.reset()
        #expect(!skips.skippedAny(after: 8, before: 12))
    }

    /// At a variable frame rate a B-frame may be shown for long: I0 P20 B10 b19 (timestamps in tenths of a
    /// second, longest gap 0.4 s): B10 would be on screen from 1 s up to 2 s, so it is decoded; b19 is not.
    @Test func bFramesShownLongBeforeTheirReferenceAreDecoded() {
        var skips = BidirectionalSkips(longestGap: 4)
        let packets: [(timestamp: Int64, size: Int32, key: Bool)] = [
            (0, 20000, true), (20, 1000, false), (10, 500, false), (19, 300, false),
        ]
        let skipped = packets.filter { skips.skips(timestamp: $0.timestamp, size: $0.size, isKeyframe: $0.key) }
        #expect(skipped.map(\.timestamp) == [19])
    }
}
