import Foundation
/// The part of a file an HTTP `Range` header asks for (RFC 9110 §14.1.2), one range only.
struct ByteRange: Equatable {
    let first: Int
    let last: Int

    var count: Int { last - first + 1 }

    /// What a `Range` header asks of a file of `size` bytes.
    enum Request: Equatable {
        /// No range, or one the server may ignore (another unit, several ranges): the whole file.
        case whole
        /// These bytes.
        case part(ByteRange)
        /// A range that starts past the end: 416.
        case unsatisfiable
    }

    /// Parses `bytes=FIRST-LAST`, `bytes=FIRST-` and `bytes=-SUFFIX`, clamped to the file.
    static func request(_ header: String?, size: Int) -> Request {
        guard let header, header.hasPrefix("bytes="), !header.contains(",") else { return .whole }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard let dash = spec.firstIndex(of: "-") else { return .whole }
        let start = spec[..<dash], end = spec[spec.index(after: dash)...]
        switch (Int(start), Int(end)) {
        case (nil, let suffix?) where start.isEmpty && suffix > 0:
            guard size > 0 else { return .unsatisfiable }
            return .part(ByteRange(first: max(0, size - suffix), last: size - 1))
        case (let first?, nil) where end.isEmpty && first >= 0:
            return first < size ? .part(ByteRange(first: first, last: size - 1)) : .unsatisfiable
        case (let first?, let last?) where first >= 0 && last >= first:
            return first < size ? .part(ByteRange(first: first, last: min(last, size - 1))) : .unsatisfiable
        default:
            return .whole
        }
    }
}
