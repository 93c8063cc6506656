public import Courier
import Foundation

/// A live thread's contributors and invitations (scope `livemanage`).
extension Reddit {
    /// A live thread's contributors and, when you may manage them, its pending invitations.
    public static func liveContributors(of id: String) -> Request<LiveContributors> {
        get("/live/" + segment(id) + "/contributors")
    }

    /// Invites a user to contribute to a live thread with some permissions, or all when nil
    /// (none for an empty list). Reddit refuses a second invitation with a ``RedditError``.
    public static func inviteLiveContributor(_ user: String, to id: String, permissions: [LivePermission]? = nil)
        -> Request<Void>
    {
        post(
            livePath(id) + "/invite_contributor",
            ["name": user, "type": "liveupdate_contributor_invite", "permissions": LivePermission.field(permissions)])
    }

    /// Accepts your invitation to contribute to a live thread.
    public static func acceptLiveContributorInvite(to id: String) -> Request<Void> {
        post(livePath(id) + "/accept_contributor_invite", [:])
    }

    /// Stops contributing to a live thread.
    public static func leaveLiveThread(_ id: String) -> Request<Void> {
        post(livePath(id) + "/leave_contributor", [:])
    }

    /// Removes a contributor, named by the account's fullname (``UserRelationship/accountID``).
    public static func removeLiveContributor(_ account: Fullname, from id: String) -> Request<Void> {
        post(livePath(id) + "/rm_contributor", ["id": account.rawValue])
    }

    /// Withdraws an invitation, named by the invited account's fullname.
    public static func revokeLiveContributorInvite(_ account: Fullname, in id: String) -> Request<Void> {
        post(livePath(id) + "/rm_contributor_invite", ["id": account.rawValue])
    }

    /// Changes a contributor's permissions, or an invited user's when `invitation` is true; nil
    /// grants all, an empty list none.
    public static func setLiveContributorPermissions(
        of user: String, in id: String, to permissions: [LivePermission]?, invitation: Bool = false
    ) -> Request<Void> {
        post(
            livePath(id) + "/set_contributor_permissions",
            [
                "name": user, "type": invitation ? "liveupdate_contributor_invite" : "liveupdate_contributor",
                "permissions": LivePermission.field(permissions),
            ])
    }
}
