import Foundation

/// Bounds how many videos have an open player at once: each holds a demuxer, a decoder with its threads and
/// their frames (tens of megabytes for 1080p), and a session kept its player for the server's life, so
/// readers of many videos made the memory grow to hundreds of megabytes and stay there. Past `limit`, the
/// player used longest ago is closed; its session opens it again when next asked.
actor OpenPlayers {
    let limit: Int
    /// The sessions with an open player, the one used longest ago first.
    private var sessions: [VideoSession] = []

    /// At most `limit` open players; by default one per core, as the analyzer has engines.
    init(limit: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.limit = max(1, limit)
    }

    /// Records that `session` used its player, closing the players of the sessions used longest ago.
    func used(_ session: VideoSession) async {
        sessions.removeAll { $0 === session }
        sessions.append(session)
        while sessions.count > limit {
            await sessions.removeFirst().closePlayer()
        }
    }
}
