import Courier
import RedditAPI

/// The `relationships` area: friends, blocks and trusted users (with trusting, distrusting and
/// unblocking a user, whose recordings sit in the `moderation` folder).
extension FixtureRoutes {
    static let relationships: [FixtureRoute] = [
        FixtureRoute("add_whitelisted", call: "Reddit.trust(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.trust(try r.field("name")))
        },
        FixtureRoute("remove_whitelisted", call: "Reddit.distrust(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.distrust(try r.field("name")))
        },
        // `unfriend` with `type=enemy` on r/all; the other types are the moderation area's.
        FixtureRoute("unfriend", call: "Reddit.unblock(_:blockedBy:)") { r throws(FixtureRouteError) in
            guard try r.field("type") == "enemy", try r.path("subreddit") == "all" else {
                throw .unsupported("unfriend is an unblock only with type=enemy on r/all")
            }
            return FixtureCall(Reddit.unblock(try r.field("name"), blockedBy: try r.fullname("container")))
        },
        FixtureRoute("friends", call: "Reddit.friends()") { _ throws(FixtureRouteError) in
            FixtureCall(Reddit.friends())
        },
        FixtureRoute(
            "friend_v1", call: "Reddit.friend(_:), Reddit.addFriend(_:note:), Reddit.removeFriend(_:)"
        ) { r throws(FixtureRouteError) in
            let user = try r.path("user")
            switch r.method {
            case "GET": return FixtureCall(Reddit.friend(user))
            case "PUT": return FixtureCall(Reddit.addFriend(user, note: r.optionalField("note")))
            case "DELETE": return FixtureCall(Reddit.removeFriend(user))
            default: throw .unsupported("\(r.method) of a friend")
            }
        },
        FixtureRoute("blocked", call: "Reddit.blockedUsers()") { _ throws(FixtureRouteError) in
            FixtureCall(Reddit.blockedUsers())
        },
        FixtureRoute("block_user", call: "Reddit.block(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.block(try r.query("name")))
        },
        FixtureRoute("block", call: "Reddit.blockAuthor(of:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.blockAuthor(of: try r.fullname("id")))
        },
        FixtureRoute("trusted", call: "Reddit.trustedUsers()") { _ throws(FixtureRouteError) in
            FixtureCall(Reddit.trustedUsers())
        },
    ]
}
