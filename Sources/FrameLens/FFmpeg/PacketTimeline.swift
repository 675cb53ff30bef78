internal import CFFmpeg

/// The timestamps of one stream's packets from the start, read by a demuxer of its own (packets only, nothing
/// decoded): where a frame stands in the stream once its decoder seeked and lost count (`FramePlaces`).
///
/// It reads as far as asked and keeps what it read, so a file is read at most once however many frames ask.
final class PacketTimeline {
    /// How many packets shown after a timestamp are read before the frames shown before it are all counted:
    /// a B-frame's packet comes after those of the frames shown after it, a few at most (H.264 reorders at
    /// most 16 frames).
    private static let reorderDepth = 16
    private let url: String
    private let streamIndex: Int
    private var file: MediaFile?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// The timestamps read so far, sorted.
    private var timestamps: [Int64] = []
    private var reachedEnd = false

    /// A timeline of stream `streamIndex` of `url`; the file is opened when a place is first asked for.
    init(url: String, streamIndex: Int) {
        self.url = url
        self.streamIndex = streamIndex
    }

    deinit {
        freePacket(&packet)
    }

    /// The place in the stream of the frame with presentation timestamp `timestamp`: how many of the
    /// stream's packets are shown before it.
    ///
    /// - Throws: `MediaError` when the file cannot be opened again (as `MediaFile.init`).
    func place(of timestamp: Int64) throws(MediaError) -> Int {
        while !reachedEnd && timestamps.count - firstIndex(after: timestamp) < Self.reorderDepth {
            try readPacket()
        }
        return firstIndex(atOrAfter: timestamp)
    }

    /// Reads the stream's next packet and keeps its timestamp; at the end, notes it.
    private func readPacket() throws(MediaError) {
        if file == nil {
            file = try MediaFile(url: url)
            packet = allocatePacket()
        }
        guard let file, let packet else {
            throw MediaError(.decodeFailed, "out of memory reading the packets of \(url)")
        }
        while file.readPacket(into: packet) {
            defer { av_packet_unref(packet) }
            // Packets marked to discard (cut off by an edit list) give no frame.
            guard Int(packet.pointee.stream_index) == streamIndex, packet.pointee.flags & AV_PKT_FLAG_DISCARD == 0
            else { continue }
            let timestamp = packet.pointee.pts != framelens_AV_NOPTS_VALUE ? packet.pointee.pts : packet.pointee.dts
            guard timestamp != framelens_AV_NOPTS_VALUE else { continue }
            var index = timestamps.count
            while index > 0 && timestamps[index - 1] > timestamp { index -= 1 }
            timestamps.insert(timestamp, at: index)
            return
        }
        reachedEnd = true
    }

    /// The index of the first timestamp >= `timestamp` (the count of those before it).
    private func firstIndex(atOrAfter timestamp: Int64) -> Int {
        var low = 0
        var high = timestamps.count
        while low < high {
            let middle = (low + high) / 2
            if timestamps[middle] < timestamp { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of the first timestamp > `timestamp`.
    private func firstIndex(after timestamp: Int64) -> Int {
        timestamp == .max ? timestamps.count : firstIndex(atOrAfter: timestamp + 1)
    }
}
