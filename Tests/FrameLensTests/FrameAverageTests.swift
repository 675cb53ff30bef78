import Foundation
import Testing

@testable import FrameLens

/// Averaging the frames of a filmed picture: each is laid back over the first at the shift the camera drifted
/// by, found to the pixel; the noise that changes every frame falls with the count; a frame that shows something
/// else (a person in front of the screen) is left out.
struct FrameAverageTests {
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// The frame a dark person-sized bar stands in.
    static let occluded = 4

    /// Nine frames of lines of text and boxes on a gray wall seen through a 640x360 window that moves by
    /// (3, -2) pixels a frame (cut from 4:4:4 planes, so that odd moves stay exact), coded losslessly (FFV1,
    /// gray); `noise`: ffmpeg's noise that changes every frame. Frame `occluded` has a dark bar across it.
    static func drifting(noise: Int) throws -> String {
        let lines = ["Registered frames", "average their noise", "away, 40 levels of it"].enumerated().map {
            "drawtext=fontfile=\(font):text='\($0.element)':fontsize=30:x=90:y=\(100 + 60 * $0.offset):fontcolor=0x101010"
        }
        let filters = lines + [
            "drawbox=x=500:y=90:w=120:h=150:color=0xE0E0E0:t=fill", "drawbox=x=520:y=300:w=60:h=40:color=black:t=8",
            "crop=640:360:x='40+3*n':y='40-2*n'",
            "drawbox=x=250:y=0:w=140:h=360:color=0x181818:t=fill:enable='eq(n,\(occluded))'",
        ] + (noise > 0 ? ["noise=alls=\(noise):allf=t"] : [])
        return try TestMedia.make("drifting-\(noise).mkv", [
            "-f", "lavfi", "-i", "color=c=0x808080:s=760x460:r=25", "-frames:v", "9",
            "-vf", "format=yuv444p," + filters.joined(separator: ","), "-c:v", "ffv1", "-pix_fmt", "gray",
        ])
    }

    static func frames(_ video: String) throws -> [VideoFrame] {
        let cursor = FrameCursor(decoder: try VideoDecoder(file: try MediaFile(url: video), streamIndex: 0, threads: 1))
        var frames: [VideoFrame] = []
        while let frame = try cursor.step() { frames.append(frame) }
        return frames
    }

    /// The mean absolute difference of two frames' luma, 24 pixels in from the edges (where the average repeats
    /// the edge for what drifted out of the picture).
    static func meanDifference(_ a: VideoFrame, _ b: VideoFrame) -> Double {
        a.withLumaPlane { a in
            b.withLumaPlane { b in
                var total = 0, count = 0
                for y in 24..<(a.height - 24) {
                    for x in 24..<(a.width - 24) {
                        total += abs(Int(a[x, y]) - Int(b[x, y]))
                        count += 1
                    }
                }
                return Double(total) / Double(count)
            }
        }
    }

    @Test func driftedFramesAreLaidBackAtTheirExactShift() throws {
        let frames = try Self.frames(try Self.drifting(noise: 40))
        #expect(frames.count == 9)
        var average = try #require(FrameAverage(frames[0], try Thumbnail(frames[0])))
        for (n, frame) in frames.enumerated().dropFirst() {
            let shift = average.add(frame, try Thumbnail(frame))
            if n == Self.occluded {
                #expect(shift == nil, "frame \(n), with a bar across it, is left out")
            } else {
                #expect(shift.map { [$0.dx, $0.dy] } == [-3 * n, 2 * n], "frame \(n)")
            }
        }
        #expect(average.count == 8)
    }

    @Test func theAverageHoldsLessNoiseThanAFrame() throws {
        let clean = try Self.frames(try Self.drifting(noise: 0))[0]
        let noisy = try Self.frames(try Self.drifting(noise: 40))
        var average = try #require(FrameAverage(noisy[0], try Thumbnail(noisy[0])))
        for frame in noisy.dropFirst() { average.add(frame, try Thumbnail(frame)) }
        let averaged = try average.averaged()
        #expect(averaged.pts == noisy[0].pts && averaged.width == 640 && averaged.height == 360)
        let alone = Self.meanDifference(noisy[0], clean), together = Self.meanDifference(averaged, clean)
        // Eight frames: about 1/√8 of the noise.
        #expect(together < 0.45 * alone, "one frame \(alone) levels from the clean picture, the average \(together)")
    }
}
