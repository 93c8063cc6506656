#if os(Linux)
import Foundation

/// How ``CurlTransport`` follows a redirect: in Swift, one transfer per hop, rather than with
/// libcurl's `CURLOPT_FOLLOWLOCATION`.
///
/// libcurl keeps a custom method (PUT, PATCH, DELETE) on a 303, where HTTP says the next request
/// is a GET, and it cannot be told otherwise before 8.13. Following here also keeps the request's
/// credentials from leaking to another origin.
enum CurlRedirects {
    /// The most hops before giving up with `URLError(.httpTooManyRedirects)` (URLSession's limit).
    static let maximumHops = 16

    /// The request to send after `response`, or nil when `response` is not a redirect to follow
    /// (not a 301/302/303/307/308, no usable `Location`, or a scheme other than HTTP(S)).
    static func request(after response: HTTPRawResponse, to request: HTTPRequest) -> HTTPRequest? {
        guard [301, 302, 303, 307, 308].contains(response.statusCode),
              let location = response.headers["Location"],
              let target = URL(string: location, relativeTo: response.url)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        var next = request
        next.url = target
        // 303 always becomes a GET; 301 and 302 turn a POST into a GET, as every browser and
        // URLSession do. 307 and 308 repeat the request as it was.
        let becomesGet = (response.statusCode == 303 && request.method != .head)
            || ([301, 302].contains(response.statusCode) && request.method == .post)
        if becomesGet {
            next.method = .get
            next.body = nil
            next.headers = next.headers.removing(["Content-Type", "Content-Length"])
        }
        if !sameOrigin(request.url, target) {
            next.headers = next.headers.removing(["Authorization", "Proxy-Authorization", "Cookie"])
        }
        return next
    }

    private static func sameOrigin(_ first: URL, _ second: URL) -> Bool {
        first.scheme?.lowercased() == second.scheme?.lowercased()
            && first.host?.lowercased() == second.host?.lowercased()
            && effectivePort(first) == effectivePort(second)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
    }
}

extension HTTPHeaders {
    /// These headers without the fields named (case-insensitively).
    fileprivate func removing(_ names: [String]) -> HTTPHeaders {
        let lowercased = Set(names.map { $0.lowercased() })
        return HTTPHeaders(filter { !lowercased.contains($0.name.lowercased()) })
    }
}
#endif
