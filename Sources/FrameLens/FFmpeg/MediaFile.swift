import Foundation
internal import CFFmpeg

/// An open media file: the demuxer (`AVFormatContext`) and what it says about its streams.
///
/// Owns the format context and closes it on deinit. Not `Sendable`: one task reads it at a time.
/// The first packets are read once at open to recognise protected streams, then handed out again by
/// `readPacket`, so nothing is read twice and non-seekable inputs work too.
final class MediaFile {
    let url: String
    private(set) var info: MediaInfo
    private let context: UnsafeMutablePointer<AVFormatContext>
    private var queuedPackets: [UnsafeMutablePointer<AVPacket>] = []
    /// Set when reading stopped on an error rather than a clean end of file, or at an end that cuts the file
    /// short (`cutShort`).
    private(set) var readError: String?
    /// Whether the last packet handed out was cut short by the end of the data (`AV_PKT_FLAG_CORRUPT`).
    private var lastPacketWasCut = false
    /// Where the packets handed out end, at the latest, in AV_TIME_BASE units (nil before any timed packet).
    private var dataEnd: Int64?
    /// The interrupt callback's deadline: no read waits longer for data.
    private let deadline: ReadDeadline
    /// The FIFO FFmpeg reads, when the input is one.
    private let pipe: NamedPipe?

    private static let scanPacketLimit = 96
    private static let scanByteLimit = 8 << 20

    /// Opens a media file or URL and reads what it says about its streams.
    ///
    /// - Parameters:
    ///   - url: a path, or any URL FFmpeg reads.
    ///   - readTimeout: how long one read may wait for data before the input counts as stalled, in seconds.
    /// - Throws: `MediaError`: `.fileNotFound`, `.notAFile`, `.emptyFile`, `.unreadable` (also a stalled
    ///   input), `.notMedia`.
    init(url: String, readTimeout: Double = ReadDeadline.defaultTimeout) throws(MediaError) {
        quietFFmpegLogs()
        try Self.checkLocalFile(url)
        self.url = url
        let deadline = ReadDeadline(timeout: readTimeout)
        self.deadline = deadline
        let path = Self.localPath(url)
        let pipe = Self.isLocal(url) && NamedPipe.isPipe(path) ? try NamedPipe(path: path, deadline: deadline) : nil
        self.pipe = pipe
        let input = pipe?.ffmpegURL ?? url
        var opened = avformat_alloc_context()
        guard opened != nil else { throw MediaError(.notMedia, "out of memory opening \(url)") }
        opened?.pointee.interrupt_callback = deadline.interruptCallback
        try Self.reading(deadline, url, .notMedia, "\(url) is not a video FrameLens can read", "avformat_open_input") {
            avformat_open_input(&opened, input, nil, nil)
        }
        guard let opened else { throw MediaError(.notMedia, "cannot open \(url) as media") }
        context = opened
        let packetProtection: Set<Int>
        do {
            try Self.reading(deadline, url, .notMedia, "\(url) is not a readable media file", "avformat_find_stream_info") {
                avformat_find_stream_info(opened, nil)
            }
            packetProtection = try Self.scanPackets(context: opened, url: url, deadline: deadline, into: &queuedPackets)
        } catch {
            var closing: UnsafeMutablePointer<AVFormatContext>? = opened
            avformat_close_input(&closing)
            throw error
        }
        let playlistProtection = Self.isLocalPlaylist(url, context: opened)
            ? ProtectionDetector.playlistProtection(path: path) : nil
        info = Self.describe(
            url: url, context: opened, packetProtection: packetProtection, playlistProtection: playlistProtection)
        hasTimestamps = queuedPackets.contains {
            $0.pointee.pts != framelens_AV_NOPTS_VALUE || $0.pointee.dts != framelens_AV_NOPTS_VALUE
        } || queuedPackets.isEmpty
        if info.duration == nil && !hasTimestamps { countDuration() }
    }

