import Foundation
import FrameLens

/// A searchable library of many videos' indexes: an SQLite database with an FTS5 index of the cues' text.
///
/// Each video is one file, known by its `VideoIdentity`: a video stored with the same size, modification
/// time and hash is unchanged; the same hash at a path whose file is gone is a moved video. Every change to
/// a video (its cues replaced, a move, a removal) is one transaction, so a library interrupted at any point
/// holds each video whole or not at all. Not `Sendable`: one task uses a library at a time; other
/// processes may read it while one writes.
public final class VideoLibrary {
    /// The database file.
    public let path: String
    let database: SQLiteDatabase
    /// Whether the library has its trigram index (schema 2); a library of schema 1 opened where it cannot be
    /// upgraded (a read-only file) is searched without it.
    private(set) var hasTrigramIndex = true

    /// Where a video file stands against the library.
    public enum Placement: Sendable, Equatable {
        /// No video of this path or content.
        case new
        /// Stored with the same size, modification time and hash.
        case unchanged
        /// Stored at this path, but the file differs.
        case changed
        /// Stored at another path whose file is gone: the video was moved (or renamed) there.
        case moved(from: String)
    }

    /// How a library is opened.
    public enum Access: Sendable {
        /// To read (list, search): the library must exist.
        case read
        /// To change (remove): the library must exist.
        case write
        /// To add to: the library (and its folder) is made when missing.
        case create
    }

    /// Opens a library.
    ///
    /// - Parameters:
    ///   - path: the database file.
    ///   - access: to read, to change, or to add to (making it when missing).
    /// - Throws: `LibraryError`: `.noLibrary` (missing, unless `.create`), `.notALibrary` (not an SQLite
    ///   database, damaged, another program's, or newer: the file is not written), `.writeFailed`.
    ///   A library of an older schema is upgraded in place, in one transaction.
    public init(at path: String, access: Access) throws(LibraryError) {
        self.path = path
        let creating = access == .create
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists && !creating {
            throw LibraryError(.noLibrary, "no library at \(path) (framelens library add VIDEO... makes one)")
        }
        if !exists {
            let folder = (path as NSString).deletingLastPathComponent
            do {
                try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
            } catch {
                throw LibraryError(.writeFailed, "cannot make the library's folder \(folder)")
            }
        }
        do {
            database = try SQLiteDatabase(path: path, readOnly: access == .read)
        } catch {
            throw LibraryError(.writeFailed, "cannot open the library \(path): \(error.message)", operation: error.operation)
        }
        if try checkSchema(creating: creating) < LibrarySchema.version {
            try upgrade(reading: access == .read)
        }
        // In WAL mode a commit that a crash interrupts is rolled back either way; NORMAL leaves out the sync
        // per commit, so that storing thousands of indexes does not wait on the disk for each.
        if access != .read { try sql { try database.execute("PRAGMA synchronous = NORMAL") } }
    }

    /// Reads the library's marks before anything is written: a file that is not this library's kind stays
    /// untouched.
    ///
    /// - Returns: the library's schema version (the current one when it was just made).
    private func checkSchema(creating: Bool) throws(LibraryError) -> Int64 {
        let (application, version, tables) = try sql {
            let pragma = { (name: String) in try self.database.prepare("PRAGMA \(name)").rows { $0.integer(0) }.first ?? 0 }
            let tables = try database.prepare("SELECT count(*) FROM sqlite_schema").rows { $0.integer(0) }.first ?? 0
            return (try pragma("application_id"), try pragma("user_version"), tables)
        }
        if tables == 0 && application == 0 {
            guard creating else { throw LibraryError(.notALibrary, "\(path) is empty, not a FrameLens library") }
            try sql {
                try database.execute("PRAGMA journal_mode = WAL")
                try database.transaction { try database.execute(LibrarySchema.create) }
            }
            return LibrarySchema.version
        }
        guard application == LibrarySchema.applicationID else {
            throw LibraryError(.notALibrary, "\(path) is an SQLite database of another program, not a FrameLens library")
        }
        guard version <= LibrarySchema.version else {
            throw LibraryError(.notALibrary, "\(path) is a library of a newer FrameLens (schema \(version)); update framelens")
        }
        return version
    }

    /// Takes a library of an older schema to the current one in one transaction. Opened to read, it is upgraded
    /// through a connection of its own when the file can be written, and searched as it is when not.
    private func upgrade(reading: Bool) throws(LibraryError) {
        guard reading else {
            try sql { try Self.upgrade(database) }
            return
        }
        do {
            try Self.upgrade(SQLiteDatabase(path: path, readOnly: false))
        } catch {
            hasTrigramIndex = false
        }
    }

