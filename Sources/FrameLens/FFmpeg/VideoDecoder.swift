import Foundation
internal import CFFmpeg

/// Decodes one video stream of a `MediaFile`, in presentation order.
///
/// Owns the codec context and its working packet and frame; EAGAIN and EOF stay inside `nextFrame`.
/// Packets that carry encryption info are refused, so a protected stream is never decoded.
final class VideoDecoder {
    let file: MediaFile
    let streamIndex: Int
    let stream: UnsafeMutablePointer<AVStream>
    let frameRate: Rational?
    let rotation: Int
    /// The number of packets the decoder rejected, or frames it flagged, as damaged since opening.
    private(set) var damagedPackets = 0
    /// The number of frames decoded since opening (what seeks and scans cost).
    private(set) var framesDecoded = 0
    private let codec: UnsafeMutablePointer<AVCodecContext>
    private let packet: UnsafeMutablePointer<AVPacket>
    private let frame: UnsafeMutablePointer<AVFrame>
    private var draining = false
    /// The timestamp the next frame gets when it comes without one (raw streams: all of them): the last
    /// frame's plus its duration, as ffmpeg times them. nil at the start.
    private var nextUntimedTimestamp: Int64?
    /// Each frame's place in the stream, counted from the start; after a seek, from `timeline`.
    private var places = FramePlaces()
    private lazy var timeline = PacketTimeline(url: file.url, streamIndex: streamIndex)

    /// Frames that may be left undecoded, to get somewhere faster.
    enum Skipping {
        /// B-frames, but those just before new content (`BidirectionalSkips`), and the deblocking
        /// filter outside intra frames: fast, and good enough for thumbnails, but a frame referring to a
        /// skipped B-frame is slightly damaged. Intra frames come out exact. Only H.264's decoder stands
        /// in for a missing reference with the one before it; HEVC's puts gray there, so other codecs
        /// skip only the B-frames nothing refers to.
        case bidirectional
        /// Frames no other frame refers to: they cannot change any frame decoded after them.
        case nonReference
    }

    /// Packets before this timestamp are decoded without the frames `Skipping` names; nil decodes all.
    var skipping: (frames: Skipping, before: Int64)?
    /// Whether `.bidirectional` keeps the frames others refer to and the deblocking filter: no frame comes out
    /// damaged, at the cost of decoding about twice as many.
    var keepsReferences = false
    /// The keyframe from which every frame comes out exact (decoded with every frame it refers to and the
    /// deblocking filter): the first sent since frames stopped being damaged (`Skipping.bidirectional` without
    /// `keepsReferences`); nil while they may be.
    private var exactSince: Int64?
    private var bidirectionalSkips: BidirectionalSkips
    /// What `.bidirectional` discards of the B-frames it skips.
    private let bidirectionalDiscard: AVDiscard

    /// Set while the caller watches a still picture: asked whether a keyframe, decoded on its own ahead of
    /// the group before it (`KeyframeProbe`), shows the picture the caller sees. When it does, and the packets
    /// before it bring nothing new (`SteadyGroups`), the rest of that group is left undecoded. Asked packet by
    /// packet once a group's keyframe has come out; nil decodes every group.
    var stillPicture: ((VideoFrame) -> Bool)?
    /// Groups of pictures that run past this timestamp are decoded: the frames after the end of a range must
    /// come out as they are.
    var steadyGroupsEnd = Int64.max
    private var steadyGroups = SteadyGroups()
    private lazy var probe = KeyframeProbe(stream: stream, startTime: file.startTimeMicroseconds, rotation: rotation)
    /// The group of pictures being sent: its keyframe's timestamp, whether that frame has come out, and
    /// whether the rest of the group is left out.
    private var group: (keyframe: Int64, keyframeOut: Bool, leavingOut: Bool)?
    /// Packets of the stream read ahead of the decoder, to judge a group by, in decoding order.
    private var readAhead: [UnsafeMutablePointer<AVPacket>] = []
    /// Whether this codec's decoder honours `skip_frame` packet by packet, and after skipping non-key frames
    /// decodes the next keyframe's group as if nothing was skipped.
    private let canLeaveGroupsOut: Bool

    /// The most decoding threads a decoder gets, whatever the machine: more only add memory (a frame per
    /// thread) and contention.
    static let maximumThreads = 8
    /// The largest picture decoded, in pixels (16384 x 8192; 16K video is 15360 x 8640): a damaged or
    /// hostile stream cannot make the decoder allocate more.
    static let maximumPixels = 1 << 27
    /// The longest side of a picture decoded, in pixels.
    static let maximumSide = 16384

