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
    /// The path a library holds the video under, when it is a library's.
    fileprivate(set) var libraryPath: String?
    /// What probing the file found; nil for a library's video until it is first opened.
    public fileprivate(set) var details: VideoDetails?

    private enum CodingKeys: String, CodingKey {
        case id, name
    }

    /// The id and the name, then the details' fields when the video has been probed (`/api/videos`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try details?.encode(to: encoder)
    }

    /// This video with the details probing found.
    func with(_ details: VideoDetails) -> ServedVideo {
        var video = self
        video.details = details
        return video
    }
}

/// What the server knows of a video file once it has probed it.
public struct VideoDetails: Sendable, Encodable {
    /// Its duration, nil when unknown.
    public let duration: Timestamp?
    /// Its streams, as `probe --json` lists them.
    public let streams: [StreamInfo]
    /// Whether every video stream is protected (DRM): then nothing is decoded or analysed.
    public let protected: Bool
    /// The nominal frame rate of the stream shown, for stepping frame by frame.
    public let frameRate: Double?

    /// Probes the file at `path` (`named` in messages).
    ///
    /// - Throws: `MediaError`: what probing throws, `.noVideoStream` for a file with no video stream.
    init(probing path: String, named name: String) throws(MediaError) {
        let info = try MediaInfo.probe(path)
        let videoStreams = info.streams.filter { $0.kind == .video && !$0.isAttachedPicture }
        guard !videoStreams.isEmpty else {
            throw MediaError(.noVideoStream, "\(name) has no video stream")
        }
        let shown = videoStreams.first { $0.isPlayableVideo && !$0.isProtected }
        duration = info.duration
        streams = info.streams
        protected = shown == nil && videoStreams.contains(where: \.isProtected)
        frameRate = shown?.frameRate
    }
}

/// The videos named on the command line, the videos in the folders named there, and a library's videos.
///
/// Named videos (and a folder's) are probed when the catalogue is made; a library's are only looked up, and
/// probed when first opened (`VideoProbes`), so that a library of thousands of videos is served at once.
public struct VideoCatalog: Sendable {
    /// The videos, in the order they were named (a folder's in name order), then the library's by path.
    public let videos: [ServedVideo]
    /// The library's videos that are not served (their file is gone, or is not a file), each with the reason.
    public let skipped: [(path: String, reason: String)]
    /// The positions in `videos` by id, by the path a video was named by, and by its resolved path.
    private let positionsByID: [String: Int]
    private let positionsByPath: [String: Int]

    /// Finds the videos to serve.
    ///
    /// - Parameters:
    ///   - paths: files and folders. A folder contributes the files in it that are media with a video stream;
    ///     a symlink in a folder counts only if it points inside that folder.
    ///   - libraryVideos: a library's video files (absolute paths): each is served unless it is one named
    ///     in `paths` already, or its file is gone (then it is listed in `skipped`).
    /// - Throws: `MediaError` for a named file that is missing or not a video, or when no video is found.
    public init(paths: [String], libraryVideos: [String] = []) throws(MediaError) {
        var videos: [ServedVideo] = []
        var usedIDs = Set<String>()
        var positions: [String: Int] = [:]
        var skipped: [(path: String, reason: String)] = []
        func serve(_ path: String, resolved: String, details: VideoDetails?, libraryPath: String? = nil) {
            let name = (path as NSString).lastPathComponent
            let id = Self.uniqueID(for: name, usedIDs: &usedIDs)
            positions[path] = positions[path] ?? videos.count
            positions[resolved] = positions[resolved] ?? videos.count
            videos.append(ServedVideo(id: id, name: name, path: resolved, libraryPath: libraryPath, details: details))
        }
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw MediaError(.fileNotFound, "\(path): no such file or folder")
            }
            let files = isFolder.boolValue ? Self.files(inFolder: path) : [path]
            for file in files {
                let resolved = Self.resolved(file)
                do {
                    let details = try VideoDetails(probing: resolved, named: file)
                    serve(file, resolved: resolved, details: details)
                } catch where isFolder.boolValue {
                    continue  // a folder may hold other files
                }
            }
        }
        for path in libraryVideos {
            let resolved = Self.resolved(path)
            if let position = positions[path] ?? positions[resolved] {
                positions[path] = position  // named on the command line too
                videos[position].libraryPath = path
                continue
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder), !isFolder.boolValue else {
                skipped.append((path, isFolder.boolValue ? "\(path) is a folder" : "no such file: \(path)"))
                continue
            }
            serve(path, resolved: resolved, details: nil, libraryPath: path)
        }
        guard !videos.isEmpty else {
            let named = paths + (libraryVideos.isEmpty ? [] : ["the library"])
            throw MediaError(.noVideoStream, "no video to serve in \(named.joined(separator: ", "))")
        }
        self.videos = videos
        self.skipped = skipped
        positionsByID = Dictionary(uniqueKeysWithValues: videos.indices.map { (videos[$0].id, $0) })
        positionsByPath = positions
    }

    /// The video with this id.
    public func video(id: String) -> ServedVideo? {
        positionsByID[id].map { videos[$0] }
    }

    /// The video served for a file, by the path it was named by (a library's path) or its resolved path.
    func video(path: String) -> ServedVideo? {
        positionsByPath[path].map { videos[$0] }
    }

    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// The regular files of a folder (symlinks only when they stay inside it), by name.
    private static func files(inFolder folder: String) -> [String] {
        let root = resolved(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
            let path = (folder as NSString).appendingPathComponent(name)
            let target = resolved(path)
            var isFolder: ObjCBool = false
            guard target.hasPrefix(root + "/"),
                  FileManager.default.fileExists(atPath: target, isDirectory: &isFolder), !isFolder.boolValue
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
