/// How a picture is stored relative to upright, as `CGImagePropertyOrientation` without the mirrored cases
/// (and as EXIF orientations 1, 6, 3 and 8): the analyzer turns it upright before reading, and reports every
/// position on the upright picture.
public enum ImageOrientation: Int, Sendable, Hashable, CaseIterable {
    /// Upright as stored (EXIF 1).
    case up = 0
    /// Turned 90° clockwise to be upright: the stored first row becomes the right-hand column (EXIF 6).
    case right = 90
    /// Turned 180° to be upright (EXIF 3).
    case down = 180
    /// Turned 90° counter-clockwise to be upright: the stored first row becomes the left-hand column (EXIF 8).
    case left = 270

    /// The clockwise turn, in degrees, that makes the picture upright.
    var clockwiseDegrees: Int { rawValue }
}