    /// Opens a decoder for a stream of `file`.
    ///
    /// - Parameters:
    ///   - threads: decoding threads; 0 is one per core and one more, as FFmpeg chooses. At most `maximumThreads`.
    /// - Throws: `MediaError` `.unsupported` when no decoder exists or the stream's pictures are larger than
    ///   `maximumSide` or `maximumPixels`, `.decodeFailed` when it cannot open.
    init(file: MediaFile, streamIndex: Int, threads: Int = 0) throws(MediaError) {
        self.file = file
        self.streamIndex = streamIndex
        stream = file.stream(streamIndex)
        let info = file.info.streams[streamIndex]
        rotation = info.rotation
        let rate = stream.pointee.avg_frame_rate.isKnownRate ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        frameRate = rate.isKnownRate ? rate.rational : nil
        bidirectionalSkips = BidirectionalSkips(longestGap: av_rescale_q(
            Int64(BidirectionalSkips.longestGapSeconds * 1_000_000), AVRational(num: 1, den: 1_000_000), stream.pointee.time_base))
        let codecID = stream.pointee.codecpar.pointee.codec_id
        bidirectionalDiscard = codecID == AV_CODEC_ID_H264 ? AVDISCARD_BIDIR : AVDISCARD_NONREF
        canLeaveGroupsOut = [AV_CODEC_ID_H264, AV_CODEC_ID_HEVC, AV_CODEC_ID_VP8, AV_CODEC_ID_VP9, AV_CODEC_ID_MPEG4,
                             AV_CODEC_ID_MPEG1VIDEO, AV_CODEC_ID_MPEG2VIDEO].contains(codecID)
        guard let decoder = avcodec_find_decoder(stream.pointee.codecpar.pointee.codec_id) else {
            throw MediaError(.unsupported, "no decoder for \(info.codec) video (stream \(streamIndex))")
        }
        try Self.checkSize(width: Int(stream.pointee.codecpar.pointee.width),
                           height: Int(stream.pointee.codecpar.pointee.height), of: file.url)
        var context = allocateCodecContext(decoder)
        var packet = allocatePacket()
        var frame = allocateFrame()
        guard let context, let packet, let frame else {
            freeCodecContext(&context)
            freePacket(&packet)
            freeFrame(&frame)
            throw MediaError(.decodeFailed, "out of memory opening the \(info.codec) decoder")
        }
        codec = context
        self.packet = packet
        self.frame = frame
        try ffmpegCall(MediaErrorCode.decodeFailed, "cannot configure the \(info.codec) decoder", "avcodec_parameters_to_context") {
            avcodec_parameters_to_context(context, stream.pointee.codecpar)
        }
        context.pointee.pkt_timebase = stream.pointee.time_base
        context.pointee.thread_count = Int32(Self.threadCount(asked: threads))
        // The decoder refuses (as damaged) any picture larger than this before allocating it.
        context.pointee.max_pixels = Int64(Self.maximumPixels)
        try ffmpegCall(MediaErrorCode.decodeFailed, "cannot open the \(info.codec) decoder", "avcodec_open2") {
            avcodec_open2(context, decoder, nil)
        }
    }

    /// Refuses pictures larger than `maximumSide` or `maximumPixels`.
    ///
    /// - Throws: `MediaError` `.unsupported`, naming the size and the limit.
    static func checkSize(width: Int, height: Int, of url: String) throws(MediaError) {
        guard width > maximumSide || height > maximumSide || width * height > maximumPixels else { return }
        throw MediaError(
            .unsupported, "\(url) has \(width)x\(height) pictures, larger than FrameLens decodes "
                + "(at most \(maximumSide) pixels a side, \(maximumSide)x\(maximumPixels / maximumSide) in all)")
    }

    /// The threads a decoder gets: as asked, or for 0 what FFmpeg's automatic choice gives (one per core and
    /// one more), never more than `maximumThreads`.
    static func threadCount(asked: Int) -> Int {
        min(asked > 0 ? asked : ProcessInfo.processInfo.activeProcessorCount + 1, maximumThreads)
    }

