import Courier
import RedditAPI

/// The `relationships` area: trusted users and blocks (so far only what the `moderation`
/// recordings hold: trusting, distrusting and unblocking a user).
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
    ]
}
