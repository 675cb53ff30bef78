import FrameLens

/// A video's cues as a library holds them: what the web player lists beside a library's video without
/// indexing it again.
public struct StoredIndex: Sendable, Encodable, Equatable {
    /// The video file's absolute path.
    public var video: String
    /// The start of the indexed range.
    public var from: Timestamp
    /// The end of the indexed range.
    public var to: Timestamp
    /// False when its index stops early (the video breaks off).
    public var complete: Bool
    /// The cues, in order of their start.
    public var cues: [StoredCue]
    /// Where the cues come from: always `library` (an index made by the server has no `source`).
    public let source = "library"

    private enum CodingKeys: String, CodingKey {
        case video, from, to, complete, cues, source
    }
}

/// A cue as a library holds it.
public struct StoredCue: Sendable, Encodable, Equatable {
    /// When its text appeared.
    public var start: Timestamp
    /// When it went.
    public var end: Timestamp
    /// The time of the frame its text was read from.
    public var time: Timestamp
    /// Its text, one line per line.
    public var text: String
}

extension VideoLibrary {
    /// The cues stored for the file `identity` names, if the library holds it at that path and it is unchanged
    /// since (same size, modification time and hash); nil otherwise: the file must be indexed again.
    public func storedIndex(of identity: VideoIdentity) throws(LibraryError) -> StoredIndex? {
        guard try placement(of: identity) == .unchanged else { return nil }
        return try sql {
            let video = try database.prepare(
                "SELECT id, indexed_from, indexed_to, complete FROM videos WHERE path = ?1"
            ).rows([.text(identity.path)]) { ($0.integer(0), $0.time(1), $0.time(2), $0.integer(3) != 0) }
            guard let (id, from, to, complete) = video.first else { return nil }
            let cues = try database.prepare(
                "SELECT start_time, end_time, frame_time, text FROM cues WHERE video = ?1 ORDER BY start_time, id"
            ).rows([.integer(id)]) { StoredCue(start: $0.time(0), end: $0.time(1), time: $0.time(2), text: $0.text(3)) }
            return StoredIndex(video: identity.path, from: from, to: to, complete: complete, cues: cues)
        }
    }
}