    /// Upgrades the schema unless another process did since it was read.
    private static func upgrade(_ database: SQLiteDatabase) throws {
        try database.transaction {
            let version = try database.prepare("PRAGMA user_version").rows { $0.integer(0) }.first ?? 0
            if version < LibrarySchema.version { try database.execute(LibrarySchema.upgrade) }
        }
    }

    // MARK: - Videos

    /// Where a video file stands against the library: new, unchanged, changed, or moved from a path whose file
    /// is gone (a copy of a video whose file is still there is new).
    public func placement(of identity: VideoIdentity) throws(LibraryError) -> Placement {
        if let stored = try stored(at: identity.path) {
            return identity.isUnchanged(from: stored) ? .unchanged : .changed
        }
        let sameContent = try sql {
            try database.prepare("SELECT path FROM videos WHERE hash = ?1 AND size = ?2 ORDER BY path")
                .rows([.text(identity.hash), .integer(identity.size)]) { $0.text(0) }
        }
        return sameContent.first { !FileManager.default.fileExists(atPath: $0) }.map { .moved(from: $0) } ?? .new
    }

    /// Stores a video's index, replacing the cues of its earlier index, in one transaction.
    ///
    /// - Parameters:
    ///   - index: the video's index.
    ///   - identity: the file it was made from; the library keeps the video under `identity.path`.
    public func store(_ index: VideoIndex, of identity: VideoIdentity) throws(LibraryError) {
        try write {
            let id: Int64
            if let existing = try database.prepare("SELECT id FROM videos WHERE path = ?1")
                .rows([.text(identity.path)], { $0.integer(0) }).first
            {
                id = existing
                try database.prepare("DELETE FROM cues WHERE video = ?1").run([.integer(id)])
                try database.prepare("""
                    UPDATE videos SET size = ?2, modified = ?3, hash = ?4, indexed_from = ?5, indexed_to = ?6,
                        complete = ?7, added = ?8 WHERE id = ?1
                    """).run([.integer(id)] + Self.columns(index, identity))
            } else {
                try database.prepare("""
                    INSERT INTO videos (path, name, size, modified, hash, indexed_from, indexed_to, complete, added)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                    """).run([.text(identity.path), .text(Self.name(identity.path))] + Self.columns(index, identity))
                id = database.lastInsertedRowID
            }
            let insert = try database.prepare(
                "INSERT INTO cues (video, start_time, end_time, frame_time, text) VALUES (?1, ?2, ?3, ?4, ?5)")
            for cue in index.cues {
                try insert.run([
                    .integer(id), .real(cue.start.seconds), .real(cue.end.seconds),
                    .real((cue.readTime ?? cue.start).seconds), .text(cue.text),
                ])
            }
        }
    }

    /// Records that a stored video's file moved, keeping its cues.
    ///
    /// - Parameters:
    ///   - old: the path it is stored under.
    ///   - identity: the file at its new place.
    public func move(from old: String, to identity: VideoIdentity) throws(LibraryError) {
        try write {
            try database.prepare("UPDATE videos SET path = ?2, name = ?3, modified = ?4 WHERE path = ?1")
                .run([.text(old), .text(identity.path), .text(Self.name(identity.path)), .integer(identity.modified)])
        }
    }

    /// Removes videos and their cues: each path is a video's, or a folder's whose videos all go.
    ///
    /// - Returns: the paths of the videos removed, sorted.
    /// - Throws: `LibraryError` `.notInLibrary` naming the first path that matched no video (nothing is removed
    ///   then).
    public func remove(_ paths: [String]) throws(LibraryError) -> [String] {
        try write {
            var removed: [String] = []
            let matching = try database.prepare(
                "SELECT id, path FROM videos WHERE path = ?1 OR substr(path, 1, length(?1) + 1) = ?1 || '/' ORDER BY path")
            for path in paths {
                let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
                let videos = try matching.rows([.text(absolute)]) { ($0.integer(0), $0.text(1)) }
                guard !videos.isEmpty else { throw LibraryError(.notInLibrary, "\(path) is not in the library \(self.path)") }
                for (id, stored) in videos {
                    try database.prepare("DELETE FROM cues WHERE video = ?1").run([.integer(id)])
                    try database.prepare("DELETE FROM videos WHERE id = ?1").run([.integer(id)])
                    removed.append(stored)
                }
            }
            return removed.sorted()
        }
    }

