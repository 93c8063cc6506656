public import Courier
import Foundation

extension SubredditModeration {
    // MARK: Lists of users

    /// One page of a list of users (banned, muted, approved, moderators, wiki bans, wiki editors).
    public func users(_ relationship: SubredditRelationship, named user: String? = nil, page: PageParameters = .first)
        async throws(HTTPError) -> ItemListing<UserRelationship>
    {
        try await client.send(Reddit.users(relationship, of: subreddit, named: user, page: page))
    }

    /// Adds a user to a list (a `note` for bans and mutes).
    public func add(_ user: String, to relationship: SubredditRelationship, note: String? = nil)
        async throws(HTTPError)
    {
        try await client.send(Reddit.add(user, to: relationship, in: subreddit, note: note))
    }

    /// Removes a user from a list.
    public func remove(_ user: String, from relationship: SubredditRelationship) async throws(HTTPError) {
        try await client.send(Reddit.remove(user, from: relationship, in: subreddit))
    }

    /// Bans a user, for `days` or for good (see ``Reddit/ban(_:in:days:reason:message:note:context:)``).
    public func ban(
        _ user: String, days: Int? = nil, reason: String? = nil, message: String? = nil, note: String? = nil,
        context: Fullname? = nil
    ) async throws(HTTPError) {
        try await client.send(
            Reddit.ban(user, in: subreddit, days: days, reason: reason, message: message, note: note, context: context))
    }

    /// Lifts a ban.
    public func unban(_ user: String) async throws(HTTPError) { try await remove(user, from: .banned) }

    /// Mutes a user in modmail.
    public func mute(_ user: String, note: String? = nil) async throws(HTTPError) {
        try await add(user, to: .muted, note: note)
    }

    /// Unmutes a user.
    public func unmute(_ user: String) async throws(HTTPError) { try await remove(user, from: .muted) }

    // MARK: Moderators

    /// Invites a user to moderate, with some permissions or all.
    public func inviteModerator(_ user: String, permissions: [ModeratorPermission]? = nil) async throws(HTTPError) {
        try await client.send(Reddit.inviteModerator(user, to: subreddit, permissions: permissions))
    }

    /// Adds a moderator with some permissions or all (an invitation unless you are an admin).
    public func addModerator(_ user: String, permissions: [ModeratorPermission]? = nil) async throws(HTTPError) {
        try await client.send(Reddit.addModerator(user, to: subreddit, permissions: permissions))
    }

    /// The pending moderator invitations.
    public func invitedModerators(page: PageParameters = .first) async throws(HTTPError)
        -> ItemListing<UserRelationship>
    {
        try await client.send(Reddit.invitedModerators(of: subreddit, page: page))
    }

    /// Withdraws an invitation.
    public func revokeModeratorInvite(_ user: String) async throws(HTTPError) {
        try await client.send(Reddit.revokeModeratorInvite(user, in: subreddit))
    }

    /// Changes a moderator's (or an invited moderator's) permissions; nil grants all.
    public func setPermissions(of user: String, to permissions: [ModeratorPermission]?, invitation: Bool = false)
        async throws(HTTPError)
    {
        try await client.send(
            Reddit.setModeratorPermissions(of: user, in: subreddit, to: permissions, invitation: invitation))
    }

    /// Accepts your invitation to moderate the subreddit.
    public func acceptModeratorInvite() async throws(HTTPError) {
        try await client.send(Reddit.acceptModeratorInvite(to: subreddit))
    }

    /// Stops moderating the subreddit: removes the signed-in user (read from `/api/v1/me`) from
    /// its moderators.
    public func leaveModeration() async throws(HTTPError) {
        let me = try await client.send(Reddit.me())
        try await remove(me.name, from: .moderator)
    }

    /// Stops being an approved user of the subreddit (its fullname is read from its about page).
    public func leaveContributor() async throws(HTTPError) {
        let about = try await client.send(Reddit.subredditAbout(subreddit))
        try await client.send(Reddit.leaveContributor(of: about.name))
    }
}
