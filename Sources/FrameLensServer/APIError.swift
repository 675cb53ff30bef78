import FrameLens
import FrameLensLibrary
import Hummingbird

/// An API failure: an HTTP status and a one-line message, sent as `{"error": "..."}`.
struct APIError: HTTPResponseError {
    let status: HTTPResponse.Status
    let message: String
    /// Headers the status calls for, such as `Allow` beside a 405.
    let headers: HTTPFields

    init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    /// The status an error stands for: the request's fault (400, a search query that is not FTS5 syntax too), no
    /// library (404), a protected video (403), a newer request overtaking this one (409), a video that cannot be
    /// decoded (422), else the server's.
    init(_ error: any Error) {
        switch error {
        case let error as APIError:
            self = error
        case let error as MediaError:
            switch error.code {
            case .timeOutOfRange: self.init(.badRequest, error.message)
            case .protectedContent: self.init(.forbidden, error.message)
            case .decodeFailed, .unsupported, .notMedia, .emptyFile, .noVideoStream, .noSuchStream:
                self.init(.unprocessableContent, error.message)
            default:  // .fileNotFound, .notAFile, .unreadable, and any newer code
                self.init(.internalServerError, error.message)
            }
        case let error as TimeError:
            self.init(.badRequest, error.message)
        case let error as OutputError:
            self.init(error.code == .unsupported ? .unprocessableContent : .internalServerError, error.message)
        case let error as LibraryError:
            switch error.code {
            case .badQuery: self.init(.badRequest, error.message)
            case .noLibrary: self.init(.notFound, error.message)  // the library file went away while serving
            default: self.init(.internalServerError, error.message)
            }
        case let error as AnalysisError:
            self.init(error.code == .stale ? .conflict : .internalServerError, error.message)
        default:
            self.init(.internalServerError, "\(error)")
        }
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = (try? JSONDocument.encode(["error": message])) ?? []
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(
            status: status, headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