    /// The videos in the library, by path.
    public func videos() throws(LibraryError) -> [LibraryVideo] {
        try sql {
            try database.prepare("""
                SELECT path, indexed_from, indexed_to, complete, (SELECT count(*) FROM cues WHERE video = videos.id)
                FROM videos ORDER BY path
                """).rows {
                LibraryVideo(
                    path: $0.text(0), from: $0.time(1), to: $0.time(2), complete: $0.integer(3) != 0,
                    cues: Int($0.integer(4)))
            }
        }
    }

    /// How much the library holds, and its size on disk.
    public func statistics() throws(LibraryError) -> LibraryStatistics {
        try sql {
            let counts = try database.prepare("""
                SELECT (SELECT count(*) FROM videos), (SELECT count(*) FROM cues),
                    (SELECT coalesce(sum(indexed_to - indexed_from), 0) FROM videos)
                """).rows { ($0.integer(0), $0.integer(1), $0.time(2)) }[0]
            let bytes = [path, path + "-wal"].reduce(Int64(0)) { total, file in
                total + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int64) ?? 0)
            }
            return LibraryStatistics(
                videos: Int(counts.0), cues: Int(counts.1), indexedTime: counts.2, bytesOnDisk: bytes)
        }
    }

    // MARK: - The SQL funnels

    /// Runs statements, turning SQLite's errors into the library's.
    func sql<Value>(_ body: () throws -> Value) throws(LibraryError) -> Value {
        do {
            return try body()
        } catch let error as LibraryError {
            throw error
        } catch let error as SQLiteError {
            throw libraryError(error)
        } catch {
            throw LibraryError(.writeFailed, "\(path): \(error)")
        }
    }

    /// Runs statements that change the library in one transaction.
    private func write<Value>(_ body: () throws -> Value) throws(LibraryError) -> Value {
        try sql { try database.transaction(body) }
    }

    /// The library's error for one of SQLite's.
    func libraryError(_ error: SQLiteError) -> LibraryError {
        switch error.code {
        case SQLiteError.notADatabase, SQLiteError.corrupt:
            LibraryError(.notALibrary, "\(path) is not a FrameLens library, or is damaged: \(error.message)", operation: error.operation)
        case SQLiteError.busy:
            LibraryError(.writeFailed, "the library \(path) is busy: another framelens holds it (\(error.message))", operation: error.operation)
        default:
            LibraryError(.writeFailed, "cannot use the library \(path): \(error.message)", operation: error.operation)
        }
    }

    private func stored(at path: String) throws(LibraryError) -> VideoIdentity? {
        try sql {
            try database.prepare("SELECT size, modified, hash FROM videos WHERE path = ?1").rows([.text(path)]) {
                VideoIdentity(path: path, size: $0.integer(0), modified: $0.integer(1), hash: $0.text(2))
            }.first
        }
    }

    private static func columns(_ index: VideoIndex, _ identity: VideoIdentity) -> [SQLiteValue] {
        [
            .integer(identity.size), .integer(identity.modified), .text(identity.hash), .real(index.from.seconds),
            .real(index.to.seconds), .integer(index.complete ? 1 : 0), .integer(Int64(Date().timeIntervalSince1970)),
        ]
    }

    private static func name(_ path: String) -> String { (path as NSString).lastPathComponent }
}

/// A video in a library.
public struct LibraryVideo: Sendable, Codable, Equatable {
    /// The video file's absolute path.
    public var path: String
    /// The start of the indexed range.
    public var from: Timestamp
    /// The end of the indexed range.
    public var to: Timestamp
    /// False when its index stops early (the video breaks off).
    public var complete: Bool
    /// Its number of cues.
    public var cues: Int
}

/// What a library holds.
public struct LibraryStatistics: Sendable, Codable, Equatable {
    /// Videos.
    public var videos: Int
    /// Cues of all videos.
    public var cues: Int
    /// The indexed time of all videos.
    public var indexedTime: Timestamp
    /// The database file's size with its write-ahead log.
    public var bytesOnDisk: Int64

    /// JSON keeps the name the indexed time had as a number of seconds.
    private enum CodingKeys: String, CodingKey {
        case videos, cues, indexedTime = "indexedSeconds", bytesOnDisk
    }
}

extension SQLiteRow {
    /// A column holding a time in seconds, kept exactly as stored (as an index's JSON reads one).
    func time(_ column: Int32) -> Timestamp { Timestamp(keeping: real(column)) }
}
