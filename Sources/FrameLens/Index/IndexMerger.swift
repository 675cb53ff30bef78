/// Joins the indexes of consecutive time ranges (shards) of one video into one index.
///
/// A cue cut by a shard boundary (it runs to the end of one shard and the next starts with the same
/// content) becomes one cue again.
package enum IndexMerger {
    /// How close to a boundary a cue must end or start to count as cut by it.
    static let boundaryTolerance = 0.1

    /// Merges shards, in time order whatever order they are given in.
    ///
    /// - Throws: `MergeError`: `.nothingToMerge` when there are none, `.differentVideos`, `.differentVersions`
    ///   (one path whose content changed), `.overlap`.
    package static func merge(_ shards: [VideoIndex]) throws(MergeError) -> VideoIndex {
        let ordered = shards.sorted { $0.from < $1.from }
        guard var merged = ordered.first else { throw MergeError.nothingToMerge }
        for shard in ordered.dropFirst() {
            guard shard.video == merged.video else {
                throw MergeError.differentVideos(merged.video, shard.video)
            }
            if let first = merged.identity, let other = shard.identity, first.hash != other.hash {
                throw MergeError.differentVersions(of: merged.video)
            }
            let (end, start) = (merged.to.seconds, shard.from.seconds)
            guard start >= end - boundaryTolerance else {
                throw MergeError.overlap(end: end, start: start)
            }
            if start > end + boundaryTolerance {
                merged.warnings.append("gap from \(MediaTime.clock(end)) to \(MediaTime.clock(start)): not indexed")
            }
            var cues = shard.cues
            if let last = merged.cues.last, let first = cues.first,
               abs(last.end.seconds - end) <= boundaryTolerance, abs(first.start.seconds - start) <= boundaryTolerance,
               CueBuilder.isSameContent(last, first.text, first.codes)
            {
                merged.cues[merged.cues.count - 1].end = first.end
                merged.cues[merged.cues.count - 1].endFrame = first.endFrame
                cues.removeFirst()
            }
            merged.cues += cues
            merged.to = shard.to
            merged.complete = merged.complete && shard.complete
            merged.warnings += shard.warnings
            if merged.width == nil { (merged.width, merged.height) = (shard.width, shard.height) }
        }
        return merged
    }
}
