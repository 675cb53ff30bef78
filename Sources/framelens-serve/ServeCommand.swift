import ArgumentParser
import Foundation
@_spi(Process) import FrameLens
import FrameLensLibrary
import FrameLensServer

/// `framelens serve` (run as `framelens-serve`): a local web player with Live Text and the videos' indexes.
@main
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "framelens serve",
        abstract: "Serves a local web player: pause a video to select and copy the text on its frame, search its slides."
    )

    /// Runs the command line as ArgumentParser does, malloc capped at two arenas first (`HeapArenas`): a
    /// server runs for hours.
    static func main() async {
        HeapArenas.cap()
        await main(LibraryArgument.completed(Array(CommandLine.arguments.dropFirst())))
    }

    @Argument(help: "The videos to serve, or folders of videos (none with --library: the library's videos).")
    var videos: [String] = []

    @Option(help: "The TCP port to listen on (0 picks a free one).")
    var port: Int = 8765

    @Option(help: "The address to listen on. Anything but loopback exposes your videos to the network.")
    var host: String = "127.0.0.1"

    @Option(help: "Tesseract languages, joined with + (e.g. eng+deu). See `framelens langs`.")
    var lang: String = "eng"

    @Option(
        help: ArgumentHelp(
            """
            Also serve a library's videos (framelens library add), with a search box across them. Without FILE \
            (last, or before another option): $FRAMELENS_LIBRARY, else $XDG_DATA_HOME/framelens/library.sqlite, \
            else ~/.local/share/framelens/library.sqlite.
            """, valueName: "file"))
    var library: String?

    @Option(help: "Seconds a connection may stay quiet (no whole request) before it is closed.")
    var idleTimeout: Int = 30

    @Option(help: "Connections open at once; more wait until one closes. Default: half the file limit, at most 1024.")
    var maxConnections: Int = FrameLensServer.ConnectionLimits.defaultMaximum

    func validate() throws {
        guard !videos.isEmpty || library != nil else {
            throw ValidationError("name at least one video or folder to serve, or --library")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard idleTimeout > 0 else { throw ValidationError("--idle-timeout must be a positive number of seconds") }
        guard maxConnections > 0 else { throw ValidationError("--max-connections must be a positive number") }
        guard lang.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-+,".contains($0)) }) else {
            throw ValidationError("--lang: '\(lang)' is not a list of languages (BCP-47 locales or Tesseract codes, joined with +)")
        }
    }

    func run() async throws {
        var libraryVideos: [String] = []
        do {
            // Missing, damaged or not a library: say so before anything is probed or loaded.
            if let library { libraryVideos = try VideoLibrary(at: library, access: .read).videos().map(\.path) }
        } catch {
            fail(error.message, status: error.exitStatus)
        }
        if let library, videos.isEmpty, libraryVideos.isEmpty {
            fail("the library \(library) holds no video to serve (framelens library add VIDEO... adds some)", status: .noVideoStream)
        }
        let catalog: VideoCatalog
        do {
            catalog = try VideoCatalog(paths: videos, libraryVideos: libraryVideos)
            try await FrameAnalyzer.shared.prepare(locales: TesseractLanguages.locales(inList: lang))  // models load once, before the first pause
        } catch let error as any ReportedError {
            fail(error.message, status: error.exitStatus)
        }
        if let first = catalog.skipped.first {  // each reason names its file
            let count = catalog.skipped.count
            warn(count == 1
                ? "a video of the library is not served: \(first.reason)"
                : "\(count) videos of the library are not served; the first: \(first.reason)")
        }
        let server = FrameLensServer(
            catalog: catalog, options: AnalysisOptions(locales: TesseractLanguages.locales(inList: lang)), library: library)
        do {
            let limits = FrameLensServer.ConnectionLimits(idleTimeout: idleTimeout, maximumConnections: maxConnections)
            try await server.run(host: host, port: port, limits: limits) { url in
                let line = "FrameLens serves \(catalog.videos.count) video(s) at \(url)  (Ctrl-C stops)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            }
        } catch {
            fail("cannot listen on \(host):\(port): \(error)", status: .failure)
        }
    }

    private func warn(_ message: String) {
        FileHandle.standardError.write(Data("framelens: warning: \(message)\n".utf8))
    }

    private func fail(_ message: String, status: ExitStatus) -> Never {
        FileHandle.standardError.write(Data("framelens: \(message)\n".utf8))
        Foundation.exit(status.rawValue)
    }
}
