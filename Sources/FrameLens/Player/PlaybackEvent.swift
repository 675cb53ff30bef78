import Synchronization

/// Whether a player is playing, as `AVPlayer.TimeControlStatus`.
public enum TimeControlStatus: Sendable, Hashable {
    case paused
    case playing
}

/// What a `VideoPlayer` reports to those listening to its `events()`.
public enum PlaybackEvent: Sendable, Hashable {
    /// It started playing or paused.
    case status(TimeControlStatus)
    /// While playing: the clock's time each time a frame is due.
    case time(Timestamp)
    /// The clock reached the end of the video (the player pauses there).
    case reachedEnd
}

/// Hands events to every subscriber's stream; a stream whose listener has gone is dropped.
final class EventChannel<Event: Sendable>: Sendable {
    private let subscribers = Locked<[Int: AsyncStream<Event>.Continuation]>([:])
    private let nextID = Atomic<Int>(0)

    func subscribe() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(64))
        let id = nextID.add(1, ordering: .relaxed).newValue
        continuation.onTermination = { [weak self] _ in _ = self?.subscribers.withLock { $0.removeValue(forKey: id) } }
        subscribers.withLock { $0[id] = continuation }
        return stream
    }

    func send(_ event: Event) {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(event) }
    }

    deinit {
        subscribers.withLock { $0.values.forEach { $0.finish() } }
    }
}
