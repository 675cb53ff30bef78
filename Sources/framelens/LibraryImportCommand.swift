import ArgumentParser
import Foundation
import FrameLens
import FrameLensLibrary

/// `framelens library import`: adds the JSON indexes `framelens index` wrote elsewhere (a cluster's shards
/// merged, another machine's folder) to the library, by the identity of the video each one records.
struct LibraryImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Adds JSON indexes written by framelens index (--format json) to the library.",
        discussion: """
            Each index names its video's file by the identity it records (path, size, modification time, \
            content hash): an index of a video the library has unchanged is skipped, a changed one replaces its \
            cues, and one of a moved video moves it.
            """
    )

    @Argument(help: "JSON indexes, as framelens index --format json writes them.", completion: .file(extensions: ["json"]))
    var indexes: [String]

    @OptionGroup var library: LibraryOption

    @OptionGroup var quietness: QuietOption

    func run() async throws {
        try await reportingErrors {
            var changes = LibraryChanges(library: try VideoLibrary(at: library.path, access: .create), quiet: quietness.quiet)
            var failure: Int32?
            for file in indexes {
                do {
                    let index = try JSONIndexFile.read(file)
                    guard let identity = index.identity else {
                        throw MediaError(.notMedia, "\(file) records no video identity (an index written before identities were recorded, or of a URL or standard input); index the video again")
                    }
                    if try changes.settle(identity) { try changes.store(index, of: identity) }
                } catch let error as MediaError {
                    printError(error.message)
                    failure = failure ?? error.exitStatus.rawValue
                }
            }
            changes.summarize()
            if let failure { throw ExitCode(failure) }
        }
    }

}
