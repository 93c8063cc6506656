public import Courier
public import Foundation

/// Reddit's answers replayed from recordings, so a ``RedditClient`` runs without the network:
/// in tests, in a demo, on a train.
///
/// Hand it to a client as its transport; everything else (models, comment trees, "load more",
/// the rate limiter) works as it does online:
///
/// ```swift
/// let recordings = try RedditRecordings(cassette: cassetteURL)
/// let reddit = RedditClient(userAgent: agent, transport: recordings)   // anonymous
/// let hot = try await reddit.send(Reddit.listing(.hot))
/// ```
///
/// Two sources: a cassette in Courier's format (`reddit --offline` ships one in the repository,
/// `Sources/RedditCLI/Resources/Offline/offline-cassette.json`, and CourierTesting's
/// `RecordingTransport` writes them), or a folder of recorded bodies, each beside a
/// `.meta.json` sidecar with its request and status (the format of PRAW's recordings this
/// project checks against).
///
/// A request matches a recording whatever the client's own choices were: the host
/// (`oauth.reddit.com` for a signed-in client, `www.reddit.com` for an anonymous one), a `.json`
/// suffix, `raw_json`, `limit`, `after` and the other paging and display parameters, default sorts,
/// the case of a subreddit's name. A form (a vote, a save, "load more") matches on the fields that
/// say what it acts on (`id`, `dir`, `link_id`…). Listings are paged as Reddit pages them
/// (`limit`, `after`); "load more" answers with the recorded comments it asked for; a post a
/// recorded listing shows opens even without a recorded comment page; a search looks through the
/// recorded posts. A request with no recording fails (`HTTPError`'s `transport` kind) with a
/// message naming what was asked. The `Authorization` header is not matched: any signed-in
/// client works, such as one with `.bearer("offline")`.
public final class RedditRecordings: HTTPTransport {
    package let offline: OfflineTransport

    /// Replays a cassette file.
    ///
    /// - Throws: ``RedditUsageError/unreadableRecordings(_:reason:)`` when the file cannot be read
    ///   or is not a cassette.
    public convenience init(cassette file: URL) throws(RedditUsageError) {
        do {
            self.init(exchanges: try RecordedExchange.cassette(Data(contentsOf: file)))
        } catch {
            throw .unreadableRecordings(file.path, reason: "\(error)")
        }
    }

    /// Replays every recording in `folder` and its subfolders: bodies beside `.meta.json`
    /// sidecars (`request.method`, `request.url`, `request.form_body`, `response.status_code`,
    /// `response.headers`). A body without a readable sidecar is skipped.
    ///
    /// - Throws: ``RedditUsageError/unreadableRecordings(_:reason:)`` when the folder cannot be
    ///   read or holds no recording.
    public convenience init(folder: URL) throws(RedditUsageError) {
        let exchanges: [RecordedExchange]
        do {
            exchanges = try RecordedExchange.folder(folder)
        } catch {
            throw .unreadableRecordings(folder.path, reason: "\(error)")
        }
        guard !exchanges.isEmpty else {
            throw .unreadableRecordings(folder.path, reason: "no recording (a body beside a .meta.json sidecar) in it")
        }
        self.init(exchanges: exchanges)
    }

    package init(exchanges: [RecordedExchange]) {
        offline = OfflineTransport(exchanges: exchanges)
    }

    /// What the recordings hold, one request a line as it is matched (`GET /r/swift/hot`,
    /// `POST /api/vote id=t3_abc&dir=1`), in the order they were recorded.
    public var recordedRequests: [String] {
        offline.catalog.exchanges.map { exchange in
            let request = exchange.request
            var line = "\(request.method) \(request.url.path)"
            if let query = request.url.query { line += "?" + query }
            if let body = request.body?.data, !body.isEmpty { line += " " + String(decoding: body, as: UTF8.self) }
            return line
        }
    }

    /// The recorded answer to `request`.
    ///
    /// - Throws: An error naming the request when nothing recorded answers it.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await offline.send(request)
    }
}
