public import Courier
import Foundation

/// What one live thread needs more than one request for, from ``RedditClient/live(id:)``:
/// editing some of its settings (Reddit takes all four), every update page after page, and new
/// updates as they are posted. Each single call (posting, striking, contributors, closing...) is
/// a ``Reddit`` factory sent with ``RedditClient/send(_:)``.
///
/// ```swift
/// try await reddit.send(Reddit.addLiveUpdate("Doors open at 9.", to: "ukaeu1ik4sw5"))
/// for try await update in reddit.live(id: "ukaeu1ik4sw5").newUpdates() { print(update.author ?? "-", update.body) }
/// ```
public struct LiveThread: Sendable {
    /// The client the calls go through.
    public let client: RedditClient
    /// The thread's id (`ukaeu1ik4sw5`).
    public let id: String

    /// The calls for the thread `id` through `client`.
    public init(client: RedditClient, id: String) {
        self.client = client
        self.id = id
    }

    // MARK: The thread

    /// Changes some of the thread's settings. Reddit takes all four at once, so when one is
    /// left nil the current settings are read first (two calls, as PRAW makes); nothing is sent
    /// when all are nil.
    public func edit(title: String? = nil, description: String? = nil, nsfw: Bool? = nil, resources: String? = nil)
        async throws(HTTPError)
    {
        guard title != nil || description != nil || nsfw != nil || resources != nil else { return }
        var current: LiveThreadDetails?
        if title == nil || description == nil || nsfw == nil || resources == nil {
            current = try await client.send(Reddit.liveThreadAbout(id))
        }
        try await client.send(
            Reddit.editLiveThread(
                id, title: title ?? current?.title ?? "", description: description ?? current?.description ?? "",
                nsfw: nsfw ?? current?.nsfw ?? false, resources: resources ?? current?.resources ?? ""))
    }

    // MARK: Updates

    /// Every update, newest first, fetching older pages (100 at a time) as they are needed, until
    /// Reddit sends no `after`.
    public func allUpdates() -> some AsyncSequence<LiveUpdate, HTTPError> & Sendable {
        client.http.pages(Reddit.liveUpdates(of: id, page: PageParameters(limit: 100)), cursorName: "after") {
            response in
            // An empty page, or the cursor just sent, ends the sequence rather than looping.
            guard let after = response.value.after, !response.value.items.isEmpty,
                !(response.request.url.query?.contains("after=" + after) ?? false)
            else { return nil }
            return after
        }
        .items(\.items)
    }

    /// New updates as they are posted, oldest first, polled as ``RedditStream`` polls (each
    /// poll asks for updates `before` the newest seen).
    public func newUpdates(options: StreamOptions = .init()) -> RedditStream<LiveUpdate> {
        RedditStream(client: client, options: options) { [id] client, page in
            try await client.send(Reddit.liveUpdates(of: id, page: page)).items.map {
                StreamItem(name: $0.name, element: $0)
            }
        }
    }
}

extension RedditClient {
    /// The several-request calls for the live thread `id` (`ukaeu1ik4sw5`, as in `reddit.com/live/ukaeu1ik4sw5`).
    public func live(id: String) -> LiveThread { LiveThread(client: self, id: id) }
}
