import Foundation

/// How Courier's transports follow a redirect: the next request's method, body and headers.
///
/// `CurlTransport` follows every hop with these rules, one transfer per hop, rather than with
/// libcurl's `CURLOPT_FOLLOWLOCATION` (which keeps a custom method such as PUT on a 303, where
/// HTTP says the next request is a GET). `URLSessionTransport` lets FoundationNetworking follow
/// most redirects but applies the same credential rule, and follows 307/308 with a body here
/// (FoundationNetworking drops the body). Credentials never follow a redirect to another origin,
/// and no redirect to a scheme other than http or https is followed (``refusal(after:)``).
enum Redirects {
    /// The most hops before giving up with `URLError(.httpTooManyRedirects)` (URLSession's limit).
    static let maximumHops = 16

    /// The request to send after `response`, or nil when `response` is not a redirect to follow
    /// (not a 301/302/303/307/308, no usable `Location`, or a scheme other than HTTP(S)).
    static func request(after response: HTTPResponse, to request: HTTPRequest) -> HTTPRequest? {
        guard [301, 302, 303, 307, 308].contains(response.statusCode),
            let location = response.headers["Location"],
            let target = URL(string: location, relativeTo: response.url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        var next = request
        next.url = target
        // 303 always becomes a GET; 301 and 302 turn a POST into a GET, as every browser and
        // URLSession do. 307 and 308 repeat the request as it was.
        let becomesGet =
            (response.statusCode == 303 && request.method != .head)
            || ([301, 302].contains(response.statusCode) && request.method == .post)
        if becomesGet {
            next.method = .get
            next.body = nil
            next.headers = next.headers.removing(["Content-Type", "Content-Length"])
        }
        if !sameOrigin(request.url, target) {
            next.headers = next.headers.removing(credentialHeaders)
        }
        return next
    }

    /// The refusal of a redirect `response` whose `Location` names a scheme other than http or
    /// https (`file:`, `ftp:`, `data:`, `gopher:`, `javascript:`…), which no transport follows;
    /// nil for any other response (a redirect to http or https, an unreadable `Location`, not a
    /// redirect).
    static func refusal(after response: HTTPResponse) -> RedirectRefused? {
        guard [301, 302, 303, 307, 308].contains(response.statusCode),
            let location = response.headers["Location"]?.trimmingCharacters(in: .whitespaces),
            let scheme = scheme(of: location, relativeTo: response.url), scheme != "http", scheme != "https"
        else { return nil }
        return RedirectRefused(location: location)
    }

    /// The lower-cased scheme `location` resolves to; nil when it cannot be read.
    private static func scheme(of location: String, relativeTo base: URL) -> String? {
        if let scheme = URL(string: location, relativeTo: base)?.absoluteURL.scheme { return scheme.lowercased() }
        // Not a URL Foundation reads (`data:` with spaces…): the scheme as RFC 3986 §3.1 writes it.
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let scheme = location[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }

    /// Whether `URLSessionTransport` follows a redirect with status `statusCode` itself, rather than
    /// leaving it to FoundationNetworking: a 307 or 308 of a request that follows redirects and
    /// has a body, which FoundationNetworking would drop. The delegate refuses such a redirect
    /// (and does not hand its head over as a streamed response), and the transport sends the next
    /// request with ``request(after:to:)``.
    static func urlSessionTransportFollows(statusCode: Int, followsRedirects: Bool, hasBody: Bool) -> Bool {
        followsRedirects && hasBody && [307, 308].contains(statusCode)
    }

    /// Headers that must not follow a redirect to another origin.
    static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie"]

    /// Whether two URLs share scheme, host and (effective) port.
    static func sameOrigin(_ first: URL, _ second: URL) -> Bool {
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
        return HTTPHeaders(fields.filter { !lowercased.contains($0.name.lowercased()) })
    }
}
