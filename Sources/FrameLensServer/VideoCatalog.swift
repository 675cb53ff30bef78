import Foundation
import FrameLens

/// A video the server was told to serve, known by an id; requests name the id, never a path.
public struct ServedVideo: Sendable, Encodable {
    /// A short URL-safe name: the file's name in lower case, letters, digits and `-` only.
    public let id: String
    /// The file's name, for people.
    public let name: String
    /// The file, as resolved when the server started (symlinks followed).
    let path: String
    /// Its duration, nil when unknown.
    public let duration: Timestamp?
    /// Its streams, as `probe --json` lists them.
    public let streams: [StreamInfo]
    /// Whether every video stream is protected (DRM): then nothing is decoded or analysed.
    public let protected: Bool
    /// The nominal frame rate of the stream shown, for stepping frame by frame.
    public let frameRate: Double?

    private enum CodingKeys: String, CodingKey {
        case id, name, duration, streams, protected, frameRate
    }
}

/// The videos named on the command line, the videos in the folders named there, and a library's videos.
public struct VideoCatalog: Sendable {
    /// The videos, in the order they were named (a folder's in name order), then the library's by path.
    public let videos: [ServedVideo]
    /// The library's videos that are not served (their file is gone, or is no longer a video), each with
    /// the reason.
    public let skipped: [(path: String, reason: String)]
    /// The ids of the videos by the path they were named by, and by their resolved path.
    private let idsByPath: [String: String]

    /// Finds the videos to serve.
    ///
    /// - Parameters:
    ///   - paths: files and folders. A folder contributes the files in it that are media with a video stream;
    ///     a symlink in a folder counts only if it points inside that folder.
    ///   - libraryVideos: a library's video files (absolute paths): each is served unless it is one named
    ///     in `paths` already, or it cannot be (then it is listed in `skipped`).
    /// - Throws: `MediaError` for a named file that is missing or not a video, or when no video is found.
    public init(paths: [String], libraryVideos: [String] = []) throws(MediaError) {
        var videos: [ServedVideo] = []
        var usedIDs = Set<String>()
        var ids: [String: String] = [:]
        var skipped: [(path: String, reason: String)] = []
        func serve(_ video: ServedVideo, namedAs path: String) {
            videos.append(video)
            ids[path] = ids[path] ?? video.id
            ids[video.path] = ids[video.path] ?? video.id
        }
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw MediaError(.fileNotFound, "\(path): no such file or folder")
            }
            let files = isFolder.boolValue ? Self.files(inFolder: path) : [path]
            for file in files {
                do {
                    serve(try Self.video(at: file, usedIDs: &usedIDs), namedAs: file)
                } catch where isFolder.boolValue {
                    continue  // a folder may hold other files
                }
            }
        }
        for path in libraryVideos where ids[path] == nil {
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            if let id = ids[resolved] {
                ids[path] = id  // named on the command line too
                continue
            }
            do throws(MediaError) {
                serve(try Self.video(at: path, usedIDs: &usedIDs), namedAs: path)
            } catch {
                skipped.append((path, error.message))
            }
        }
        guard !videos.isEmpty else {
            let named = paths + (libraryVideos.isEmpty ? [] : ["the library"])
            throw MediaError(.noVideoStream, "no video to serve in \(named.joined(separator: ", "))")
        }
        self.videos = videos
        self.skipped = skipped
        idsByPath = ids
    }

    /// The video with this id.
    public func video(id: String) -> ServedVideo? {
        videos.first { $0.id == id }
    }

    /// The video served for a file, by the path it was named by (a library's path) or its resolved path.
    func video(path: String) -> ServedVideo? {
        idsByPath[path].flatMap(video(id:))
    }

    private static func video(at path: String, usedIDs: inout Set<String>) throws(MediaError) -> ServedVideo {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let info = try MediaInfo.probe(resolved)
        let videoStreams = info.streams.filter { $0.kind == .video && !$0.isAttachedPicture }
        guard !videoStreams.isEmpty else {
            throw MediaError(.noVideoStream, "\(path) has no video stream")
        }
        let shown = videoStreams.first { $0.isPlayableVideo && !$0.isProtected }
        let name = (path as NSString).lastPathComponent
        let id = uniqueID(for: name, usedIDs: &usedIDs)
        return ServedVideo(
            id: id, name: name, path: resolved, duration: info.duration, streams: info.streams,
            protected: shown == nil && videoStreams.contains(where: \.isProtected), frameRate: shown?.frameRate)
    }

    /// The regular files of a folder (symlinks only when they stay inside it), by name.
    private static func files(inFolder folder: String) -> [String] {
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
            let path = (folder as NSString).appendingPathComponent(name)
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            var isFolder: ObjCBool = false
            guard resolved.hasPrefix(root + "/"),
                  FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder), !isFolder.boolValue
            else { return nil }
            return path
        }
    }

    /// `Lecture 1 (final).mp4` -> `lecture-1-final-mp4`, with `-2`, `-3` ... when taken.
    private static func uniqueID(for name: String, usedIDs: inout Set<String>) -> String {
        let words = name.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let base = words.isEmpty ? "video" : words.joined(separator: "-")
        var id = base
        var number = 2
        while usedIDs.contains(id) {
            id = "\(base)-\(number)"
            number += 1
        }
        usedIDs.insert(id)
        return id
    }
}
