import FrameLens
import FrameLensLibrary
import Hummingbird

/// A library's hit as `/api/search` sends it: the hit as `framelens search --json` prints it (with exact
/// times), and the id of the served video it opens.
struct ServedHit: Encodable {
    let hit: SearchHit
    /// The served video's id; nil when the video is not served (its file is gone, or is no longer a video).
    let videoID: String?

    private enum CodingKeys: String, CodingKey {
        case videoID
    }

    func encode(to encoder: any Encoder) throws {
        try hit.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(videoID, forKey: .videoID)  // null, not left out, when not served
    }
}

/// What `/api/library` tells the page: which library it searches, and how much it holds.
struct LibrarySummary: Encodable {
    let library: String
    let videos: Int
    let cues: Int
    /// The library's videos that are served (the others' files are gone or unreadable).
    let served: Int
}

extension FrameLensServer {
    /// The library's hits for `q`, read as `syntax` says (`text`, the default, or `fts5`), at most `limit` (1-1000,
    /// default 20), best first.
    func search(_ request: Request) throws -> [ServedHit] {
        let library = try openLibrary()
        let parameters = request.uri.queryParameters
        guard let query = parameters.get("q"), !query.isEmpty else {
            throw APIError(.badRequest, "missing q: what to search for")
        }
        let syntax = try parameters.get("syntax").map { name in
            guard let syntax = SearchSyntax(rawValue: name) else {
                throw APIError(.badRequest, "syntax: text or fts5")
            }
            return syntax
        }
        let limit = try parameters.get("limit").map { text in
            guard let limit = Int(text), (1...1000).contains(limit) else {
                throw APIError(.badRequest, "limit: a number of hits from 1 to 1000")
            }
            return limit
        }
        return try library.search(query, syntax: syntax ?? .text, limit: limit ?? 20).map {
            ServedHit(hit: $0, videoID: catalog.video(path: $0.video)?.id)
        }
    }

    /// The library searched, and how many of its videos are served.
    func libraryInfo() throws -> LibrarySummary {
        let library = try openLibrary()
        let statistics = try library.statistics()
        let served = try library.videos().count { catalog.video(path: $0.path) != nil }
        return LibrarySummary(library: library.path, videos: statistics.videos, cues: statistics.cues, served: served)
    }

    /// The cues the library holds for a video of its whose file is unchanged since it was indexed; nil for any
    /// other video, which is indexed again.
    func storedIndex(of video: ServedVideo) throws -> StoredIndex? {
        guard library != nil, let path = video.libraryPath,
              let identity = try? VideoIdentity(ofFileAt: path) else { return nil }
        return try openLibrary().storedIndex(of: identity)
    }

    private func openLibrary() throws -> VideoLibrary {
        guard let library else { throw APIError(.notFound, "no library: start serve with --library [FILE]") }
        return try VideoLibrary(at: library, access: .read)
    }
}
