import FrameLens

/// The server's FFmpeg player for one video, paused on the frames the page asks for.
///
/// Seeks run one at a time, each followed by taking the frame the paused player then shows, so that two
/// requests can never swap frames. An analysis that finishes after a newer request from the same client
/// (a page) came in reads a frame that page no longer shows: it is stale and is not delivered
/// (`AnalysisError.stale`). Requests that name no client stand alone.
actor VideoSession {
    let video: ServedVideo
    private let analyzer: FrameAnalyzer
    private let options: AnalysisOptions
    private var player: VideoPlayer?
    private var opening: Task<VideoPlayer, any Error>?
    /// The last work asked of the player (a seek and its frame); the next waits for it, so they never interleave.
    private var lastWork: Task<Void, Never>?
    /// Counts the requests for a frame, and each client's latest, so that an analysis overtaken by a newer
    /// one from its client is recognised.
    private var requests: UInt64 = 0
    private var latestRequest: [String: UInt64] = [:]
    private static let clientsRemembered = 256

    private let openPlayers: OpenPlayers

    init(video: ServedVideo, analyzer: FrameAnalyzer, options: AnalysisOptions, openPlayers: OpenPlayers) {
        self.video = video
        self.analyzer = analyzer
        self.options = options
        self.openPlayers = openPlayers
    }

    /// Whether the session holds an open player.
    var hasOpenPlayer: Bool { player != nil }

    /// Lets the player go (work under way keeps it until it ends); the next request opens it again.
    func closePlayer() {
        player = nil
        opening = nil
    }

    /// Pauses the player on the frame shown at `seconds` and reads it.
    ///
    /// - Throws: `MediaError` (a time outside the video, protected, undecodable), `AnalysisError`
    ///   (`.stale` when a newer request came in before the reading finished, a missing language).
    func analysis(at seconds: Double, client: String?) async throws -> FrameAnalysis {
        requests &+= 1
        let request = requests
        if let client {
            if latestRequest.count >= Self.clientsRemembered { latestRequest.removeAll() }
            latestRequest[client] = request
        }
        let frame = try await frame(at: seconds)
        try checkLatest(request, of: client)  // overtaken while seeking: do not spend the OCR on it
        let analysis = try await analyzer.analyze(frame, options: options)
        try checkLatest(request, of: client)
        return analysis
    }

    /// The frame a player paused at `seconds` shows, as PNG: the bytes `framelens frame` writes.
    func png(at seconds: Double) async throws -> [UInt8] {
        try await serially { player in try await player.picture(at: Timestamp(seconds: seconds), as: .png).bytes }
    }

    /// The frame a player paused at `seconds` shows, as a JPEG at most `width` pixels wide: a search hit's
    /// thumbnail.
    func thumbnail(at seconds: Double, width: Int) async throws -> [UInt8] {
        try await serially { player in
            try await player.picture(at: Timestamp(seconds: seconds), as: .jpg, maximumWidth: width).bytes
        }
    }

    private func frame(at seconds: Double) async throws -> VideoFrame {
        try await serially { [video] player in
            try await player.seek(to: Timestamp(seconds: seconds))
            guard let frame = await player.currentlyDisplayedFrame else {
                throw MediaError(.decodeFailed, "\(video.name) shows no frame at \(MediaTime.clock(seconds))")
            }
            return frame
        }
    }

    /// Runs `work` on the player once the work asked for before it is done.
    private func serially<Value: Sendable>(
        _ work: @escaping @Sendable (VideoPlayer) async throws -> Value
    ) async throws -> Value {
        let player = try await openPlayer()
        await openPlayers.used(self)
        // No suspension from here on: the work is chained after the previous one before any other request runs.
        let previous = lastWork
        let task = Task {
            await previous?.value
            return try await work(player)
        }
        lastWork = Task { _ = try? await task.value }
        return try await task.value
    }

    /// The session's player, opened on first use off Swift's cooperative pool (opening blocks). Requests
    /// that arrive while it opens wait for the same opening.
    private func openPlayer() async throws -> VideoPlayer {
        if let player { return player }
        let opening = self.opening ?? Task { [path = video.path] in try await VideoPlayer.open(url: path) }
        self.opening = opening
        do {
            let opened = try await opening.value
            player = opened
            return opened
        } catch {
            self.opening = nil
            throw error
        }
    }

    private func checkLatest(_ request: UInt64, of client: String?) throws(AnalysisError) {
        guard let client, let latest = latestRequest[client], latest != request else { return }
        throw AnalysisError(.stale, "a newer frame was asked for while this one was being read; the result is stale")
    }
}
