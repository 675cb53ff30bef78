/// What a media file holds: its container, duration and streams.
public struct MediaInfo: Sendable, Hashable, Codable {
    /// The path or URL that was opened.
    public let url: String
    /// The container format's short name(s), e.g. `mov,mp4,m4a,3gp,3g2,mj2`.
    public let container: String
    /// The container format's long name, e.g. `QuickTime / MOV`.
    public let containerLongName: String
    /// The duration, when known.
    public internal(set) var duration: Timestamp?
    /// The presentation time at which the media starts; player times count from here.
    public let startTime: Timestamp
    /// The overall bit rate in bits per second, when known.
    public let bitRate: Int?
    /// Its streams, in container order.
    public let streams: [StreamInfo]

    /// Opens a file or URL just long enough to describe it.
    ///
    /// - Parameter url: a path, or any URL FFmpeg reads.
    /// - Throws: `MediaError` when the input is missing, empty or not media.
    public static func probe(_ url: String) throws(MediaError) -> MediaInfo {
        try MediaFile(url: url).info
    }
}
