import Courier
import Foundation

/// A response as the cache keeps it, with what it needs to judge freshness (RFC 9111 §4.2).
struct CachedResponse: Sendable {
    /// The row's key: method, URL and the request's values of the headers named by `Vary`.
    var key: String
    /// Method and URL alone; every variant of a resource shares it.
    var resourceKey: String
    /// The lower-cased header names in the response's `Vary`, with the request's values.
    var varyValues: [String: String]
    var statusCode: Int
    var headers: HTTPHeaders
    var body: Data
    var url: URL
    /// When the request that produced the response was sent and when the response arrived.
    var requestTime: Date
    var responseTime: Date

    var response: HTTPResponse {
        HTTPResponse(statusCode: statusCode, headers: headers, body: body, url: url)
    }

    /// How long the response is fresh after it was generated; 0 when it says nothing (this cache
    /// does not guess a heuristic lifetime).
    func freshnessLifetime(shared: Bool) -> TimeInterval {
        let control = CacheControl(headers)
        if shared, let sharedMaxAge = control.sharedMaxAge { return TimeInterval(sharedMaxAge) }
        if let maxAge = control.maxAge { return TimeInterval(maxAge) }
        if let expires = headers["Expires"] {
            // An invalid Expires (such as "0") means already expired.
            guard let date = HTTPDate.parse(expires) else { return 0 }
            let generated = headers["Date"].flatMap(HTTPDate.parse) ?? responseTime
            return max(0, date.timeIntervalSince(generated))
        }
        return 0
    }

    /// The response's age now: its age when it arrived plus the time spent in the cache.
    func currentAge(now: Date) -> TimeInterval {
        let ageHeader = headers["Age"].flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        let apparentAge =
            headers["Date"].flatMap(HTTPDate.parse).map { max(0, responseTime.timeIntervalSince($0)) } ?? 0
        let correctedAge = ageHeader + max(0, responseTime.timeIntervalSince(requestTime))
        return max(apparentAge, correctedAge) + max(0, now.timeIntervalSince(responseTime))
    }

    /// Whether the response may be served without asking the server.
    func isFresh(now: Date, shared: Bool) -> Bool {
        guard !CacheControl(headers).noCache else { return false }
        return freshnessLifetime(shared: shared) > currentAge(now: now)
    }

    /// Adds `If-None-Match` / `If-Modified-Since` for this response to `request`.
    func conditional(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        if let etag = headers["ETag"] { request.headers["If-None-Match"] = etag }
        if let lastModified = headers["Last-Modified"] { request.headers["If-Modified-Since"] = lastModified }
        return request
    }

    /// This response confirmed by a `304 Not Modified`: the 304's headers replace the stored
    /// ones (RFC 9111 §3.2), except those describing the body, which the 304 does not have.
    func refreshed(by notModified: HTTPResponse, requestTime: Date, responseTime: Date) -> CachedResponse {
        let bodyHeaders: Set<String> = [
            "content-length", "content-type", "content-encoding", "transfer-encoding", "content-range",
        ]
        var copy = self
        for field in notModified.headers where !bodyHeaders.contains(field.name.lowercased()) {
            copy.headers[field.name] = field.value
        }
        copy.requestTime = requestTime
        copy.responseTime = responseTime
        return copy
    }
}
