import Foundation
import Testing

/// A lecture filmed by a camera in the room: the projected slides seen at an angle on a darker wall, soft,
/// darker at the edges, with sensor noise that changes every frame, a hand-held camera's slow drift and a
/// step in exposure. The drift, the noise and the exposure are no change; each slide is one cue from its
/// change, read.
struct FilmedLectureTests {
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let titles = ["Alpha opens the lecture", "Bravo shows the method", "Charlie sums it up"]

    /// Three slides of 3 s (a title each, and a line they share) projected onto a 720x440 wall at an angle
    /// (`perspective`), filmed at 640x360 and 25 fps: blurred, a step in exposure at 4.5 s, vignetted, the
    /// camera drifting (`crop` moving with t), temporal noise, H.264 crf 28.
    static func lecture() throws -> String {
        let slides = titles.enumerated().map { index, title in
            "drawtext=fontfile=\(font):text='\(title)':fontsize=34:x=40:y=80"
                + ":enable='between(t,\(index * 3),\(index * 3 + 3))'"
        }
        let screen = (slides + [
            "drawtext=fontfile=\(font):text='projected at an angle':fontsize=28:x=40:y=200",
            "eq=contrast=0.7:brightness=-0.03", "format=yuva444p", "pad=520:400:20:20:color=black@0",
            "perspective=x0=60:y0=40:x1=480:y1=10:x2=30:y2=380:x3=510:y3=400:sense=destination",
        ]).joined(separator: ",")
        let camera = [
            "gblur=sigma=1", "eq=brightness='0.05*gte(t,4.5)':eval=frame", "vignette=angle=PI/5",
            "crop=640:360:x='40+8*sin(2*PI*t/6)':y='20+5*sin(2*PI*t/5+1)'", "noise=alls=10:allf=t",
            "format=yuv420p",
        ].joined(separator: ",")
        return try TestMedia.make("filmed-lecture.mp4", [
            "-f", "lavfi", "-i", "color=c=white:s=480x360:r=25:d=9",
            "-f", "lavfi", "-i", "color=c=0x2a2724:s=720x440:r=25",
            "-filter_complex", "[0]\(screen)[screen];[1][screen]overlay=100:20,\(camera)",
            "-t", "9", "-c:v", "libx264", "-crf", "28", "-pix_fmt", "yuv420p",
        ])
    }

    @Test func everySlideOfAFilmedLectureIsOneCueFromItsChange() throws {
        let cues = try VariableFrameRateTests.cues(try Self.lecture())
        #expect(cues.count == Self.titles.count, "\(cues)")
        for (index, cue) in cues.enumerated() where index < Self.titles.count {
            #expect(abs(cue.start - Double(index * 3)) <= 0.5, "\(cue)")
            #expect(cue.text.contains(Self.titles[index]), "\(cue)")
            #expect(cue.text.contains("projected at an angle"), "\(cue)")
        }
    }
}
