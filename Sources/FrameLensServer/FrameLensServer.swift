import FrameLens
import FrameLensLibrary
import Foundation
import Hummingbird
import HummingbirdCore
import Logging

/// `framelens serve`: a local web player with Live Text on the paused frame and the videos' indexes.
///
/// It serves only the catalogue's videos, by id; every request for a frame goes through one FFmpeg player
/// per video and the process's shared analyzer.
public struct FrameLensServer: Sendable {
    let catalog: VideoCatalog
    private let sessions: [String: VideoSession]
    private let indexes: IndexJobs
    private let thumbnails = Thumbnails()
    private let probes = VideoProbes()
    /// The library `/api/search` searches, if one was named.
    let library: String?

    /// A server for these videos, reading with these options.
    ///
    /// - Parameter library: the library file `/api/search` searches (each request opens it to read), or nil;
    ///   its videos are expected in the catalogue (`VideoCatalog(paths:libraryVideos:)`), so that hits open.
    public init(catalog: VideoCatalog, options: AnalysisOptions, analyzer: FrameAnalyzer = .shared, library: String? = nil) {
        self.catalog = catalog
        self.library = library
        let openPlayers = OpenPlayers()
        sessions = Dictionary(uniqueKeysWithValues: catalog.videos.map {
            ($0.id, VideoSession(video: $0, analyzer: analyzer, options: options, openPlayers: openPlayers))
        })
        indexes = IndexJobs(options: VideoIndexer.Options(analysis: options))
    }

    /// How many connections the server holds open, and for how long one may stay quiet.
    public struct ConnectionLimits: Sendable {
        /// Seconds a connection may go without a whole request (or between requests) before it is closed: a
        /// client sending a byte at a time, or nothing, cannot hold a connection for longer.
        public var idleTimeout: Int
        /// Connections open at once; more wait in the listening socket's backlog until one closes, so that
        /// clients cannot use up the process's file descriptors.
        public var maximumConnections: Int

        /// Limits of `idleTimeout` seconds and `maximumConnections` connections.
        public init(idleTimeout: Int = 30, maximumConnections: Int = ConnectionLimits.defaultMaximum) {
            self.idleTimeout = idleTimeout
            self.maximumConnections = maximumConnections
        }

