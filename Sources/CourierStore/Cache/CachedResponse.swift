public import Courier
public import Foundation

/// A response as a ``ResponseCache`` keeps it, with what it needs to judge freshness (RFC 9111
/// §4.2). A ``ResponseCacheStorage`` stores and returns these values as they are.
public struct CachedResponse: Sendable, Equatable {
    /// The entry's key: method, URL and the request's values of the headers named by `Vary`.
    /// Unique within a storage; storing a response with the same key replaces the old one.
    public var key: String
    /// Method and URL alone; every variant of a resource shares it.
    public var resourceKey: String
    /// The lower-cased header names in the response's `Vary`, with the request's values.
    public var varyValues: [String: String]
    /// The response's status code.
    public var statusCode: Int
    /// The response's headers.
    public var headers: HTTPHeaders
    /// The response's body.
    public var body: Data
    /// The URL the response came from.
    public var url: URL
    /// When the request that produced the response was sent.
    public var requestTime: Date
    /// When the response arrived.
    public var responseTime: Date

    /// A stored response; ``ResponseCache`` makes these, a storage only keeps them.
    ///
    /// - Parameters:
    ///   - key: Method, URL and the request's values of the headers named by `Vary`.
    ///   - resourceKey: Method and URL alone.
    ///   - varyValues: The lower-cased header names in `Vary`, with the request's values.
    ///   - statusCode: The response's status code.
    ///   - headers: The response's headers.
    ///   - body: The response's body.
    ///   - url: The URL the response came from.
    ///   - requestTime: When the request was sent.
    ///   - responseTime: When the response arrived.
    public init(
        key: String, resourceKey: String, varyValues: [String: String], statusCode: Int, headers: HTTPHeaders,
        body: Data, url: URL, requestTime: Date, responseTime: Date
    ) {
        self.key = key
        self.resourceKey = resourceKey
        self.varyValues = varyValues
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
        self.requestTime = requestTime
        self.responseTime = responseTime
    }

    /// The bytes this response counts against ``ResponseCache/Configuration/maximumSize``: its
    /// body, its headers and `Vary` values as stored, its key and its URL.
    public var size: Int {
        body.count + encodedHeaders.count + encodedVaryValues.count + key.utf8.count + url.absoluteString.utf8.count
    }

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