    /// The decoding threads this decoder has.
    var threadCount: Int { Int(codec.pointee.thread_count) }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = codec
        freeCodecContext(&context)
        var packet: UnsafeMutablePointer<AVPacket>? = packet
        freePacket(&packet)
        var frame: UnsafeMutablePointer<AVFrame>? = frame
        freeFrame(&frame)
        dropReadAhead()
    }

    /// The next frame in presentation order, or nil at the end of the stream.
    ///
    /// Damaged packets are skipped and counted in `damagedPackets`; reading stops at a read error, which
    /// the file keeps in `readError`.
    /// - Throws: `MediaError` `.protectedContent` when a packet of the stream is encrypted, `.unsupported`
    ///   when a picture is larger than `maximumSide` (larger than `maximumPixels` the decoder refuses, as
    ///   damaged, before allocating it).
    func nextFrame() throws(MediaError) -> VideoFrame? {
        try CostLedger.measure(.decode) { () throws(MediaError) in try decodeNextFrame() }
    }

    private func decodeNextFrame() throws(MediaError) -> VideoFrame? {
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received >= 0 {
                defer { av_frame_unref(frame) }
                framesDecoded += 1
                try Self.checkSize(width: Int(frame.pointee.width), height: Int(frame.pointee.height), of: file.url)
                if frame.pointee.decode_error_flags != 0 || frame.pointee.flags & AV_FRAME_FLAG_CORRUPT != 0 {
                    damagedPackets += 1
                }
                let timestamp = presentationTimestamp(of: frame)
                if let group, timestamp >= group.keyframe { self.group?.keyframeOut = true }
                let place: Int
                if let counted = places.place(of: timestamp) { place = counted } else { place = try timeline.place(of: timestamp) }
                return try VideoFrame(
                    frame: frame, timestamp: timestamp, stream: stream, startTime: file.startTimeMicroseconds,
                    frameNumber: place, rotation: rotation)
            }
            if received == framelens_AVERROR_EOF { return nil }
            if received != framelens_AVERROR(EAGAIN) { damagedPackets += 1 }
            if draining { return nil }
            try sendNextPacket()
        }
    }

    /// How many frames the stream has had up to the last packet sent (at its end, its frame count), frames
    /// skipped included; nil after a seek.
    var framesCounted: Int? { places.counted }

    /// Whether seeking can land on a known time; in a raw stream frames are timed by counting from the
    /// start, so it cannot, and `seek` goes back to the start instead.
    var canSeek: Bool { file.hasTimestamps }

    /// Whether the frame shown from `timestamp` came out exact, as ffmpeg decodes it: decoded since the decoder
    /// last left out nothing another frame refers to (a frame decoded before may also be exact, but is not known
    /// to be).
    func decodedExactly(_ timestamp: Int64) -> Bool {
        exactSince.map { timestamp >= $0 } ?? false
    }

    /// Moves to the keyframe at or before `timestamp` (stream time base); the next frame decodes from there.
    func seek(toKeyframeAtOrBefore timestamp: Int64) throws(MediaError) {
        guard canSeek else { return try rewind() }
        try file.seek(stream: streamIndex, toKeyframeAtOrBefore: timestamp)
        reset()
        places.lose()
    }

    /// Goes back to the start of the stream; the next frame is the first.
    func rewind() throws(MediaError) {
        try file.rewind()
        reset()
        nextUntimedTimestamp = nil
        places.restart()
    }

    private func reset() {
        avcodec_flush_buffers(codec)
        bidirectionalSkips.reset()
        steadyGroups = SteadyGroups()
        group = nil
        dropReadAhead()
        draining = false
    }

    private func dropReadAhead() {
        for packet in readAhead {
            var owned: UnsafeMutablePointer<AVPacket>? = packet
            freePacket(&owned)
        }
        readAhead.removeAll()
    }

    /// The frame's presentation timestamp; for a frame without one, the last frame's plus its duration.
    private func presentationTimestamp(of frame: UnsafeMutablePointer<AVFrame>) -> Int64 {
        let given = frame.pointee.best_effort_timestamp != framelens_AV_NOPTS_VALUE
            ? frame.pointee.best_effort_timestamp : frame.pointee.pts
        let timestamp = given != framelens_AV_NOPTS_VALUE && canSeek
            ? given : nextUntimedTimestamp ?? timestamp(forTime: 0)
        let duration = frame.pointee.pkt_duration > 0 ? frame.pointee.pkt_duration : nominalFrameDuration
        nextUntimedTimestamp = timestamp &+ duration
        return timestamp
    }

    /// One frame at the nominal rate (25 fps when unknown, as ffmpeg assumes), in the stream's time base.
    private var nominalFrameDuration: Int64 {
        let rate = frameRate ?? Rational(25, 1)
        return max(1, av_rescale_q(1, AVRational(num: Int32(rate.denominator), den: Int32(rate.numerator)), stream.pointee.time_base))
    }

    /// The stream timestamp of a player time in seconds, rounded down to the stream's time base.
    ///
    /// Any time maps to a timestamp without trapping: a time beyond what the stream's clock holds (an
    /// infinite tolerance, a huge time asked of a video of unknown duration) saturates at `Int64.max`
    /// or `.min`, and NaN is 0.
    func timestamp(forTime seconds: Double) -> Int64 {
        let limit = 0x1p62  // microseconds: about 146,000 years, converting to Int64 without trapping
        let microseconds = Int64(seconds.isNaN ? 0 : min(max((seconds * 1_000_000).rounded(), -limit), limit))
        let microsecond = AVRational(num: 1, den: 1_000_000)
        var offset = av_rescale_q_rnd(microseconds, microsecond, stream.pointee.time_base, AV_ROUND_DOWN)
        // av_rescale_q_rnd gives Int64.min for a result it cannot hold.
        if offset == .min && microseconds > 0 { offset = .max }
        return offset.saturatingAdding(av_rescale_q(file.startTimeMicroseconds, microsecond, stream.pointee.time_base))
    }

    /// Whether a frame shown after `start` and before `end` (stream time base) may have been skipped by
    /// `.bidirectional`, or left out with a steady group, since the last seek.
    func skippedFrames(after start: Int64, before end: Int64) -> Bool {
        bidirectionalSkips.skippedAny(after: start, before: end) || leftOutSteadyFrames(after: start, before: end)
    }

    /// Whether a frame shown after `start` and before `end` (stream time base) was left out with a steady
    /// group since the last seek.
    func leftOutSteadyFrames(after start: Int64, before end: Int64) -> Bool {
        steadyGroups.leftOutAny(after: start, before: end)
    }

    /// Forgets which frames shown before `timestamp` were skipped: nobody will ask.
    func forgetSkippedFrames(before timestamp: Int64) {
        bidirectionalSkips.forget(before: timestamp)
        steadyGroups.forget(before: timestamp)
    }

    /// The timestamp of the last keyframe at or before `timestamp` that the demuxer's index knows of.
    func indexedKeyframe(atOrBefore timestamp: Int64) -> Int64? {
        guard let entry = avformat_index_get_entry_from_timestamp(stream, timestamp, AVSEEK_FLAG_BACKWARD) else {
            return nil
        }
        return entry.pointee.timestamp
    }

    private func sendNextPacket() throws(MediaError) {
        var available = takePacket(into: packet)
        if !available { available = try readStreamPacket(into: packet) }
        guard available else {
            draining = true
            avcodec_send_packet(codec, nil)
            return
        }
        defer { av_packet_unref(packet) }
        let timestamp = packet.pointee.pts == framelens_AV_NOPTS_VALUE ? packet.pointee.dts : packet.pointee.pts
        let isKeyframe = packet.pointee.flags & AV_PKT_FLAG_KEY != 0
        if isKeyframe {
            group = (timestamp, false, false)
        } else if let group, !group.leavingOut, group.keyframeOut, let stillPicture, canLeaveGroupsOut, canSeek {
            try decideGroup(from: packet, showing: stillPicture)
        }
        let leftOut = !isKeyframe && group?.leavingOut == true
        // Frames timed by counting them must all come out: nothing is skipped in an untimed stream.
        let skipped = canSeek && !leftOut ? skipping.flatMap { timestamp < $0.before ? $0.frames : nil } : nil
        codec.pointee.skip_frame =
            switch skipped {
            case _ where leftOut: AVDISCARD_NONKEY
            case .bidirectional?:
                bidirectionalSkips.skips(
                    timestamp: timestamp, size: packet.pointee.size, isKeyframe: isKeyframe)
                    ? (keepsReferences ? AVDISCARD_NONREF : bidirectionalDiscard) : AVDISCARD_DEFAULT
            case .nonReference?: AVDISCARD_NONREF
            case nil: AVDISCARD_DEFAULT
            }
        let damages = skipped == .bidirectional && !keepsReferences
        codec.pointee.skip_loop_filter = damages ? AVDISCARD_NONINTRA : AVDISCARD_DEFAULT
        if damages { exactSince = nil } else if isKeyframe, exactSince == nil { exactSince = timestamp }
        steadyGroups.sent(.init(timestamp: timestamp, size: Int(packet.pointee.size)), isKeyframe: isKeyframe)
        // A packet cut off by an edit list gives no frame; an untimed one's frame is counted as it comes.
        let counted = canSeek && packet.pointee.flags & AV_PKT_FLAG_DISCARD == 0 ? timestamp : nil
        places.sent(counted == framelens_AV_NOPTS_VALUE ? nil : counted)
        if avcodec_send_packet(codec, packet) < 0 { damagedPackets += 1 }
    }

    /// The most packets, and bytes, read ahead to judge a group: a longer group is decoded whole.
    private static let longestReadAhead = (packets: 1024, bytes: 32 << 20)

    /// Decides whether the rest of the group, from `first` (the packet about to be sent) to the next keyframe,
    /// is left out: it must bring nothing new (`SteadyGroups.isSteady`), the next keyframe must show the
    /// caller's picture (`stillPicture`) and come before `steadyGroupsEnd`, and the next group must not begin
    /// with frames shown before its keyframe, which would refer to the frames left out (an open GOP). The last
    /// group of the stream is decoded: no keyframe after it would show a change. Asked again at each packet
    /// until it is left out: once a change is decoded and the caller sees the picture settle, the rest of its
    /// group can go.
    private func decideGroup(
        from first: UnsafeMutablePointer<AVPacket>, showing stillPicture: (VideoFrame) -> Bool
    ) throws(MediaError) {
        var rest = [Self.described(first)]
        var bytes = Int(first.pointee.size)
        var index = 0
        var nextKeyframe: (timestamp: Int64, packet: UnsafeMutablePointer<AVPacket>)?
        while true {
            if index == readAhead.count {
                guard readAhead.count < Self.longestReadAhead.packets, bytes < Self.longestReadAhead.bytes,
                      let next = allocatePacket()
                else { return }
                guard try readStreamPacket(into: next) else {
                    var unused: UnsafeMutablePointer<AVPacket>? = next
                    freePacket(&unused)
                    break
                }
                readAhead.append(next)
            }
            let packet = Self.described(readAhead[index])
            index += 1
            if let keyframe = nextKeyframe {
                guard packet.timestamp >= keyframe.timestamp else { return }
                break
            }
            if readAhead[index - 1].pointee.flags & AV_PKT_FLAG_KEY != 0 {
                nextKeyframe = (packet.timestamp, readAhead[index - 1])
                continue
            }
            rest.append(packet)
            bytes += packet.size
        }
        guard let nextKeyframe, nextKeyframe.timestamp <= steadyGroupsEnd, steadyGroups.isSteady(rest),
              let picture = probe?.picture(of: nextKeyframe.packet, timestamp: nextKeyframe.timestamp),
              stillPicture(picture), let first = rest.map(\.timestamp).min(), let last = rest.map(\.timestamp).max()
        else { return }
        group?.leavingOut = true
        steadyGroups.leave(out: first...last)
    }

    private static func described(_ packet: UnsafeMutablePointer<AVPacket>) -> SteadyGroups.Packet {
        let timestamp = packet.pointee.pts == framelens_AV_NOPTS_VALUE ? packet.pointee.dts : packet.pointee.pts
        return SteadyGroups.Packet(timestamp: timestamp, size: Int(packet.pointee.size))
    }

    /// Moves the oldest packet read ahead into `packet`; false when none is.
    private func takePacket(into packet: UnsafeMutablePointer<AVPacket>) -> Bool {
        guard !readAhead.isEmpty else { return false }
        var taken: UnsafeMutablePointer<AVPacket>? = readAhead.removeFirst()
        av_packet_move_ref(packet, taken)
        freePacket(&taken)
        return true
    }

    /// Reads the stream's next packet from the file into `packet`; false at the end of the input.
    ///
    /// - Throws: `MediaError` `.protectedContent` for an encrypted packet.
    private func readStreamPacket(into packet: UnsafeMutablePointer<AVPacket>) throws(MediaError) -> Bool {
        while file.readPacket(into: packet) {
            guard Int(packet.pointee.stream_index) == streamIndex else {
                av_packet_unref(packet)
                continue
            }
            if ProtectionDetector.packetIsEncrypted(packet) {
                av_packet_unref(packet)
                throw MediaError(
                    .protectedContent, "stream \(streamIndex) of \(file.url) is protected (encrypted packets)")
            }
            return true
        }
        return false
    }
}
