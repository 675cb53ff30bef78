import Foundation
import Testing

@testable import FrameLens

/// A lecture filmed by a camera in the room: the projected slides seen at an angle on a darker wall, soft,
/// darker at the edges, with sensor noise that changes every frame, a hand-held camera's slow drift and a
/// step in exposure. The drift, the noise and the exposure are no change; each slide is one cue from its
/// change, read.
struct FilmedLectureTests {
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let titles = ["Alpha opens the lecture", "Bravo shows the method", "Charlie sums it up"]

    /// Slides of `seconds` each (a title each, `titleSize` pixels high, and a line they share) projected onto a
    /// 720x440 wall at an angle (`perspective`), filmed at 640x360 and 25 fps: blurred, a step in exposure at 4.5 s,
    /// vignetted, the camera drifting (`crop` moving with t), temporal noise (`noise`: ffmpeg's `alls`), H.264
    /// crf 28. `crossing`: the seconds in which a person-sized dark shape walks across the wall, in front of the
    /// screen.
    static func lecture(
        _ name: String, titles: [String] = titles, seconds: Int = 3, crossing: ClosedRange<Double>? = nil,
        noise: Int = 10, titleSize: Int = 34
    ) throws -> String {
        let duration = titles.count * seconds
        let slides = titles.enumerated().map { index, title in
            "drawtext=fontfile=\(font):text='\(title)':fontsize=\(titleSize):x=40:y=80"
                + ":enable='between(t,\(index * seconds),\(index * seconds + seconds))'"
        }
        let screen = (slides + [
            "drawtext=fontfile=\(font):text='projected at an angle':fontsize=28:x=40:y=200",
            "eq=contrast=0.7:brightness=-0.03", "format=yuva444p", "pad=520:400:20:20:color=black@0",
            "perspective=x0=60:y0=40:x1=480:y1=10:x2=30:y2=380:x3=510:y3=400:sense=destination",
        ]).joined(separator: ",")
        let person = crossing.map { walk in
            let speed = 870 / (walk.upperBound - walk.lowerBound)
            return "[wall][2]overlay=x='-150+(t-\(walk.lowerBound))*\(speed)':y=0"
                + ":enable='between(t,\(walk.lowerBound),\(walk.upperBound))'[seen];"
        } ?? ""
        let filmed = crossing == nil ? "[wall]" : "[seen]"
        let camera = [
            "gblur=sigma=1", "eq=brightness='0.05*gte(t,4.5)':eval=frame", "vignette=angle=PI/5",
            "crop=640:360:x='40+8*sin(2*PI*t/6)':y='20+5*sin(2*PI*t/5+1)'", "noise=alls=\(noise):allf=t",
            "format=yuv420p",
        ].joined(separator: ",")
        return try TestMedia.make(name, [
            "-f", "lavfi", "-i", "color=c=white:s=480x360:r=25:d=\(duration)",
            "-f", "lavfi", "-i", "color=c=0x2a2724:s=720x440:r=25",
        ] + (crossing == nil ? [] : ["-f", "lavfi", "-i", "color=c=0x181818:s=150x440:r=25"]) + [
            "-filter_complex", "[0]\(screen)[screen];[1][screen]overlay=100:20[wall];\(person)\(filmed)\(camera)",
            "-t", "\(duration)", "-c:v", "libx264", "-crf", "28", "-pix_fmt", "yuv420p",
        ])
    }

    @Test func everySlideOfAFilmedLectureIsOneCueFromItsChange() throws {
        let cues = try VariableFrameRateTests.cues(try Self.lecture("filmed-lecture.mp4"))
        #expect(cues.count == Self.titles.count, "\(cues)")
        for (index, cue) in cues.enumerated() where index < Self.titles.count {
            #expect(abs(cue.start - Double(index * 3)) <= 0.5, "\(cue)")
            #expect(cue.text.contains(Self.titles[index]), "\(cue)")
            #expect(cue.text.contains("projected at an angle"), "\(cue)")
        }
    }

