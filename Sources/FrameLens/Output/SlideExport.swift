import Foundation

/// The pictures an index's cues were read from: each as an image file, or all as one searchable PDF with a
/// page per cue. A cue's picture is the frame a paused player shows at its `pictureTime`, exactly what
/// `framelens frame --at` that time writes; for a cue read from a filmed projection screen (its `screen`),
/// that screen warped to a rectangle, as it was read.
///
/// ```swift
/// let export = try SlideExport(index)
/// try await export.writeImages(to: "slides", as: .png)
/// try await export.writePDF(to: "slides.pdf", locales: ["en"])
/// ```
public struct SlideExport {
    private let index: VideoIndex
    private let player: VideoPlayer

    /// Opens the indexed video again to take its cues' pictures.
    ///
    /// - Parameters:
    ///   - index: the index whose cues' pictures are written; its `video` is opened again.
    ///   - streamIndex: the video stream the index was made from (nil: the first playable one).
    /// - Throws: `MediaError` (missing, not media, no video stream, protected content).
    public init(_ index: VideoIndex, streamIndex: Int? = nil) throws(MediaError) {
        self.index = index
        player = try VideoPlayer(url: index.video, streamIndex: streamIndex)
    }

    /// The time of the frame a cue was read from (its first frame when it has none), rounded up to the
    /// millisecond as printed times are: typed back as `--at`, it shows that frame.
    package static func pictureTime(of cue: Cue) -> String {
        MediaTime.clock((cue.readTime ?? cue.start).seconds, rounding: .up)
    }

    /// The file name of the picture of the `number`th cue (from 1): `0001-00_01_23.456.png`.
    package static func imageName(number: Int, cue: Cue, format: ImageEncoder.FileFormat) -> String {
        String(format: "%04d-", number) + pictureTime(of: cue).replacingOccurrences(of: ":", with: "_") + "."
            + format.fileExtension
    }

    /// Writes each cue's picture into `directory`, created if missing, each file atomically, named by its
    /// cue's number and picture time (`0001-00_01_23.456.png`).
    ///
    /// - Parameters:
    ///   - directory: the folder to write into.
    ///   - format: the pictures' file format.
    /// - Throws: `MediaError` (decoding), `OutputError` (encoding, `.writeFailed`).
    public func writeImages(to directory: String, as format: ImageEncoder.FileFormat) async throws {
        try AtomicFile.createFolder(directory)
        for (offset, cue) in index.cues.enumerated() {
            let name = Self.imageName(number: offset + 1, cue: cue, format: format)
            let path = (directory as NSString).appendingPathComponent(name)
            try AtomicFile.write(try await picture(of: cue, as: format).bytes, to: path)
        }
    }

    /// Writes a searchable PDF with Tesseract's PDF renderer to `path`, atomically: a page per cue, its
    /// picture with the text Tesseract recognises on it as an invisible, selectable layer.
    ///
    /// - Parameters:
    ///   - path: the PDF file's path.
    ///   - locales: the languages to recognise the pages in, as ``AnalysisOptions/locales`` names them.
    /// - Throws: `MediaError` (decoding), `OutputError` (encoding, `.writeFailed`), `AnalysisError` (a missing
    ///   language, the renderer).
    public func writePDF(to path: String, locales: [String] = ["en"]) async throws {
        try await writePDF(to: AtomicFile(path), languages: TesseractLanguages.codes(for: locales))
    }

    /// Writes a searchable PDF with Tesseract's PDF renderer into `file` and commits it: a page per cue, its
    /// picture with the text Tesseract recognises on it as an invisible, selectable layer.
    ///
    /// - Parameters:
    ///   - file: the output, made before indexing so that an unwritable one fails first.
    ///   - languages: the Tesseract languages to recognise the pages in.
    /// - Throws: `MediaError` (decoding), `OutputError` (encoding, `.writeFailed`), `AnalysisError` (a missing
    ///   language, the renderer).
    package func writePDF(to file: AtomicFile, languages: String) async throws {
        // Tesseract loads, reads and writes the pages blocking: on BlockingWork's queue, one call at a time.
        let queue = DispatchQueue.global(qos: .userInitiated)
        let (path, title) = (file.temporaryPath, (index.video as NSString).lastPathComponent)
        let document = try await BlockingWork.run(on: queue) {
            Handover(try SearchablePDF(path: path, title: title, languages: languages))
        }
        for cue in index.cues {
            let png = try await picture(of: cue, as: .png).bytes
            try await BlockingWork.run(on: queue) { try document.value.addPage(png: png) }
        }
        try await BlockingWork.run(on: queue) { try document.value.finish() }
        try file.commit()
    }

    private func picture(of cue: Cue, as format: ImageEncoder.FileFormat) async throws -> FramePicture {
        let time = try MediaTime.parse(Self.pictureTime(of: cue))
        return try await player.picture(at: time, as: format, rectifying: cue.screen)
    }
}
