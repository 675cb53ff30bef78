import FrameLens
import FrameLensLibrary

/// What `library add` and `library import` do to each video and print about it, one line each
/// (`added PATH: 4 cues`, `updated`, `moved OLD -> NEW`, `unchanged PATH`), then a summary line.
struct LibraryChanges {
    let library: VideoLibrary
    let quiet: Bool
    private var counts: [String: Int] = [:]

    init(library: VideoLibrary, quiet: Bool) {
        self.library = library
        self.quiet = quiet
    }

    /// Settles a video that needs no new index: an unchanged one is left, a moved one takes its new path.
    ///
    /// - Returns: whether the video needs its index stored (new or changed).
    mutating func settle(_ identity: VideoIdentity) throws(LibraryError) -> Bool {
        switch try library.placement(of: identity) {
        case .unchanged:
            note("unchanged", "unchanged \(identity.path)")
            return false
        case .moved(let old):
            try library.move(from: old, to: identity)
            note("moved", "moved \(old) -> \(identity.path)")
            return false
        case .new, .changed:
            return true
        }
    }

    /// Stores a video's index, replacing its earlier one.
    mutating func store(_ index: VideoIndex, of identity: VideoIdentity) throws(LibraryError) {
        let replaced = try library.placement(of: identity) == .changed
        try library.store(index, of: identity)
        let cues = index.cues.count == 1 ? "1 cue" : "\(index.cues.count) cues"
        let change = replaced ? "updated" : "added"
        note(change, "\(change) \(identity.path): \(cues)")
    }

    /// The last line: how many videos were added, updated, moved and unchanged.
    func summarize() {
        let parts = ["added", "updated", "moved", "unchanged"].map { "\(counts[$0, default: 0]) \($0)" }
        if !quiet { print("library \(library.path): " + parts.joined(separator: ", ")) }
    }

    private mutating func note(_ change: String, _ line: String) {
        counts[change, default: 0] += 1
        if !quiet { print(line) }
    }
}