    /// Once the scan sees the camera drift, it keeps the frames others refer to: the frames it decodes while a
    /// person crosses are ffmpeg's own, where leaving out x264's reference B-frames damages them.
    @Test func theScanDecodesAFilmedPictureWithoutDamage() throws {
        let video = try Self.lecture(
            "filmed-crossing.mp4", titles: Self.twoTitles, seconds: 6, crossing: 1.5...4.3)
        let numbers = 100...124
        let expected = try TestMedia.ffmpegFrames(video, numbers: numbers, width: 640, height: 360)
        #expect(expected.count == numbers.count)
        for keepsReferences in [false, true] {
            let decoder = try VideoDecoder(file: try MediaFile(url: video), streamIndex: 0, threads: 1)
            decoder.skipping = (.bidirectional, .max)
            decoder.keepsReferences = keepsReferences
            var compared = 0, damaged = 0
            while let frame = try decoder.nextFrame(), frame.frameNumber <= numbers.upperBound {
                guard numbers.contains(frame.frameNumber) else { continue }
                compared += 1
                let pixels = try FrameRenderer.render(frame, as: .rgb24).pixels
                if pixels != expected[frame.frameNumber - numbers.lowerBound] { damaged += 1 }
            }
            #expect(compared >= 6, "keeping references: \(keepsReferences)")
            #expect((damaged == 0) == keepsReferences, "keeping references: \(keepsReferences), \(damaged) of \(compared) damaged")
        }
    }

    /// The titles of a two-slide lecture of 6-s slides, and each slide's text as drawn.
    static let twoTitles = ["Alpha opens the lecture", "Bravo shows the method"]
    static let twoSlides = twoTitles.map { "\($0)\nprojected at an angle" }

    /// The cues of a lecture of `twoTitles`, 6 s each.
    static func twoSlideCues(
        _ name: String, crossing: ClosedRange<Double>? = nil, titleSize: Int = 34
    ) throws -> [(start: Double, frame: Int, text: String)] {
        try VariableFrameRateTests.cues(
            try lecture(name, titles: twoTitles, seconds: 6, crossing: crossing, titleSize: titleSize))
    }

    /// A person walking in front of the screen is motion, not a slide change: the slide it crossed is still one
    /// cue, read without the person.
    @Test func aPersonCrossingTheScreenLeavesTheSlideOneCue() throws {
        let cues = try Self.twoSlideCues("filmed-crossing.mp4", crossing: 1.5...4.3)
        #expect(cues.map(\.start) == [0, 6], "\(cues)")
        #expect(cues.map(\.text) == Self.twoSlides, "\(cues)")
    }

    /// Two slides that differ only in a small title look the same at the size of a thumbnail under the blur, as
    /// two code slides of one layout do: the second is no return to the first but a slide of its own, since its
    /// reading tells them apart (`ScreenReturns.readAlike`).
    @Test func aSlideAlikeInLayoutToTheOneBeforeIsACueOfItsOwn() throws {
        let cues = try Self.twoSlideCues("filmed-small-titles.mp4", titleSize: 18)
        #expect(cues.map(\.start) == [0, 6], "\(cues)")
        #expect(cues.map(\.text) == Self.twoSlides, "\(cues)")
    }

    /// Slides held long enough for the camera's drift to move their titles' strokes: the caption tracker takes a
    /// title up for a while, but text the slide's reading holds is the screen's, and no cue is split around it.
    @Test func aTitleTheCameraDriftsUnderIsNoCaption() throws {
        let cues = try Self.twoSlideCues("filmed-held.mp4")
        #expect(cues.map(\.start) == [0, 6], "\(cues)")
        #expect(cues.map(\.text) == Self.twoSlides, "\(cues)")
    }

    /// Over three times the sensor noise: the last slide is read exactly, from the average of its frames laid over
    /// each other (`FrameAverage`, whose own tests show the noise falling).
    @Test func aNoisySlideIsReadFromTheAverageOfItsFrames() async throws {
        let video = try Self.lecture("filmed-noisy.mp4", seconds: 4, noise: 34)
        let index = try await VideoIndexer(url: video, options: .init()).run()
        let cue = try #require(index.cues.first { $0.start.seconds <= 10 && $0.end.seconds > 10 }, "\(index.cues)")
        #expect(cue.text == "Charlie sums it up\nprojected at an angle")
    }
}
