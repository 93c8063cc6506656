public import Courier
import Foundation

/// The calls for one live thread, from ``RedditClient/live(id:)``: its details, its updates
/// (one page, every page, or new ones as they are posted), posting, striking and deleting
/// updates, its settings, contributors and invitations, closing and reporting it.
///
/// Each call sends the ``Reddit`` request of the same name through the client (its rate
/// limiter and token; writes are never retried) and returns what Reddit answered.
///
/// ```swift
/// let thread = reddit.live(id: "ukaeu1ik4sw5")
/// try await thread.add("Doors open at 9.")
/// for try await update in thread.newUpdates() { print(update.author ?? "-", update.body) }
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

    /// The thread's title, texts, state and audience.
    public func about() async throws(HTTPError) -> LiveThreadDetails {
        try await client.send(Reddit.liveThreadAbout(id))
    }

    /// Changes some of the thread's settings. Reddit takes all four at once, so when one is
    /// left nil the current settings are read first (two calls, as PRAW makes); nothing is sent
    /// when all are nil.
    public func edit(title: String? = nil, description: String? = nil, nsfw: Bool? = nil, resources: String? = nil)
        async throws(HTTPError)
    {
        guard title != nil || description != nil || nsfw != nil || resources != nil else { return }
        var current: LiveThreadDetails?
        if title == nil || description == nil || nsfw == nil || resources == nil { current = try await about() }
        try await client.send(
            Reddit.editLiveThread(
                id, title: title ?? current?.title ?? "", description: description ?? current?.description ?? "",
                nsfw: nsfw ?? current?.nsfw ?? false, resources: resources ?? current?.resources ?? ""))
    }

    /// Closes the thread for good.
    public func close() async throws(HTTPError) { try await client.send(Reddit.closeLiveThread(id)) }

    /// Reports the thread to Reddit's administrators.
    public func report(_ reason: LiveReportReason) async throws(HTTPError) {
        try await client.send(Reddit.reportLiveThread(id, reason: reason))
    }

    /// One page of posts linking to the thread.
    public func discussions(page: PageParameters = .first) async throws(HTTPError) -> Listing {
        try await client.send(Reddit.liveDiscussions(of: id, page: page))
    }

    // MARK: Updates

    /// One page of updates, newest first.
    public func updates(page: PageParameters = .first) async throws(HTTPError) -> ItemListing<LiveUpdate> {
        try await client.send(Reddit.liveUpdates(of: id, page: page))
    }

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

    /// One update, by its id or fullname.
    public func update(_ update: String) async throws(HTTPError) -> LiveUpdate? {
        try await client.send(Reddit.liveUpdate(update, in: id))
    }

    /// Posts an update (Markdown).
    public func add(_ body: String) async throws(HTTPError) {
        try await client.send(Reddit.addLiveUpdate(body, to: id))
    }

    /// Strikes an update through; `update` is its id or fullname.
    public func strike(_ update: String) async throws(HTTPError) {
        try await client.send(Reddit.strikeLiveUpdate(update, in: id))
    }

    /// Deletes an update; `update` is its id or fullname.
    public func delete(_ update: String) async throws(HTTPError) {
        try await client.send(Reddit.deleteLiveUpdate(update, in: id))
    }

    // MARK: Contributors

    /// The contributors and, when you may manage them, the pending invitations.
    public func contributors() async throws(HTTPError) -> LiveContributors {
        try await client.send(Reddit.liveContributors(of: id))
    }

    /// Invites a user with some permissions, or all when nil.
    public func invite(_ user: String, permissions: [LivePermission]? = nil) async throws(HTTPError) {
        try await client.send(Reddit.inviteLiveContributor(user, to: id, permissions: permissions))
    }

    /// Accepts your invitation.
    public func acceptInvite() async throws(HTTPError) {
        try await client.send(Reddit.acceptLiveContributorInvite(to: id))
    }

    /// Stops contributing.
    public func leave() async throws(HTTPError) { try await client.send(Reddit.leaveLiveThread(id)) }

    /// Removes a contributor, named by the account's fullname.
    public func removeContributor(_ account: Fullname) async throws(HTTPError) {
        try await client.send(Reddit.removeLiveContributor(account, from: id))
    }

    /// Withdraws an invitation, named by the invited account's fullname.
    public func revokeInvite(_ account: Fullname) async throws(HTTPError) {
        try await client.send(Reddit.revokeLiveContributorInvite(account, in: id))
    }

    /// Changes a contributor's (or, with `invitation`, an invited user's) permissions; nil grants all.
    public func setPermissions(of user: String, to permissions: [LivePermission]?, invitation: Bool = false)
        async throws(HTTPError)
    {
        try await client.send(
            Reddit.setLiveContributorPermissions(of: user, in: id, to: permissions, invitation: invitation))
    }
}

extension RedditClient {
    /// The calls for the live thread `id` (`ukaeu1ik4sw5`, as in `reddit.com/live/ukaeu1ik4sw5`).
    public func live(id: String) -> LiveThread { LiveThread(client: self, id: id) }
}
