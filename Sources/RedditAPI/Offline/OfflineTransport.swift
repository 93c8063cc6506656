package import Courier
import Foundation

/// What ``RedditRecordings`` runs on (and `reddit --offline` through it): answers from recorded
/// exchanges, and never touches the network.
///
/// Live requests are normalized the way `Scripts/build-offline-cassette.py` normalized the
/// recorded ones (no trailing slash or `.json`, no volatile query items, default sorts left
/// out), so the client's exact query does not matter. Listings are paged like Reddit pages
/// them: `limit` (default 25) and `after` slice the recorded listing. A form request (vote,
/// save, morechildren) matches only when its key fields (`id`, `dir`, `link_id`…) are the
/// recorded ones. A request with no recording fails with ``OfflineMiss``, which lists what is
/// available offline.
package final class OfflineTransport: HTTPTransport {
    private let replay: RecordingReplay
    /// What the cassette holds, for the "not available offline" message.
    package let catalog: OfflineCatalog

    /// Query items that change from call to call and never select different data; keep in step
    /// with the builder script.
    static let volatileQueryItems: Set<String> = [
        "raw_json", "limit", "after", "before", "count", "show", "sr_detail", "rtj", "syntax",
        "restrict_sr", "include_over_18", "type", "depth", "api_type",
    ]
    /// Form fields that pick what an action acts on.
    static let keyFormFields: Set<String> = ["link_id", "id", "dir", "action", "sr_name", "grant_type", "device_id"]

    /// Serves `exchanges`.
    package init(exchanges: [RecordedExchange]) {
        replay = RecordingReplay(exchanges)
        catalog = OfflineCatalog(exchanges: exchanges)
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let normalized = Self.normalize(request)
        let response: HTTPResponse
        do {
            response = try replay.answer(normalized)
        } catch {
            response = try unrecorded(normalized, original: request)
        }
        let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let miss = OfflineMiss(method: request.method, path: normalized.url.path, catalog: catalog)
        let filtered = ModerationFilter.filter(
            try MoreChildrenFilter.filter(response, request: request, miss: miss), query: query, request: request)
        return try ListingPager.page(filtered, query: query, request: request, catalog: catalog)
    }

    /// The answer to a request with no recording of its own: a comment page in another sort
    /// or focus answers with the recorded page, a post a listing shows opens without its
    /// comments; anything else is an ``OfflineMiss``.
    private func unrecorded(_ normalized: HTTPRequest, original request: HTTPRequest) throws -> HTTPResponse {
        let segments = normalized.url.path.split(separator: "/").map(String.init)
        let miss = OfflineMiss(method: request.method, path: normalized.url.path, catalog: catalog)
        if request.method == .get, segments.last == "search",
            let query = URLComponents(url: normalized.url, resolvingAgainstBaseURL: false)?.queryItems?.first(where: {
                $0.name == "q"
            })?.value
        {
            // A search that was not recorded looks through the recorded posts instead.
            let subreddit = segments.count == 3 && segments[0] == "r" && segments[1] != "all" ? segments[1] : nil
            guard let page = catalog.search(query, subreddit: subreddit) else { throw miss }
            return HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json; charset=UTF-8"], body: page,
                url: request.url)
        }
        if request.method == .get, let sort = segments.last, ["new", "top"].contains(sort),
            segments.count == 1 || (segments.count == 3 && segments[0] == "r")
        {
            // Another order of a place whose listing was recorded: the recorded posts, re-sorted.
            let place = segments.count == 3 ? "/r/\(segments[1])" : ""
            for recordedSort in ["hot", "new", "top"] where recordedSort != sort {
                var other = normalized
                other.url = URL(string: "https://oauth.reddit.com\(place)/\(recordedSort)") ?? normalized.url
                guard let recorded = try? replay.answer(other),
                    let page = OfflineCatalog.resorted(recorded.body, by: sort == "new" ? "created_utc" : "score")
                else { continue }
                return HTTPResponse(statusCode: 200, headers: recorded.headers, body: page, url: request.url)
            }
        }
        guard request.method == .get, segments.count >= 2, segments[0] == "comments" else { throw miss }
        let id = segments[1]
        var plain = normalized
        plain.url = URL(string: "https://oauth.reddit.com/comments/\(id)") ?? normalized.url
        if let recorded = try? replay.answer(plain) { return recorded }
        guard let page = catalog.recordedThreads[id] ?? catalog.unrecordedCommentPage(of: id) else { throw miss }
        return HTTPResponse(
            statusCode: 200, headers: ["Content-Type": "application/json; charset=UTF-8"], body: page, url: request.url)
    }

    /// The request as the recordings are kept: no trailing slash or `.json`, no volatile query
    /// items, default sorts left out, lower-case subreddit names, a form body cut to its key
    /// fields in order.
    package static func normalize(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        guard var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) else { return request }
        var path = components.path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        if path.hasSuffix(".json") { path.removeLast(5) }
        let segments = path.split(separator: "/").map(String.init)
        var query = (components.queryItems ?? []).filter { !volatileQueryItems.contains($0.name) }
        if segments.count >= 2, segments[0] == "r" {
            // Subreddit names are case-insensitive; the recordings use lower case.
            path =
                "/r/" + segments[1].lowercased()
                + (segments.count > 2 ? "/" + segments[2...].joined(separator: "/") : "")
        }
        if segments.first == "user" {
            if segments.count == 3, segments[2] == "overview" { path = "/user/" + segments[1] }
            query.removeAll { $0.name == "sort" || $0.name == "t" }
        }
        if ModerationFilter.isFiltered(segments) { query.removeAll { ModerationFilter.queryItems.contains($0.name) } }
        if segments.first == "comments" { query.removeAll { $0.name == "sort" && $0.value == "confidence" } }
        if segments.contains("search") {
            query.removeAll { ($0.name == "sort" && $0.value == "relevance") || ($0.name == "t" && $0.value == "all") }
        }
        components.path = path
        components.queryItems = query.isEmpty ? nil : query
        if let url = components.url { request.url = url }
        if let body = request.body?.data, let text = String(data: body, encoding: .utf8), request.method == .post {
            let fields = text.split(separator: "&").compactMap { pair -> (String, String)? in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                guard let name = parts.first.flatMap(formDecode), keyFormFields.contains(name) else { return nil }
                return (name, formEncode(parts.count > 1 ? formDecode(parts[1]) ?? "" : ""))
            }
            request.body = .data(
                Data(fields.sorted { $0.0 < $1.0 }.map { "\($0.0)=\($0.1)" }.joined(separator: "&").utf8))
            request.headers["Content-Type"] = "application/x-www-form-urlencoded"
        }
        return request
    }
}

extension OfflineTransport {
    /// Form encoding as Python's `urlencode` writes it (the builder script's): `+` for spaces,
    /// letters, digits and `-._~` as they are, everything else percent-encoded.
    package static func formEncode(_ text: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~ ")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text).replacingOccurrences(
            of: " ", with: "+")
    }

    static func formDecode(_ text: String) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}

/// A request the recordings have no answer for.
package struct OfflineMiss: Error, CustomStringConvertible {
    package let method: HTTPMethod
    package let path: String
    package let catalog: OfflineCatalog

    /// Whether this is the rest of a post's comments that were not recorded.
    var isUnrecordedComments: Bool { path == "/api/morechildren" }

    /// One short line; `reddit help offline` lists what is recorded.
    package var description: String {
        if isUnrecordedComments { return "these comments were not recorded, so they are not available offline" }
        let segments = path.split(separator: "/")
        if segments.count >= 2, segments[0] == "comments" {
            return
                "post \(segments[1]) was not recorded, so it is not available offline; 'reddit help offline' lists what is"
        }
        return "\(method) \(path) is not available offline (not recorded); 'reddit help offline' lists what is"
    }
}
