import Foundation

/// The ETag of a served file, made of its size and modification time, and the comparisons of RFC 9110
/// §8.8.3.2 that `If-None-Match` (weak) and `If-Range` (strong) ask for.
struct EntityTag: Equatable {
    /// The tag's opaque text, without quotes.
    let opaque: String

    /// The tag of a file of `size` bytes last modified at `modified`.
    init(size: Int, modified: Date) {
        opaque = "\(size)-\(Int(modified.timeIntervalSince1970))"
    }

    /// The tag as the `ETag` header sends it: `"SIZE-MTIME"`, a strong tag.
    var header: String { "\"\(opaque)\"" }

    /// Whether an `If-None-Match` list (`"a", W/"b"` or `*`) names this tag, comparing weakly.
    func isNoneMatchHit(_ field: String) -> Bool {
        let trimmed = field.trimmingCharacters(in: .whitespaces)
        if trimmed == "*" { return true }
        return trimmed.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return (tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag) == header
        }
    }

    /// Whether an `If-Range` value is this tag, compared strongly: a weak tag or a date never matches.
    func isStrongMatch(_ field: String) -> Bool {
        field.trimmingCharacters(in: .whitespaces) == header
    }
}
