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
        /// A range that starts past the end, or the last 0 bytes: 416.
        case unsatisfiable
    }

    /// Parses `bytes=FIRST-LAST`, `bytes=FIRST-` and `bytes=-SUFFIX`, clamped to the file. A number too large
    /// for an `Int` counts as the largest one (past any file's end); a range that is not digits is ignored.
    static func request(_ header: String?, size: Int) -> Request {
        guard let header, header.hasPrefix("bytes="), !header.contains(",") else { return .whole }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard let dash = spec.firstIndex(of: "-") else { return .whole }
        let start = spec[..<dash], end = spec[spec.index(after: dash)...]
        guard (start + end).allSatisfy({ $0.isASCII && $0.isNumber }) else { return .whole }
        switch (position(start), position(end)) {
        case (nil, let suffix?):
            // RFC 9110 §14.1.3: a suffix of 0 bytes, or any suffix of an empty file, selects nothing.
            guard size > 0, suffix > 0 else { return .unsatisfiable }
            return .part(ByteRange(first: max(0, size - suffix), last: size - 1))
        case (let first?, nil):
            return first < size ? .part(ByteRange(first: first, last: size - 1)) : .unsatisfiable
        case (let first?, let last?) where last >= first:
            return first < size ? .part(ByteRange(first: first, last: min(last, size - 1))) : .unsatisfiable
        default:
            return .whole
        }
    }

    /// A byte position written in digits: nil when empty, `Int.max` when it does not fit.
    private static func position(_ digits: Substring) -> Int? {
        digits.isEmpty ? nil : Int(digits) ?? .max
    }
}
