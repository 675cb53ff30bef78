import Foundation
import FrameLens

/// The names `index` of a folder gives each video's outputs: the video's name without its extension
/// (`talk.mp4` -> `talk.srt`, slides in `talk/`), or with it when two videos share that stem (`talk.mp4` and
/// `talk.mkv` -> `talk.mp4.srt` and `talk.mkv.srt`), so that no index is written over another; and never a
/// file of the input folder.
struct FolderOutputNames {
    private let videos: [String]
    private let inputFolder: String
    private let outputFolder: String
    private let fileExtension: String

    /// - Parameters:
    ///   - videos: the names of the folder's videos.
    ///   - fileExtension: the index's (`srt`).
    init(videos: [String], inputFolder: String, outputFolder: String, fileExtension: String) {
        self.videos = videos
        self.inputFolder = inputFolder
        self.outputFolder = outputFolder
        self.fileExtension = fileExtension
    }

    /// The name of a video's outputs, without the index's extension: its stem, unless another video shares it.
    func baseName(of video: String) -> String {
        let stem = Self.stem(video)
        return videos.filter { Self.stem($0) == stem }.count > 1 ? video : stem
    }

    /// The path of a video's index in the output folder.
    ///
    /// - Throws: `OutputError` `.writeFailed` when that path is a file of the input folder (a video's index
    ///   would overwrite it).
    func target(of video: String) throws(OutputError) -> String {
        let target = (outputFolder as NSString).appendingPathComponent(baseName(of: video) + "." + fileExtension)
        let existing = Self.resolved(target)
        let inputs = (try? FileManager.default.contentsOfDirectory(atPath: inputFolder)) ?? []
        if inputs.contains(where: { Self.resolved((inputFolder as NSString).appendingPathComponent($0)) == existing }) {
            throw OutputError(.writeFailed, "its index \(target) would overwrite a file of the folder being indexed")
        }
        return target
    }

    private static func stem(_ name: String) -> String { (name as NSString).deletingPathExtension }

    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
