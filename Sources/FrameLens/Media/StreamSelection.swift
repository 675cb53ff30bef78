extension MediaInfo {
    /// The video stream a player uses: the one named, or the first playable, unprotected video stream.
    ///
    /// - Parameter requested: a stream index the caller chose, or nil to choose automatically.
    /// - Throws: `MediaError` `.noSuchStream` (index out of range or not a video), `.protectedContent` (the
    ///   chosen stream, or every video stream, is protected), `.noVideoStream`, `.unsupported` (no decoder).
    public func videoStream(requested: Int? = nil) throws(MediaError) -> StreamInfo {
        if let requested {
            guard streams.indices.contains(requested) else {
                throw MediaError(.noSuchStream, "\(url) has no stream \(requested) (it has \(streams.count))")
            }
            let stream = streams[requested]
            guard stream.kind == .video, !stream.isAttachedPicture else {
                let what = stream.isAttachedPicture ? "an attached picture" : "\(stream.kind.rawValue)"
                throw MediaError(.noSuchStream, "stream \(requested) of \(url) is \(what), not a video")
            }
            guard !stream.isProtected else { throw protectedError([stream]) }
            guard stream.isPlayable else {
                throw MediaError(.unsupported, "stream \(requested) of \(url): no decoder for \(stream.codec)")
            }
            return stream
        }
        if let playable = streams.first(where: \.isPlayableVideo) { return playable }
        let videos = streams.filter { $0.kind == .video && !$0.isAttachedPicture }
        if videos.isEmpty {
            var kinds = Set(streams.filter { !$0.isAttachedPicture }.map(\.kind.rawValue)).sorted()
            if streams.contains(where: \.isAttachedPicture) { kinds.append("an attached picture") }
            let only = kinds.isEmpty ? "" : " (only \(kinds.joined(separator: " and ")))"
            throw MediaError(.noVideoStream, "\(url) has no video stream\(only)")
        }
        if videos.allSatisfy(\.isProtected) { throw protectedError(videos) }
        let codecs = videos.map(\.codec).joined(separator: ", ")
        throw MediaError(.unsupported, "\(url): no decoder for its video (\(codecs))")
    }

    private func protectedError(_ videos: [StreamInfo]) -> MediaError {
        let how = Set(videos.compactMap(\.protection)).sorted().joined(separator: ", ")
        let which = videos.count == 1 ? "its video stream is" : "all \(videos.count) video streams are"
        return MediaError(.protectedContent, "\(url) is protected content: \(which) encrypted (\(how)); FrameLens does not decode protected streams")
    }
}
