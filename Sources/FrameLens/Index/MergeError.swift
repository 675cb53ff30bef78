/// An error from merging the indexes of a video's time ranges (shards) into one (`framelens merge`): indexes
/// that do not belong together. Package-wide, as the merger is.
package typealias MergeError = FrameLensError<MergeErrorCode>

/// Why indexes cannot be merged; new codes may be added.
package struct MergeErrorCode: FrameLensErrorCode {
    /// The code's name.
    package let rawValue: String

    /// A code with the given name.
    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// No index was given.
    package static let nothingToMerge = MergeErrorCode(rawValue: "nothingToMerge")
    /// The indexes are of different videos.
    package static let differentVideos = MergeErrorCode(rawValue: "differentVideos")
    /// The indexes are of one path whose content changed between them.
    package static let differentVersions = MergeErrorCode(rawValue: "differentVersions")
    /// One index's range ends after the next one's starts.
    package static let overlap = MergeErrorCode(rawValue: "overlap")
}

// MARK: - Messages

extension MergeError {
    /// `nothing to merge`: `.nothingToMerge`.
    static var nothingToMerge: MergeError { MergeError(.nothingToMerge, "nothing to merge") }

    /// `cannot merge indexes of different videos (FIRST, OTHER)`: `.differentVideos`.
    static func differentVideos(_ first: String, _ other: String) -> MergeError {
        MergeError(.differentVideos, "cannot merge indexes of different videos (\(first), \(other))")
    }

    /// `cannot merge indexes of VIDEO made from different versions of it (...)`: `.differentVersions`.
    static func differentVersions(of video: String) -> MergeError {
        MergeError(
            .differentVersions,
            "cannot merge indexes of \(video) made from different versions of it (its content changed between them)")
    }

    /// `shards overlap: one ends at END, the next starts at START`: `.overlap`.
    static func overlap(end: Double, start: Double) -> MergeError {
        MergeError(
            .overlap, "shards overlap: one ends at \(MediaTime.clock(end)), the next starts at \(MediaTime.clock(start))")
    }
}
