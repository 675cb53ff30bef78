import Foundation

/// Search hits' thumbnails: each made once (a seek to the exact frame, a decode, a small JPEG) and kept in a
/// cache of bounded size, the one used longest ago dropped first; at most one is made per core at a time,
/// so that a page of hits cannot take every core from the frame being read.
actor Thumbnails {
    /// A thumbnail's width in pixels (a narrower frame keeps its own).
    static let width = 320

    private struct Key: Hashable {
        let video: String
        let seconds: Double
    }

    private let byteBudget: Int
    private let concurrentRenders: Int
    private var cached: [Key: [UInt8]] = [:]
    /// The cached keys, the one used longest ago first.
    private var order: [Key] = []
    /// The bytes of the thumbnails kept.
    private(set) var cachedBytes = 0
    /// Thumbnails being made, so that requests for the same one wait for it instead of making it again.
    private var making: [Key: Task<[UInt8], any Error>] = [:]
    private var rendering = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A cache of at most `byteBudget` bytes of JPEG, making at most `concurrentRenders` at once.
    init(byteBudget: Int = 16 << 20, concurrentRenders: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.byteBudget = byteBudget
        self.concurrentRenders = max(1, concurrentRenders)
    }

    /// The JPEG of the frame the video shows at `seconds`, at most `width` pixels wide.
    ///
    /// - Throws: what reading the frame throws (`MediaError`: a time outside the video, a decoding error).
    func jpeg(of session: VideoSession, at seconds: Double) async throws -> [UInt8] {
        let key = Key(video: session.video.id, seconds: seconds)
        if let bytes = cached[key] {
            order.removeAll { $0 == key }
            order.append(key)
            return bytes
        }
        let task = making[key] ?? Task { try await render(session, at: seconds) }
        making[key] = task
        defer { making[key] = nil }
        let bytes = try await task.value
        keep(bytes, for: key)
        return bytes
    }

    private func render(_ session: VideoSession, at seconds: Double) async throws -> [UInt8] {
        if rendering < concurrentRenders {
            rendering += 1
        } else {
            await withCheckedContinuation { waiting.append($0) }  // the render that ends hands over its turn
        }
        defer {
            if waiting.isEmpty { rendering -= 1 } else { waiting.removeFirst().resume() }
        }
        return try await session.thumbnail(at: seconds, width: Self.width)
    }

    private func keep(_ bytes: [UInt8], for key: Key) {
        guard cached[key] == nil, bytes.count <= byteBudget else { return }
        cached[key] = bytes
        order.append(key)
        cachedBytes += bytes.count
        while cachedBytes > byteBudget, !order.isEmpty {
            let oldest = order.removeFirst()
            cachedBytes -= cached.removeValue(forKey: oldest)?.count ?? 0
        }
    }
}
