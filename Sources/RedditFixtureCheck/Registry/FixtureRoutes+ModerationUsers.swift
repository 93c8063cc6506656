import Courier
import RedditAPI

/// The `moderation` area's lists of users (banned, muted, approved, moderators, the wiki's
/// lists) and moderator invitations.
extension FixtureRoutes {
    static let moderationUsers: [FixtureRoute] =
        lists + [
            FixtureRoute(
                "friend",
                call:
                    "Reddit.add(_:to:in:note:), Reddit.ban(_:in:days:reason:message:note:context:), Reddit.inviteModerator(_:to:permissions:), Reddit.addModerator(_:to:permissions:)"
            ) { r throws(FixtureRouteError) in
                let (subreddit, user, type) = (try r.path("subreddit"), try r.field("name"), try r.field("type"))
                switch type {
                case "banned":
                    return FixtureCall(
                        Reddit.ban(
                            user, in: subreddit, days: try r.optionalInt("duration"),
                            reason: r.optionalField("ban_reason"),
                            message: r.optionalField("ban_message"), note: r.optionalField("note"),
                            context: r.optionalField("ban_context").map { Fullname($0) }))
                case "moderator" where r.optionalField("permissions") != nil:
                    return FixtureCall(
                        Reddit.addModerator(
                            user, to: subreddit, permissions: try permissions(r.optionalField("permissions"))))
                case "moderator_invite":
                    return FixtureCall(
                        Reddit.inviteModerator(
                            user, to: subreddit, permissions: try permissions(r.optionalField("permissions"))))
                default:
                    guard let relationship = SubredditRelationship(rawValue: type) else {
                        throw .unsupported("friend type \(type)")
                    }
                    return FixtureCall(Reddit.add(user, to: relationship, in: subreddit, note: r.optionalField("note")))
                }
            },
            FixtureRoute(
                "unfriend", call: "Reddit.remove(_:from:in:), Reddit.revokeModeratorInvite(_:in:)"
            ) { r throws(FixtureRouteError) in
                let (subreddit, user, type) = (try r.path("subreddit"), try r.field("name"), try r.field("type"))
                if type == "moderator_invite" { return FixtureCall(Reddit.revokeModeratorInvite(user, in: subreddit)) }
                guard let relationship = SubredditRelationship(rawValue: type) else {
                    throw .unsupported("unfriend type \(type)")
                }
                return FixtureCall(Reddit.remove(user, from: relationship, in: subreddit))
            },
            FixtureRoute("setpermissions", call: "Reddit.setModeratorPermissions(of:in:to:invitation:)") {
                r throws(FixtureRouteError) in
                let type = try r.field("type")
                guard type == "moderator" || type == "moderator_invite" else {
                    throw .unsupported("setpermissions type \(type)")
                }
                return FixtureCall(
                    Reddit.setModeratorPermissions(
                        of: try r.field("name"), in: try r.path("subreddit"),
                        to: try permissions(r.optionalField("permissions")),
                        invitation: type == "moderator_invite"))
            },
            FixtureRoute("accept_mod_invite", call: "Reddit.acceptModeratorInvite(to:)") {
                r throws(FixtureRouteError) in
                FixtureCall(Reddit.acceptModeratorInvite(to: try r.path("subreddit")))
            },
            FixtureRoute("list_invited_moderator", call: "Reddit.invitedModerators(of:page:)") {
                r throws(FixtureRouteError) in
                FixtureCall(Reddit.invitedModerators(of: try r.path("subreddit"), page: try r.page))
            },
            FixtureRoute("leavecontributor", call: "Reddit.leaveContributor(of:)") { r throws(FixtureRouteError) in
                FixtureCall(Reddit.leaveContributor(of: try r.fullname("id")))
            },
        ]

    private static let lists: [FixtureRoute] = [
        ("list_banned", SubredditRelationship.banned), ("list_muted", .muted), ("list_contributor", .contributor),
        ("list_moderator", .moderator), ("list_wikibanned", .wikiBanned), ("list_wikicontributor", .wikiContributor),
    ].map { key, relationship in
        FixtureRoute(key, call: "Reddit.users(_:of:named:page:)") { r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.users(
                    relationship, of: try r.path("subreddit"), named: r.optionalQuery("user"), page: try r.page))
        }
    }

    /// A recorded `permissions` field as the list it grants: nil for `+all`; for `-all,…` the
    /// `+name` entries in order.
    private static func permissions(_ field: String?) throws(FixtureRouteError) -> [ModeratorPermission]? {
        guard let field, field != "+all" else { return nil }
        let entries = field.split(separator: ",").map(String.init)
        guard entries.first == "-all" else { throw .unsupported("permissions \(field)") }
        return entries.filter { $0.hasPrefix("+") }.map { ModeratorPermission(rawValue: String($0.dropFirst())) }
    }
}
