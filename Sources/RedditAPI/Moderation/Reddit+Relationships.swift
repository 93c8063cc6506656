public import Courier
import Foundation

/// A subreddit's lists of users (banned, muted, approved, moderators, wiki bans and wiki
/// editors) and moderator invitations (scope `modcontributors`, `modothers`, `modwiki`...).
///
/// ```swift
/// try await reddit.send(Reddit.ban("spammer", in: "swift", days: 7, reason: "spam", note: "link farm"))
/// let banned = try await reddit.send(Reddit.users(.banned, of: "swift"))
/// try await reddit.send(Reddit.inviteModerator("helper", to: "swift", permissions: [.posts, .mail]))
/// ```
extension Reddit {
    /// The users on one of a subreddit's lists, newest first; `named` looks for one user.
    /// (Reddit sends moderators all at once, without pages.)
    public static func users(
        _ relationship: SubredditRelationship, of subreddit: String, named user: String? = nil,
        page: PageParameters = .first
    ) -> Request<ItemListing<UserRelationship>> {
        var query = page.queryItems
        if let user { query.append(("user", user)) }
        return get("/r/" + segment(subreddit) + "/about/" + relationship.listPath, query)
    }

    /// Adds a user to one of a subreddit's lists (`/r/SUB/api/friend`), with a `note` for bans
    /// and mutes. Ban with ``ban(_:in:days:reason:message:note:context:)`` to set its length and
    /// message, and invite moderators with ``inviteModerator(_:to:permissions:)``.
    public static func add(
        _ user: String, to relationship: SubredditRelationship, in subreddit: String, note: String? = nil
    ) -> Request<Void> {
        var form = ["name": user, "type": relationship.rawValue]
        if let note { form["note"] = note }
        return post("/r/" + segment(subreddit) + "/api/friend", form)
    }

    /// Removes a user from one of a subreddit's lists (`/r/SUB/api/unfriend`): unbans, unmutes,
    /// removes an approved user or a moderator.
    public static func remove(_ user: String, from relationship: SubredditRelationship, in subreddit: String)
        -> Request<Void>
    {
        post("/r/" + segment(subreddit) + "/api/unfriend", ["name": user, "type": relationship.rawValue])
    }

    /// Bans a user from a subreddit, for `days` days or for good when nil; `reason` is the rule
    /// broken (for moderators), `message` is sent to the user, `note` stays with the ban, and
    /// `context` names the post or comment that led to it.
    public static func ban(
        _ user: String, in subreddit: String, days: Int? = nil, reason: String? = nil, message: String? = nil,
        note: String? = nil, context: Fullname? = nil
    ) -> Request<Void> {
        var form = ["name": user, "type": SubredditRelationship.banned.rawValue]
        if let days { form["duration"] = String(days) }
        if let reason { form["ban_reason"] = reason }
        if let message { form["ban_message"] = message }
        if let note { form["note"] = note }
        if let context { form["ban_context"] = context.rawValue }
        return post("/r/" + segment(subreddit) + "/api/friend", form)
    }

    /// Invites a user to moderate a subreddit with some permissions, or all when nil.
    public static func inviteModerator(_ user: String, to subreddit: String, permissions: [ModeratorPermission]? = nil)
        -> Request<Void>
    {
        post(
            "/r/" + segment(subreddit) + "/api/friend",
            ["name": user, "type": "moderator_invite", "permissions": ModeratorPermission.field(permissions)])
    }

    /// Adds a moderator with some permissions, or all when nil (`type=moderator`, as PRAW's
    /// `moderator.add`): Reddit sends an invitation unless you are an administrator.
    public static func addModerator(_ user: String, to subreddit: String, permissions: [ModeratorPermission]? = nil)
        -> Request<Void>
    {
        post(
            "/r/" + segment(subreddit) + "/api/friend",
            ["name": user, "type": "moderator", "permissions": ModeratorPermission.field(permissions)])
    }

    /// Changes a moderator's permissions, or an invited moderator's when `invitation` is true
    /// (`/r/SUB/api/setpermissions`); nil grants all.
    public static func setModeratorPermissions(
        of user: String, in subreddit: String, to permissions: [ModeratorPermission]?, invitation: Bool = false
    ) -> Request<Void> {
        post(
            "/r/" + segment(subreddit) + "/api/setpermissions",
            [
                "name": user, "type": invitation ? "moderator_invite" : "moderator",
                "permissions": ModeratorPermission.field(permissions),
            ])
    }

    /// Withdraws a moderator invitation.
    public static func revokeModeratorInvite(_ user: String, in subreddit: String) -> Request<Void> {
        post("/r/" + segment(subreddit) + "/api/unfriend", ["name": user, "type": "moderator_invite"])
    }

    /// Accepts your invitation to moderate a subreddit; without one Reddit answers
    /// `NO_INVITE_FOUND` (a ``RedditError``).
    public static func acceptModeratorInvite(to subreddit: String) -> Request<Void> {
        post("/r/" + segment(subreddit) + "/api/accept_moderator_invite", [:])
    }

    /// The users invited to moderate a subreddit, not yet accepted (`/api/v1/SUB/moderators_invited`).
    public static func invitedModerators(of subreddit: String, page: PageParameters = .first) -> Request<
        ItemListing<UserRelationship>
    > {
        decoded("/api/v1/" + segment(subreddit) + "/moderators_invited", as: InvitedModerators.self) { $0.page }
            .withQuery(page.queryItems)
    }

    /// Stops being an approved user of a subreddit, named by its fullname (`/api/leavecontributor`).
    /// To stop moderating, remove yourself from ``SubredditRelationship/moderator`` (see
    /// ``SubredditModeration/leaveModeration()``).
    public static func leaveContributor(of subreddit: Fullname) -> Request<Void> {
        post("/api/leavecontributor", ["id": subreddit.rawValue])
    }
}

extension Request {
    /// The same call with these query items added.
    func withQuery(_ items: [(String, String)]) -> Request {
        var copy = self
        copy.query += items.map { URLQueryItem(name: $0.0, value: $0.1) }
        return copy
    }
}
