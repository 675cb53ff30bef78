import Foundation
@testable import FrameLens

/// Test videos made once and kept between runs: each is stored under `.build/test-fixtures/HASH/` by a hash of its
/// recipe (its name, ffmpeg's arguments, the content of every argument that names a file, and `ffmpeg -version`),
/// so that a later run reuses it while the recipe holds and makes it again when anything in it changed.
///
/// Within a run a fixture is made once however many tests ask for it at the same time. Tests read fixtures;
/// one that needs to change a video copies it first.
enum FixtureCache {
    static let folder = TestMedia.repositoryRoot.appendingPathComponent(".build/test-fixtures")

    /// The name's fixture, made by `make(path)` when the cache has none for this recipe.
    static func fixture(_ name: String, recipe: [String], make: (String) throws -> Void) throws -> String {
        // In a folder of its own, under its own name: the name is part of what tests see (ids, titles).
        let recipeFolder = folder.appendingPathComponent(key(name, recipe))
        let path = recipeFolder.appendingPathComponent(name).path
        let lock = locks.withLock { locks in
            if let lock = locks[path] { return lock }
            let lock = NSLock()
            locks[path] = lock
            return lock
        }
        return try lock.withLock {
            if FileManager.default.fileExists(atPath: path) { return path }
            try FileManager.default.createDirectory(at: recipeFolder, withIntermediateDirectories: true)
            // Made aside and renamed into place: another test process never reads a file half written.
            let aside = recipeFolder.appendingPathComponent("\(UUID().uuidString.prefix(8))-\(name)").path
            try make(aside)
            guard rename(aside, path) == 0 else { throw CommandFailure(command: "rename", output: "\(aside) -> \(path)") }
            return path
        }
    }

    private static let locks = Locked<[String: NSLock]>([:])

    private static func key(_ name: String, _ recipe: [String]) -> String {
        let hash = SHA256()
        for part in [name, ffmpegVersion] + recipe {
            Array(part.utf8 + [0]).withUnsafeBytes { hash.update($0) }
        }
        for file in recipe where FileManager.default.fileExists(atPath: file) {
            (try? Data(contentsOf: URL(fileURLWithPath: file)))?.withUnsafeBytes { hash.update($0) }
        }
        return String(hash.hexDigest().prefix(16))
    }

    /// `ffmpeg -version`: another ffmpeg (or its libraries) may encode the same recipe differently.
    private static let ffmpegVersion: String = {
        (try? Command.run("ffmpeg", ["-version"]).text) ?? ""
    }()
}
