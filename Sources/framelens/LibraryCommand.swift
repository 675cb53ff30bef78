import ArgumentParser
import Foundation
import FrameLens
import FrameLensLibrary

/// `framelens library`: a searchable library of many videos' indexes (`framelens search` searches it).
struct LibraryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library",
        abstract: "Keeps a searchable library of many videos' indexes (framelens search searches it).",
        subcommands: [
            LibraryAddCommand.self, LibraryImportCommand.self, LibraryListCommand.self, LibraryRemoveCommand.self,
            LibraryStatsCommand.self,
        ]
    )
}

/// `framelens library list`: the videos in the library.
struct LibraryListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Lists the library's videos: indexed time, cues and path, by path.")

    @OptionGroup var library: LibraryOption

    func run() async throws {
        try await reportingErrors {
            for video in try VideoLibrary(at: library.path, access: .read).videos() {
                let cues = video.cues == 1 ? "1 cue" : "\(video.cues) cues"
                print("\(MediaTime.clock((video.to - video.from).seconds, rounding: .up))  \(cues)  \(video.path)"
                    + (video.complete ? "" : "  (incomplete: the video breaks off)"))
            }
        }
    }
}

/// `framelens library remove`: takes videos (or a folder's videos) and their cues out of the library.
struct LibraryRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Removes videos, or every video under a folder, from the library.")

    @Argument(help: "Videos or folders, as they were added (relative paths are taken from here).", completion: .file())
    var paths: [String]

    @OptionGroup var library: LibraryOption

    @OptionGroup var quietness: QuietOption

    func run() async throws {
        try await reportingErrors {
            let removed = try VideoLibrary(at: library.path, access: .write).remove(paths)
            if !quietness.quiet { removed.forEach { print("removed \($0)") } }
        }
    }
}

/// `framelens library stats`: how much the library holds.
struct LibraryStatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Prints how many videos and cues the library holds, and its size on disk.")

    @OptionGroup var library: LibraryOption

    func run() async throws {
        try await reportingErrors {
            let opened = try VideoLibrary(at: library.path, access: .read)
            let stats = try opened.statistics()
            print("""
                library: \(opened.path)
                videos: \(stats.videos)
                cues: \(stats.cues)
                indexed time: \(MediaTime.clock(stats.indexedTime.seconds, rounding: .up))
                size on disk: \(stats.bytesOnDisk) bytes (\(Int((Double(stats.bytesOnDisk) / 1024).rounded(.up))) KiB)
                """)
        }
    }
}
