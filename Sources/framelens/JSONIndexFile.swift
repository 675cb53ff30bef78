import Foundation
import FrameLens

/// A JSON index file, as `framelens index --format json` writes it: what `merge` and `library import` read.
enum JSONIndexFile {
    /// Reads an index.
    ///
    /// - Throws: `MediaError` `.fileNotFound` (missing or unreadable), `.notMedia` (not a JSON index).
    static func read(_ path: String) throws(MediaError) -> VideoIndex {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MediaError(.fileNotFound, "cannot read \(path)")
        }
        do { return try IndexFormat.decodeJSON(data) } catch {
            throw MediaError(.notMedia, "\(path) is not a FrameLens JSON index (index with --format json)")
        }
    }
}