        /// Half the process's file limit (the rest is for videos, decoders and the models), at most 1024.
        public static var defaultMaximum: Int {
            var limit = rlimit()
            guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 256 }
            return Int(max(16, min(1024, limit.rlim_cur / 2)))
        }
    }

    /// Listens on `host:port` until the process is interrupted (SIGINT, SIGTERM).
    ///
    /// - Parameters:
    ///   - port: the TCP port; 0 picks a free one.
    ///   - limits: how many connections stay open, and for how long when quiet.
    ///   - listening: called once with the page's URL when the server accepts connections.
    public func run(
        host: String, port: Int, limits: ConnectionLimits = ConnectionLimits(),
        listening: @escaping @Sendable (String) async -> Void
    ) async throws {
        let app = Application(
            router: router(),
            server: .http1(configuration: .init(idleTimeout: .seconds(Int64(limits.idleTimeout)))),
            configuration: .init(
                address: .hostname(host, port: port), serverName: "FrameLens",
                availableConnectionsDelegate: MaximumAvailableConnections(limits.maximumConnections)),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                let shown = host.contains(":") ? "[\(host)]" : host
                await listening("http://\(shown):\(bound)/")
            },
            logger: {
                var logger = Logger(label: "framelens-serve")
                logger.logLevel = .warning
                return logger
            }()
        )
        try await app.runService()
    }

    // MARK: - Routes

    private func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: JSONErrors())
        router.add(middleware: AllowedMethods(routes: Self.routes))
        for asset in PageAsset.allCases {
            router.get(RouterPath(asset.route)) { _, _ in try asset.response() }
        }
        router.get("/api/videos") { _, _ in try json(await probes.listed(catalog.videos)) }
        router.get("/api/videos/:id") { _, context in try json(try await probedVideo(context)) }
        router.get("/api/videos/:id/analysis") { request, context in
            let (session, seconds) = try await frameRequest(request, context)
            let client = request.uri.queryParameters.get("client")
            guard (client?.count ?? 0) <= 100 else { throw APIError(.badRequest, "client: at most 100 characters") }
            return try json(try await session.analysis(at: seconds, client: client))
        }
        router.get("/api/videos/:id/frame") { request, context in
            let (session, seconds) = try await frameRequest(request, context)
            return bytes(try await session.png(at: seconds), type: "image/png")
        }
        router.get("/api/videos/:id/thumbnail") { request, context in
            let (session, seconds) = try await frameRequest(request, context)
            var response = bytes(try await thumbnails.jpeg(of: session, at: seconds), type: "image/jpeg")
            response.headers[.cacheControl] = "private, max-age=3600"
            return response
        }
        router.get("/api/videos/:id/index") { _, context in
            let video = try await probedVideo(context)
            try refuseProtected(video)
            if let stored = try storedIndex(of: video) { return try json(stored) }
            switch await indexes.state(of: video) {
            case .done(let index): return bytes(index, type: "application/json; charset=utf-8")
            case .running(let fraction, let cues):
                var response = try json(IndexProgress(status: "running", progress: fraction, cues: cues))
                response.status = .accepted
                return response
            case .failed(let message): throw APIError(.unprocessableContent, message)
            }
        }
        router.get("/api/search") { request, _ in try json(try search(request)) }
        router.get("/api/library") { _, _ in try json(try libraryInfo()) }
        router.on("/api/videos/:id/media", method: .get) { request, context in
            try await MediaFileResponse(path: try video(context).path).response(to: request, context: context)
        }
        router.on("/api/videos/:id/media", method: .head) { request, context in
            try await MediaFileResponse(path: try video(context).path).response(to: request, context: context)
        }
        return router
    }

    /// Every route and the methods it answers, for `AllowedMethods`.
    private static let routes: [AllowedMethods.Route] =
        PageAsset.allCases.map { .init($0.route, [.get]) } + [
            .init("/api/videos", [.get]), .init("/api/videos/:id", [.get]), .init("/api/videos/:id/analysis", [.get]), .init("/api/videos/:id/frame", [.get]),
            .init("/api/videos/:id/thumbnail", [.get]), .init("/api/videos/:id/index", [.get]),
            .init("/api/videos/:id/media", [.get, .head]), .init("/api/search", [.get]), .init("/api/library", [.get]),
        ]

    /// The video the request's id names, as the catalogue lists it.
    private func video(_ context: BasicRequestContext) throws -> ServedVideo {
        let id = context.parameters.get("id") ?? ""
        guard let video = catalog.video(id: id) else { throw APIError(.notFound, "no video with id '\(id)'") }
        return video
    }

    /// The video the request's id names, with its details (a library's video is probed when first asked for).
    private func probedVideo(_ context: BasicRequestContext) async throws -> ServedVideo {
        try await probes.probed(try video(context))
    }

    /// The video's session and the time `t` names (seconds, or MM:SS.mmm as `--at` takes).
    private func frameRequest(_ request: Request, _ context: BasicRequestContext) async throws -> (VideoSession, Double) {
        let video = try await probedVideo(context)
        try refuseProtected(video)
        guard let text = request.uri.queryParameters.get("t") else {
            throw APIError(.badRequest, "missing t: the time of the frame, in seconds")
        }
        return (sessions[video.id]!, try MediaTime.parse(text).seconds)
    }

    private func refuseProtected(_ video: ServedVideo) throws {
        guard video.details?.protected == true else { return }
        throw APIError(.forbidden, "\(video.name) is protected (DRM): FrameLens does not decode or read protected streams")
    }
}

/// How far a video's index has come, while it is being made.
private struct IndexProgress: Encodable {
    let status: String
    let progress: Double
    let cues: Int
}

/// Any error a route throws reaches the client as `{"error": "..."}` with its status.
private struct JSONErrors: RouterMiddleware {
    func handle(
        _ request: Request, context: BasicRequestContext, next: (Request, BasicRequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            throw APIError(error.status, error.body ?? error.status.reasonPhrase)
        } catch {
            throw APIError(error)
        }
    }
}

private func json(_ value: some Encodable) throws -> Response {
    bytes(try JSONDocument.encode(value), type: "application/json; charset=utf-8")
}

private func bytes(_ bytes: [UInt8], type: String) -> Response {
    Response(
        status: .ok, headers: [.contentType: type, .cacheControl: "no-store"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
}
