/// One stream of a media file, as `framelens probe` reports it.
public struct StreamInfo: Sendable, Hashable, Codable {
    /// What a stream carries.
    public enum Kind: String, Sendable, Codable {
        case video, audio, subtitle, data, attachment, unknown
    }

    /// The stream's index in the container (what `--stream N` names).
    public let index: Int
    /// What the stream carries.
    public let kind: Kind
    /// The codec's short name (`h264`, `aac`, ...), or `none` when FFmpeg does not know it.
    public let codec: String
    /// The sample entry / FourCC the container gives, e.g. `avc1`, `encv`.
    public let codecTag: String?
    /// The coded width in pixels, for video.
    public let width: Int?
    /// The coded height in pixels, for video.
    public let height: Int?
    /// The average frame rate in frames per second, when the container knows it.
    public let frameRate: Double?
    /// The sample aspect ratio (pixel shape), when not square.
    public let sampleAspectRatio: Rational?
    /// Clockwise rotation in degrees (0, 90, 180, 270) the display matrix asks for.
    public let rotation: Int
    /// Whether this is a still image attached to the file (cover art), not a video to play.
    public let isAttachedPicture: Bool
    /// Whether the stream is encrypted or under DRM; such streams are never decoded.
    public let isProtected: Bool
    /// How the protection was recognised (e.g. `cenc packet encryption info`), when protected.
    public let protection: String?
    /// Whether FrameLens can play it as the video: a video stream (not cover art) that a decoder exists for
    /// and that is not protected. Audio, subtitle and data streams are never playable.
    public let isPlayable: Bool
    /// The decoded pixel format as FFmpeg names it (`yuv420p`), for video.
    public let pixelFormat: String?
    /// The unit of the stream's timestamps (`1/15360`).
    public let timeBase: Rational
    /// The number of frames (or packets, for audio) the container declares, when it does.
    public let frameCount: Int?
    /// The shape the picture is shown at, width to height, reduced (`16/9`), for video.
    public let displayAspectRatio: Rational?
    /// The codec profile as FFmpeg names it (`High`, `LC`), when known.
    public let profile: String?
    /// The stream's language tag (ISO 639-2, `eng`), when the container gives one.
    public let language: String?
    /// Samples per second and channels, for audio.
    public let sampleRate: Int?
    public let channels: Int?

    /// Whether the player may choose this stream as its video.
    public var isPlayableVideo: Bool { kind == .video && !isAttachedPicture && isPlayable }
}
