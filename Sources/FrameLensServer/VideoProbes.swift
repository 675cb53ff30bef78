import FrameLens

/// The details of the catalogue's videos that were not probed when it was made (a library's), each probed
/// when first needed, off Swift's cooperative pool (probing blocks); requests that arrive while a video is
/// probed wait for the same probe. What a probe found is kept; a failed probe is tried again next time.
actor VideoProbes {
    private var found: [String: VideoDetails] = [:]
    private var probing: [String: Task<Result<VideoDetails, MediaError>, Never>] = [:]

    /// The video with its details, probing it if it has not been yet.
    ///
    /// - Throws: `MediaError` when the file is no longer there or is not a video.
    func probed(_ video: ServedVideo) async throws(MediaError) -> ServedVideo {
        if video.details != nil { return video }
        if let details = found[video.id] { return video.with(details) }
        let task = probing[video.id] ?? Task.detached { [path = video.path, name = video.name] in
            Result { () throws(MediaError) in try VideoDetails(probing: path, named: name) }
        }
        probing[video.id] = task
        let result = await task.value
        probing[video.id] = nil
        let details = try result.get()
        found[video.id] = details
        return video.with(details)
    }

    /// The catalogue's videos, each with its details where they are known.
    func listed(_ videos: [ServedVideo]) -> [ServedVideo] {
        videos.map { video in found[video.id].map(video.with) ?? video }
    }
}
