// Writes indexes and pictures through FrameLens's public writers only: a fixed index in every format,
// compared byte for byte with what `framelens index` writes, and a real one's formats, frame and slides.
import FrameLens
import Foundation

/// A two-cue index as `framelens index --format json` writes it, byte for byte: a slide with markup-like text,
/// then a coloured caption.
let fixedIndexJSON = #"""
    {
      "complete" : true,
      "cues" : [
        {
          "bounds" : {
            "height" : 0.2,
            "width" : 0.5,
            "x" : 0.1,
            "y" : 0.05
          },
          "codes" : [

          ],
          "confidence" : 91.3,
          "detections" : [

          ],
          "end" : 4.2,
          "endFrame" : 105,
          "readTime" : 0.5,
          "start" : 0.04,
          "startFrame" : 1,
          "text" : "# Welcome & <intro>\n1. Fast_start"
        },
        {
          "bounds" : {
            "height" : 0.1,
            "width" : 0.41,
            "x" : 0.3,
            "y" : 0.8
          },
          "codes" : [

          ],
          "color" : "#ffcc00",
          "detections" : [

          ],
          "end" : 12.5,
          "endFrame" : 312,
          "start" : 4.2,
          "startFrame" : 105,
          "text" : "{\\an8} a caption"
        }
      ],
      "from" : 0,
      "height" : 720,
      "to" : 12.5,
      "video" : "/videos/talk.mp4",
      "warnings" : [

      ],
      "width" : 1280
    }

    """#

/// What the other formats of the fixed index are, byte for byte (WebVTT with `position: .text`).
let fixedIndexFiles: [IndexFormat: String] = [
    .srt: """
        1
        00:00:00,040 --> 00:00:04,200
        # Welcome & <\u{200B}intro>
        1. Fast_start

        2
        00:00:04,200 --> 00:00:12,500
        {\\an8} a caption

        """,
    .vtt: """
        WEBVTT

        00:00:00.040 --> 00:00:04.200 line:5.00% position:10.00% size:50.00% align:start
        # Welcome &amp; &lt;intro&gt;
        1. Fast_start

        00:00:04.200 --> 00:00:12.500 line:80.00% position:50.50% size:41.00% align:center
        {\\an8} a caption

        """,
    .ass: """
        [Script Info]
        Title: talk.mp4
        ScriptType: v4.00+
        PlayResX: 1280
        PlayResY: 720
        WrapStyle: 2
        ScaledBorderAndShadow: yes
        YCbCr Matrix: None

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, \
        Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, \
        MarginR, MarginV, Encoding
        Style: Default,Arial,40,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,1,0,2,20,20,20,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:00.04,0:00:04.20,Default,,0,0,0,,{\\an7\\pos(128,36)\\fs65}# Welcome & <intro>\\N1. Fast_start
        Dialogue: 0,0:00:04.20,0:00:12.50,Default,,0,0,0,,{\\an8\\pos(646.4,576)\\fs72\\1c&H00CCFF&}\
        \\{\u{2060}\\\u{2060}an8} a caption

        """,
    .txt: """
        [00:00:00.040 - 00:00:04.200]
        # Welcome & <intro>
        1. Fast_start

        [00:00:04.200 - 00:00:12.500]
        {\\an8} a caption

        """,
    .md: """
        # talk.mp4

        ## 00:00:00.040 - 00:00:04.200

        \\# Welcome \\& \\<intro\\>\\
        1\\. Fast\\_start

        ## 00:00:04.200 - 00:00:12.500

        {\\\\an8} a caption

        """,
]

/// Reads the fixed index and writes it in every format, each byte for byte what `framelens` writes.
func checkFixedIndex() throws {
    let index = try IndexFormat.decodeJSON(Data(fixedIndexJSON.utf8))
    for format in IndexFormat.allCases {
        let text = String(decoding: try format.encode(index, position: .text), as: UTF8.self)
        guard text == fixedIndexFiles[format] ?? fixedIndexJSON else {
            fail("the fixed index as \(format) is not what framelens writes:\n\(text)")
        }
    }
    guard IndexFormat(pathExtension: "WebVTT") == .vtt, IndexFormat(pathExtension: "pdf") == nil else {
        fail("IndexFormat(pathExtension:) names the wrong formats")
    }
}

/// What starts each cue in a format's file, to count the cues written.
let cueMarkers: [IndexFormat: String] = [
    .srt: " --> ", .vtt: " --> ", .ass: "\nDialogue: ", .json: "\"startFrame\" : ", .txt: "]\n", .md: "\n## ",
]

/// Writes a real index in every format (one cue written per cue, JSON reading back the same), the frame at
/// `time` as PNG, and each cue's picture as JPEG.
func checkRealIndex(_ index: VideoIndex, player: VideoPlayer, at time: Timestamp) async throws {
    for format in IndexFormat.allCases {
        let bytes = try format.encode(index, position: .text)
        let written = String(decoding: bytes, as: UTF8.self).components(separatedBy: cueMarkers[format]!).count - 1
        print("\(format.fileExtension): \(bytes.count) bytes, \(written) cues")
        guard written == index.cues.count else { fail("\(written) cues written as \(format), not \(index.cues.count)") }
    }
    let json = try IndexFormat.json.encode(index)
    guard try IndexFormat.json.encode(IndexFormat.decodeJSON(Data(json))) == json else {
        fail("the index's JSON does not read back as itself")
    }
    let picture = try await player.picture(at: time, as: .png)
    guard let shown = await player.currentlyDisplayedFrame?.displaySize,
        picture.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), (picture.width, picture.height) == shown
    else { fail("the picture at \(time.seconds) s is not a PNG of the displayed frame") }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("consumer-slides-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try await SlideExport(index).writeImages(to: folder, as: .jpg)
    let slides = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jpg") }
    print("\(slides.count) slide pictures")
    guard slides.count == index.cues.count else { fail("\(slides.count) slide pictures for \(index.cues.count) cues") }
}

/// Says what went wrong and exits with status 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("consumer: \(message)\n".utf8))
    exit(1)
}
