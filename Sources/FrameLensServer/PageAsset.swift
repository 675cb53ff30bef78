import Foundation
import Hummingbird

/// The web player's files, served from the package's resources under fixed routes (no request path ever
/// names a file).
enum PageAsset: String, CaseIterable {
    case page = "index.html"
    case script = "app.js"
    case librarySearch = "library.js"
    case style = "style.css"

    var route: String { self == .page ? "/" : "/\(rawValue)" }

    func response() throws -> Response {
        guard let url = Bundle.module.url(forResource: rawValue, withExtension: nil, subdirectory: "Page"),
              let data = try? Data(contentsOf: url)
        else { throw APIError(.internalServerError, "the page's \(rawValue) is missing from the installation") }
        return Response(
            status: .ok, headers: [.contentType: contentType, .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    private var contentType: String {
        switch self {
        case .page: "text/html; charset=utf-8"
        case .script, .librarySearch: "text/javascript; charset=utf-8"
        case .style: "text/css; charset=utf-8"
        }
    }
}