    /// Runs an FFmpeg call that reads under the deadline, as `ffmpegCall` does; a call the deadline stopped
    /// throws `.unreadable`, saying that the input stalled.
    @discardableResult
    private static func reading(
        _ deadline: ReadDeadline, _ url: String, _ code: MediaError.Code, _ what: @autoclosure () -> String,
        _ operation: String, _ body: () -> Int32
    ) throws(MediaError) -> Int32 {
        let result = deadline.reading(body)
        if result < 0 && deadline.hasExpired {
            throw stalled(url, deadline, operation)
        }
        return try ffmpegCall(code, what(), operation) { result }
    }

    /// The error for a read the deadline stopped: "cannot read V: no data for 30 s (the input stalled)".
    private static func stalled(_ url: String, _ deadline: ReadDeadline, _ operation: String) -> MediaError {
        MediaError(.unreadable, "cannot read \(url): \(deadline.stallMessage)", operation: operation)
    }

    deinit {
        discardQueuedPackets()
        var closing: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&closing)
    }

    /// The stream's FFmpeg object, for the decoder.
    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream> {
        context.pointee.streams[index]!
    }

    /// The container's start time in AV_TIME_BASE units (what player time 0 is).
    var startTimeMicroseconds: Int64 {
        context.pointee.start_time == framelens_AV_NOPTS_VALUE ? 0 : context.pointee.start_time
    }

    /// Whether the input is a pipe (`pipe:`, `fd:`, a FIFO or a terminal), which can be read only once: opened
    /// again, it goes on where the other reader is. A file or a URL opened again starts afresh.
    var isPipe: Bool {
        if url.hasPrefix("pipe:") || url.hasPrefix("fd:") { return true }
        var status = stat()
        guard Self.isLocal(url), stat(Self.localPath(url), &status) == 0 else { return false }
        return [S_IFIFO, S_IFCHR, S_IFSOCK].contains(status.st_mode & S_IFMT)
    }

    /// Whether the input can be read again from an earlier point: a file or a seekable URL can, a pipe or a
    /// FIFO is read once, forwards. A demuxer that reads its input itself (no I/O context) seeks on its own.
    var isSeekable: Bool {
        guard let pb = context.pointee.pb else { return true }
        return pb.pointee.seekable & AVIO_SEEKABLE_NORMAL != 0
    }

    /// Whether the packets carry timestamps; raw elementary streams (H.264, HEVC, ...) do not, and their
    /// frames are timed by counting them at the stream's frame rate, as ffmpeg does.
    private(set) var hasTimestamps = true

    /// A raw stream's duration, as ffmpeg counts it: its first video stream's packets (one per frame) at
    /// its frame rate. Only for seekable inputs, which can be read again from the start.
    private func countDuration() {
        guard let pb = context.pointee.pb, pb.pointee.seekable != 0,
              let index = info.streams.first(where: { $0.kind == .video })?.index,
              let rate = info.streams[index].frameRate, rate > 0,
              let packet = allocatePacket()
        else { return }
        var owned: UnsafeMutablePointer<AVPacket>? = packet
        defer { freePacket(&owned) }
        var frames = 0
        while readPacket(into: packet) {
            if packet.pointee.stream_index == index { frames += 1 }
            av_packet_unref(packet)
        }
        guard readError == nil, frames > 0, (try? rewind()) != nil else { return }
        info.duration = Timestamp(keeping: Double(frames) / rate)
    }

    /// Reads the next packet of any stream into `packet`.
    ///
    /// - Returns: false at the end of the input; a read error also ends it and is kept in `readError`.
    func readPacket(into packet: UnsafeMutablePointer<AVPacket>) -> Bool {
        if !queuedPackets.isEmpty {
            var queued: UnsafeMutablePointer<AVPacket>? = queuedPackets.removeFirst()
            av_packet_move_ref(packet, queued)
            freePacket(&queued)
        } else {
            let result = deadline.reading { av_read_frame(context, packet) }
            if result == framelens_AVERROR_EOF {
                if lastPacketWasCut || indexReachesPastEnd || endsBeforeDeclaredDuration { readError = Self.cutShort }
                return false
            }
            if result < 0 {
                readError = deadline.hasExpired ? deadline.stallMessage : ffmpegErrorText(result)
                return false
            }
        }
        lastPacketWasCut = packet.pointee.flags & AV_PKT_FLAG_CORRUPT != 0
        noteEnd(of: packet.pointee)
        return true
    }

    /// Keeps `dataEnd` up to date with a packet handed out.
    private func noteEnd(of packet: AVPacket) {
        let time = packet.pts != framelens_AV_NOPTS_VALUE ? packet.pts : packet.dts
        guard time != framelens_AV_NOPTS_VALUE, packet.stream_index < context.pointee.nb_streams else { return }
        let timeBase = context.pointee.streams[Int(packet.stream_index)]!.pointee.time_base
        let end = av_rescale_q(time.addingReportingOverflow(max(packet.duration, 0)).partialValue, timeBase, AVRational(num: 1, den: AV_TIME_BASE))
        dataEnd = max(dataEnd ?? end, end)
    }

    /// Why reading ended early when the data ends before the file does: a last packet cut short (the
    /// demuxer read less than it asked for), or an index listing packets past the end of the data (an MP4
    /// cut at a packet boundary). Neither depends on how the decoder reports the damage, which varies with
    /// its threads.
    static let cutShort = "the file is cut short"

    /// Whether the data ends more than a second before the duration the container declares in its header
    /// (a Matroska or WebM file cut short: it has no index at the end to tell, and its demuxer drops the
    /// last packet cut short without a word). Durations ffmpeg estimates from the data itself (a transport
    /// stream's, from its last timestamps) end where the data ends and tell nothing.
    private var endsBeforeDeclaredDuration: Bool {
        let declared = context.pointee.duration
        guard context.pointee.duration_estimation_method == AVFMT_DURATION_FROM_STREAM,
              declared != framelens_AV_NOPTS_VALUE, declared > 0, let dataEnd
        else { return false }
        let declaredEnd = startTimeMicroseconds.addingReportingOverflow(declared).partialValue
        return declaredEnd.subtractingReportingOverflow(dataEnd).partialValue > 1_000_000
    }

    /// Whether a stream's index lists a packet that ends past the end of the input (when its size is known).
    private var indexReachesPastEnd: Bool {
        guard let pb = context.pointee.pb else { return false }
        let size = avio_size(pb)
        guard size > 0 else { return false }
        return (0..<Int(context.pointee.nb_streams)).contains { index in
            let stream = context.pointee.streams[index]!
            let count = avformat_index_get_entries_count(stream)
            guard count > 0, let last = avformat_index_get_entry(stream, count - 1) else { return false }
            return last.pointee.pos > size - Int64(last.pointee.size)
        }
    }

    /// Seeks so that the next packet read is the keyframe at or before `timestamp` in the stream's time base.
    func seek(stream index: Int, toKeyframeAtOrBefore timestamp: Int64) throws(MediaError) {
        discardQueuedPackets()
        try Self.reading(deadline, url, .decodeFailed, "cannot seek in \(url)", "avformat_seek_file") {
            avformat_seek_file(context, Int32(index), Int64.min, timestamp, timestamp, 0)
        }
    }

    /// Goes back to the very start of the input: by byte where the format allows it (transport and
    /// program streams, whose timestamp seeks are approximate), else to the earliest timestamp.
    func rewind() throws(MediaError) {
        discardQueuedPackets()
        let canSeekBytes = context.pointee.iformat.pointee.flags & AVFMT_NO_BYTE_SEEK == 0
            && context.pointee.pb != nil
        try Self.reading(deadline, url, .decodeFailed, "cannot seek to the start of \(url)", "avformat_seek_file") {
            canSeekBytes
                ? avformat_seek_file(context, -1, 0, 0, 0, AVSEEK_FLAG_BYTE)
                : avformat_seek_file(context, -1, Int64.min, Int64.min, Int64.min, 0)
        }
    }

    private func discardQueuedPackets() {
        queuedPackets.forEach { var packet: UnsafeMutablePointer<AVPacket>? = $0; freePacket(&packet) }
        queuedPackets.removeAll()
        readError = nil
        lastPacketWasCut = false
    }

    // MARK: - Opening

    private static func checkLocalFile(_ url: String) throws(MediaError) {
        guard isLocal(url) else { return }
        let path = localPath(url)
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { throw MediaError(.fileNotFound, "no such file: \(path)") }
            throw MediaError(.unreadable, "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw MediaError(.notAFile, "\(path) is a directory, not a video") }
        if (status.st_mode & S_IFMT) == S_IFREG && status.st_size == 0 {
            throw MediaError(.emptyFile, "\(path) is empty (0 bytes)")
        }
        guard access(path, R_OK) == 0 else {
            throw MediaError(.unreadable, "cannot read \(path): \(String(cString: strerror(errno)))")
        }
    }

    private static func isLocal(_ url: String) -> Bool {
        url.hasPrefix("file:") || !url.contains(":")
            || (url.firstIndex(of: "/").map { $0 < url.firstIndex(of: ":")! } ?? false)
    }

    private static func localPath(_ url: String) -> String {
        url.hasPrefix("file:") ? String(url.dropFirst("file:".count)) : url
    }

    private static func isLocalPlaylist(_ url: String, context: UnsafeMutablePointer<AVFormatContext>) -> Bool {
        isLocal(url) && String(cString: context.pointee.iformat.pointee.name).contains("hls")
    }

    /// Reads the first packets, queueing them, and notes which streams carry per-packet encryption info.
    ///
    /// - Throws: `MediaError` `.unreadable` when the input stalls (the queue is emptied).
    private static func scanPackets(
        context: UnsafeMutablePointer<AVFormatContext>, url: String, deadline: ReadDeadline,
        into queue: inout [UnsafeMutablePointer<AVPacket>]
    ) throws(MediaError) -> Set<Int> {
        var encrypted = Set<Int>()
        var seen = [Int: Int]()
        var bytes = 0
        let streamCount = Int(context.pointee.nb_streams)
        while queue.count < scanPacketLimit && bytes < scanByteLimit
            && (seen.count < streamCount || seen.values.contains(where: { $0 < 2 }))
        {
            guard let packet = allocatePacket() else { break }
            guard deadline.reading({ av_read_frame(context, packet) }) >= 0 else {
                var unused: UnsafeMutablePointer<AVPacket>? = packet
                freePacket(&unused)
                guard !deadline.hasExpired else {
                    queue.forEach { var queued: UnsafeMutablePointer<AVPacket>? = $0; freePacket(&queued) }
                    queue.removeAll()
                    throw stalled(url, deadline, "av_read_frame")
                }
                break
            }
            let index = Int(packet.pointee.stream_index)
            if ProtectionDetector.packetIsEncrypted(packet) { encrypted.insert(index) }
            seen[index, default: 0] += 1
            bytes += Int(packet.pointee.size)
            queue.append(packet)
        }
        return encrypted
    }

    private static func describe(
        url: String, context: UnsafeMutablePointer<AVFormatContext>, packetProtection: Set<Int>,
        playlistProtection: String?
    ) -> MediaInfo {
        let format = context.pointee.iformat.pointee
        let streams = (0..<Int(context.pointee.nb_streams)).map { index in
            describeStream(
                context.pointee.streams[index]!, index: index,
                protection: packetProtection.contains(index) ? "cenc packet encryption info" : playlistProtection)
        }
        let duration = context.pointee.duration
        let bitRate = context.pointee.bit_rate
        let start = context.pointee.start_time
        return MediaInfo(
            url: url,
            container: String(cString: format.name),
            containerLongName: format.long_name.map { String(cString: $0) } ?? "",
            duration: duration == framelens_AV_NOPTS_VALUE || duration <= 0
                ? nil : Timestamp(value: duration, timescale: Int64(AV_TIME_BASE)),
            startTime: start == framelens_AV_NOPTS_VALUE ? .zero : Timestamp(value: start, timescale: Int64(AV_TIME_BASE)),
            bitRate: bitRate > 0 ? Int(bitRate) : nil,
            streams: streams)
    }

    private static func describeStream(
        _ stream: UnsafeMutablePointer<AVStream>, index: Int, protection found: String?
    ) -> StreamInfo {
        let parameters = stream.pointee.codecpar.pointee
        let kind: StreamInfo.Kind =
            switch parameters.codec_type {
            case AVMEDIA_TYPE_VIDEO: .video
            case AVMEDIA_TYPE_AUDIO: .audio
            case AVMEDIA_TYPE_SUBTITLE: .subtitle
            case AVMEDIA_TYPE_DATA: .data
            case AVMEDIA_TYPE_ATTACHMENT: .attachment
            default: .unknown
            }
        let protection = ProtectionDetector.streamProtection(stream) ?? found
        let hasDecoder = avcodec_find_decoder(parameters.codec_id) != nil
        let isVideo = kind == .video
        let frameRate = stream.pointee.avg_frame_rate.isKnownRate
            ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        let sar = stream.pointee.sample_aspect_ratio.isKnownRate
            ? stream.pointee.sample_aspect_ratio : parameters.sample_aspect_ratio
        return StreamInfo(
            index: index,
            kind: kind,
            codec: String(cString: avcodec_get_name(parameters.codec_id)),
            codecTag: ProtectionDetector.codecTagString(parameters.codec_tag),
            width: isVideo && parameters.width > 0 ? Int(parameters.width) : nil,
            height: isVideo && parameters.height > 0 ? Int(parameters.height) : nil,
            frameRate: isVideo && frameRate.isKnownRate ? av_q2d(frameRate) : nil,
            sampleAspectRatio: isVideo && sar.isKnownRate && sar.num != sar.den ? sar.rational : nil,
            rotation: isVideo ? displayRotation(stream) : 0,
            isAttachedPicture: stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0,
            isProtected: protection != nil,
            protection: protection,
            isPlayable: isVideo && stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0 && hasDecoder
                && protection == nil,
            pixelFormat: isVideo ? av_get_pix_fmt_name(AVPixelFormat(rawValue: parameters.format)).map { String(cString: $0) } : nil,
            timeBase: stream.pointee.time_base.rational,
            frameCount: stream.pointee.nb_frames > 0 ? Int(stream.pointee.nb_frames) : nil,
            displayAspectRatio: isVideo ? displayAspectRatio(parameters, sar: sar) : nil,
            profile: avcodec_profile_name(parameters.codec_id, parameters.profile).map { String(cString: $0) },
            language: av_dict_get(stream.pointee.metadata, "language", nil, 0).map { String(cString: $0.pointee.value) },
            sampleRate: kind == .audio && parameters.sample_rate > 0 ? Int(parameters.sample_rate) : nil,
            channels: kind == .audio && parameters.ch_layout.nb_channels > 0 ? Int(parameters.ch_layout.nb_channels) : nil)
    }

    /// Width x SAR to height, reduced as ffprobe's `display_aspect_ratio` (a square-pixel SAR when unknown).
    private static func displayAspectRatio(_ parameters: AVCodecParameters, sar: AVRational) -> Rational? {
        guard parameters.width > 0, parameters.height > 0 else { return nil }
        let pixel = sar.isKnownRate ? sar : AVRational(num: 1, den: 1)
        var ratio = AVRational()
        av_reduce(
            &ratio.num, &ratio.den, Int64(parameters.width) * Int64(pixel.num), Int64(parameters.height) * Int64(pixel.den),
            1 << 20)
        return ratio.rational
    }

    /// The clockwise rotation ffmpeg applies for display, from the stream's display matrix.
    private static func displayRotation(_ stream: UnsafeMutablePointer<AVStream>) -> Int {
        var size: Int = 0
        guard let matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 else {
            return 0
        }
        let angle = matrix.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        guard angle.isFinite else { return 0 }
        let clockwise = Int((-angle).rounded())
        let normalised = ((clockwise % 360) + 360) % 360
        return [0, 90, 180, 270, 360].min { abs($0 - normalised) < abs($1 - normalised) }! % 360
    }
}

extension AVRational {
    var isKnownRate: Bool { num > 0 && den > 0 }
}
