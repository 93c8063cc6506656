import Courier
import Foundation
package import RedditAPI

/// The moderator's calls: reads through the request factories RedditAPI's grouped calls send
/// (so that `--json` has the body Reddit answered), writes through the grouped calls themselves
/// (``RedditClient/moderation(of:)``, ``RedditClient/modmail``, ``RedditClient/wiki(of:)``,
/// ``RedditClient/flair(of:)``). Offline (``RedditService/sendsWrites`` false) a write says
/// what it would send instead.
extension RedditService {
    package func moderationQueue(
        _ queue: ModerationQueue, of subreddit: String, only: QueueItems?, page: PageOptions
    ) async throws(CLIError) -> Answer<Listing> {
        try await answer(Reddit.moderationQueue(queue, of: subreddit, only: only?.items, page: Self.page(page)))
    }

    package func moderationLog(
        of subreddit: String, action: String?, moderator: String?, limit: Int?, after: String?
    ) async throws(CLIError) -> Answer<ItemListing<ModAction>> {
        try await answer(
            Reddit.moderationLog(
                of: subreddit, action: action, moderator: moderator,
                page: PageParameters(after: after.map { Fullname($0) }, limit: limit)))
    }

    @discardableResult
    package func approve(_ name: Fullname) async throws(CLIError) -> WriteOutcome {
        // Approving and removing name the item, not the subreddit: `mod` stands for any.
        try await queueing(.approve(name)) { () async throws(CLIError) in
            try await moderatorWrite([Self.preview(Reddit.approve(name))]) { () async throws(HTTPError) in
                try await client.send(Reddit.approve(name))
            }
        }
    }

    /// Removes `name`; with `reasonID`, records the removal reason in a second call, as
    /// `SubredditModeration.remove(_:spam:reasonID:modNote:)` does.
    @discardableResult
    package func remove(_ name: Fullname, spam: Bool, reasonID: String?) async throws(CLIError) -> WriteOutcome {
        var previews = [Self.preview(Reddit.remove(name, spam: spam))]
        if let reasonID { previews.append(Self.preview(Reddit.applyRemovalReason(reasonID, to: [name]))) }
        // With a reason it is two calls: not kept in the outbox, which holds one call a write.
        return try await queueing(reasonID == nil ? .remove(name, spam: spam) : nil) { () async throws(CLIError) in
            try await moderatorWrite(previews) { () async throws(HTTPError) in
                // Removing names the item, not the subreddit: `mod` stands for any.
                try await client.moderation(of: "mod").remove(name, spam: spam, reasonID: reasonID)
            }
        }
    }

    /// The conversations of `subreddits` (all you moderate when empty); unread ones first with
    /// `unreadFirst`.
    package func modmailConversations(in subreddits: [String], unreadFirst: Bool) async throws(CLIError) -> Answer<
        [ModmailConversation]
    > {
        try await answer(Reddit.modmailConversations(in: subreddits, sort: unreadFirst ? .unread : nil))
    }

    @discardableResult
    package func replyToModmail(_ id: String, text: String, internal isInternal: Bool) async throws(CLIError)
        -> WriteOutcome
    {
        try await moderatorWrite([Self.preview(Reddit.replyToModmail(id, body: text, internal: isInternal))]) {
            () async throws(HTTPError) in
            _ = try await client.send(Reddit.replyToModmail(id, body: text, internal: isInternal))
        }
    }

    package func wikiPage(_ page: String, in subreddit: String) async throws(CLIError) -> Answer<WikiPage> {
        try await answer(Reddit.wikiPage(page, subreddit: subreddit))
    }

    /// Replaces a wiki page's text; `previousRevision` makes Reddit refuse the edit if someone
    /// changed the page since it was read.
    @discardableResult
    package func editWikiPage(
        _ page: String, in subreddit: String, content: String, reason: String?, previousRevision: String?
    ) async throws(CLIError) -> WriteOutcome {
        let request = Reddit.editWikiPage(
            page, in: subreddit, content: content, reason: reason, previousRevision: previousRevision)
        return try await moderatorWrite([Self.preview(request)]) { () async throws(HTTPError) in
            try await client.send(request)
        }
    }

    @discardableResult
    package func setFlair(of user: String, in subreddit: String, text: String) async throws(CLIError) -> WriteOutcome {
        try await queueing(.userFlair(user: user, subreddit: subreddit, text: text)) { () async throws(CLIError) in
            try await moderatorWrite([Self.preview(Reddit.setUserFlair(user, in: subreddit, text: text))]) {
                () async throws(HTTPError) in
                try await client.send(Reddit.setUserFlair(user, in: subreddit, text: text))
            }
        }
    }

    /// The subreddits the signed-in user moderates, by name, as Reddit lists them (one page of
    /// up to 100: Reddit's own limit for a page).
    package func moderatedSubreddits() async throws(CLIError) -> [String] {
        try await answer(Reddit.subreddits(.moderated, page: PageParameters(limit: 100))).value.subreddits.map(
            \.displayName)
    }

    /// The removal reasons of `subreddit`, in the order its moderators set.
    package func removalReasons(of subreddit: String) async throws(CLIError) -> [RemovalReason] {
        try await answer(Reddit.removalReasons(of: subreddit)).value
    }

    /// Locks `name` (nobody but moderators may reply), or unlocks it.
    @discardableResult
    package func setLocked(_ name: Fullname, _ locked: Bool) async throws(CLIError) -> WriteOutcome {
        try await queueing(.lock(name, locked)) { () async throws(CLIError) in
            try await moderatorWrite([Self.preview(locked ? Reddit.lock(name) : Reddit.unlock(name))]) {
                () async throws(HTTPError) in
                try await client.send(locked ? Reddit.lock(name) : Reddit.unlock(name))
            }
        }
    }

    /// Marks `name` as a moderator's (``Distinction/moderator``) or removes the mark.
    @discardableResult
    package func distinguish(_ name: Fullname, as how: Distinction) async throws(CLIError) -> WriteOutcome {
        try await moderatorWrite([Self.preview(Reddit.distinguish(name, as: how))]) { () async throws(HTTPError) in
            _ = try await client.send(Reddit.distinguish(name, as: how))
        }
    }

    /// Runs `send` (RedditAPI's requests), or (when writes are not sent) says what the
    /// requests in `previews` would have sent, in order.
    private func moderatorWrite(_ previews: [String], _ send: () async throws(HTTPError) -> Void)
        async throws(CLIError) -> WriteOutcome
    {
        guard sendsWrites else { return .notSent(previews.joined(separator: ", then ")) }
        do {
            try await send()
        } catch {
            throw Self.describe(error)
        }
        return .sent
    }
}
