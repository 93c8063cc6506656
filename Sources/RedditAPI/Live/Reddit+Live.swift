public import Courier
import Foundation

/// Live threads: reading one or several, the featured one, creating one, and its updates
/// (scopes `read` and `livemanage`). ``RedditClient/live(id:)`` adds what takes several requests
/// (every page, new updates, a partial edit).
///
/// ```swift
/// let id = try await reddit.send(Reddit.createLiveThread(title: "Launch day"))
/// try await reddit.send(Reddit.addLiveUpdate("Doors open.", to: id))
/// let updates = try await reddit.send(Reddit.liveUpdates(of: id))
/// ```
extension Reddit {
    // MARK: Threads

    /// A live thread's title, texts, state and audience (`/api/live/ID/about`).
    public static func liveThreadAbout(_ id: String) -> Request<LiveThreadDetails> {
        unwrapped(livePath(id) + "/about")
    }

    /// Several live threads by id, at most 100 (`/api/live/by_id/IDS`); Reddit leaves unknown ids
    /// out, and answers an id it cannot read at all with an error (a 500 in the recordings).
    public static func liveThreads(_ ids: [String]) -> Request<[LiveThreadDetails]> {
        decoded(
            "/api/live/by_id/" + ids.prefix(100).map(segment).joined(separator: ","),
            as: ItemListing<LiveThreadDetails>.self
        ) { $0.items }
        .withQuery([("limit", "100")])
    }

    /// The live thread Reddit features now, or nil when there is none (Reddit answers 204).
    public static func happeningNow() -> Request<LiveThreadDetails?> {
        Request<Void>(path: "/api/live/happening_now").map { data, _, _ in
            try isBlank(data) ? nil : JSON.TapeDecoder().decode(Wrapped<LiveThreadDetails>.self, from: data).value
        }
    }

    /// Creates a live thread; answers with its id.
    public static func createLiveThread(
        title: String, description: String? = nil, nsfw: Bool = false, resources: String? = nil
    ) -> Request<String> {
        var form = ["title": title, "nsfw": nsfw ? "true" : "false"]
        if let description { form["description"] = description }
        if let resources { form["resources"] = resources }
        return call(.post, "/api/live/create", form: form, as: JSONDataAnswer<CreatedLiveThread>.self) { $0.data.id }
    }

    /// Changes a live thread's settings. Reddit takes all four at once; ``LiveThread/edit(title:description:nsfw:resources:)``
    /// reads the current ones first, as PRAW does, so you can change only some.
    public static func editLiveThread(
        _ id: String, title: String, description: String, nsfw: Bool, resources: String
    ) -> Request<Void> {
        post(
            livePath(id) + "/edit",
            ["title": title, "description": description, "nsfw": nsfw ? "true" : "false", "resources": resources])
    }

    /// Closes a live thread for good: no update can be posted after.
    public static func closeLiveThread(_ id: String) -> Request<Void> { post(livePath(id) + "/close_thread", [:]) }

    /// Reports a live thread to Reddit's administrators.
    public static func reportLiveThread(_ id: String, reason: LiveReportReason) -> Request<Void> {
        post(livePath(id) + "/report", ["type": reason.rawValue])
    }

    /// Posts linking to a live thread, newest first (`/live/ID/discussions`).
    public static func liveDiscussions(of id: String, page: PageParameters = .first) -> Request<Listing> {
        get("/live/" + segment(id) + "/discussions", page.queryItems)
    }

    // MARK: Updates

    /// One page of a live thread's updates, newest first (`/live/ID`); pass the last update's
    /// ``LiveUpdate/name`` as `after` for older ones, or its first's as `before` for newer ones.
    public static func liveUpdates(of id: String, page: PageParameters = .first) -> Request<ItemListing<LiveUpdate>> {
        get("/live/" + segment(id), page.queryItems)
    }

    /// One update of a live thread, by its id or fullname; nil when Reddit sends none.
    public static func liveUpdate(_ update: String, in id: String) -> Request<LiveUpdate?> {
        let bare = update.hasPrefix(liveUpdatePrefix) ? String(update.dropFirst(liveUpdatePrefix.count)) : update
        return decoded("/live/" + segment(id) + "/updates/" + segment(bare), as: ItemListing<LiveUpdate>.self) {
            $0.items.first
        }
    }

    /// Posts an update (Markdown) to a live thread.
    public static func addLiveUpdate(_ body: String, to id: String) -> Request<Void> {
        post(livePath(id) + "/update", ["body": body])
    }

    /// Strikes an update through, marking it as no longer correct; `update` is its id or fullname.
    public static func strikeLiveUpdate(_ update: String, in id: String) -> Request<Void> {
        post(livePath(id) + "/strike_update", ["id": liveUpdateName(update)])
    }

    /// Deletes an update; `update` is its id or fullname.
    public static func deleteLiveUpdate(_ update: String, in id: String) -> Request<Void> {
        post(livePath(id) + "/delete_update", ["id": liveUpdateName(update)])
    }

    // MARK: Paths

    /// `/api/live/ID`.
    static func livePath(_ id: String) -> String { "/api/live/" + segment(id) }

    static let liveUpdatePrefix = "LiveUpdate_"

    /// An update's fullname from its id or fullname.
    static func liveUpdateName(_ update: String) -> String {
        update.hasPrefix(liveUpdatePrefix) ? update : liveUpdatePrefix + update
    }
}

/// Why a live thread is reported (`/api/live/ID/report`'s `type`).
public enum LiveReportReason: String, Sendable, Hashable, CaseIterable {
    /// Spam.
    case spam
    /// Vote manipulation.
    case voteManipulation = "vote-manipulation"
    /// Someone's personal information.
    case personalInformation = "personal-information"
    /// Sexual content involving minors.
    case sexualizingMinors = "sexualizing-minors"
    /// Breaking the site.
    case siteBreaking = "site-breaking"
}

/// `livecreate`'s `data`: `{"id": "x9xfckgu7z0m"}`.
struct CreatedLiveThread: Decodable, Sendable {
    let id: String
}
