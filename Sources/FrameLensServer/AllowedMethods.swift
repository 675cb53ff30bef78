import Hummingbird

/// Answers a known route asked with a method it does not serve with 405 and `Allow` (RFC 9110 §15.5.6),
/// where the router alone would say 404, as for a path that does not exist.
struct AllowedMethods: RouterMiddleware {
    /// A route's path, `:id` matching any one segment, and the methods it answers.
    struct Route {
        let segments: [Substring]
        let methods: [HTTPRequest.Method]

        init(_ path: String, _ methods: [HTTPRequest.Method]) {
            segments = path.split(separator: "/")
            self.methods = methods
        }

        func matches(_ path: [Substring]) -> Bool {
            path.count == segments.count && zip(segments, path).allSatisfy { $0.hasPrefix(":") || $0 == $1 }
        }
    }

    let routes: [Route]

    func handle(
        _ request: Request, context: BasicRequestContext, next: (Request, BasicRequestContext) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path.split(separator: "/")
        guard let route = routes.first(where: { $0.matches(path) }), !route.methods.contains(request.method) else {
            return try await next(request, context)
        }
        let allowed = route.methods.map(\.rawValue).joined(separator: ", ")
        throw APIError(
            .methodNotAllowed, "\(request.method.rawValue) is not allowed on \(request.uri.path) (allowed: \(allowed))",
            headers: [.allow: allowed])
    }
}
