import Foundation

/// The video files `library add` takes from its arguments: a file as named, and the videos in a folder and
/// its subfolders, known by their extension (so that a folder's other files are never opened).
enum VideoFiles {
    /// The file name extensions of videos looked for in folders.
    static let extensions: Set = [
        "mp4", "m4v", "mov", "mkv", "webm", "avi", "ts", "mts", "m2ts", "mpg", "mpeg", "flv", "wmv", "ogv", "3gp",
    ]

    /// The files to add, in the order named, each folder's videos sorted by path; hidden files and folders
    /// are left out of folders.
    static func collect(_ paths: [String]) -> [String] {
        paths.flatMap { path -> [String] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                return [path]
            }
            let files = FileManager.default.enumerator(
                at: URL(fileURLWithPath: path), includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles])
            return (files?.compactMap { $0 as? URL } ?? [])
                .filter { extensions.contains($0.pathExtension.lowercased()) }
                .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
                .map(\.path).sorted()
        }
    }
}
