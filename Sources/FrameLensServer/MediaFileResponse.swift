import Foundation
import Hummingbird

/// A served video's bytes, whole or the one range asked for, so that the browser's `<video>` can seek.
struct MediaFileResponse {
    let path: String

    func response(to request: Request, context: some RequestContext) async throws -> Response {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.intValue
        else { throw APIError(.internalServerError, "the video file is gone") }
        var headers: HTTPFields = [.contentType: mediaType, .acceptRanges: "bytes", .cacheControl: "no-cache"]
        let tag = (attributes[.modificationDate] as? Date).map { EntityTag(size: size, modified: $0) }
        if let tag {
            headers[.eTag] = tag.header
            // RFC 9110 §13.1.2: the browser has this version; only the headers are sent again.
            if let noneMatch = request.headers[.ifNoneMatch], tag.isNoneMatchHit(noneMatch) {
                return Response(status: .notModified, headers: [.eTag: tag.header, .cacheControl: "no-cache"])
            }
        }
        // RFC 9110 §13.1.5: a range of another version (another ETag, or a date) gets the whole file.
        let ranged = request.headers[.ifRange].map { ifRange in tag?.isStrongMatch(ifRange) ?? false } ?? true
        let range: ByteRange
        var status = HTTPResponse.Status.ok
        switch ByteRange.request(ranged ? request.headers[.range] : nil, size: size) {
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(size)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        case .whole:
            range = ByteRange(first: 0, last: size - 1)
        case .part(let part):
            range = part
            status = .partialContent
            headers[.contentRange] = "bytes \(part.first)-\(part.last)/\(size)"
        }
        headers[.contentLength] = String(max(0, range.count))
        guard request.method == .get, size > 0 else { return Response(status: status, headers: headers) }
        let body = try await FileIO().loadFile(path: path, range: range.first...range.last, context: context)
        return Response(status: status, headers: headers, body: body)
    }

    /// The type a browser needs to decide whether it can play the file.
    private var mediaType: String {
        switch (path as NSString).pathExtension.lowercased() {
        case "mp4", "m4v": "video/mp4"
        case "webm": "video/webm"
        case "mkv": "video/x-matroska"
        case "ogv", "ogg": "video/ogg"
        case "mov": "video/quicktime"
        case "ts", "m2ts": "video/mp2t"
        case "avi": "video/x-msvideo"
        default: "application/octet-stream"
        }
    }
}
