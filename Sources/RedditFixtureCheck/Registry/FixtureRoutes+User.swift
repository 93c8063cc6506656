import Courier
import RedditAPI

/// The `user` area: the signed-in account and its karma, other users' profiles, trophies,
/// moderated subreddits and summaries, username availability, popular, new and found users.
extension FixtureRoutes {
    static let user: [FixtureRoute] = [
        FixtureRoute("me", call: "Reddit.me()") { _ throws(FixtureRouteError) in
            FixtureCall(Reddit.me(), summary: accountSummary)
        },
        FixtureRoute("karma", call: "Reddit.karma()") { _ throws(FixtureRouteError) in FixtureCall(Reddit.karma()) },
        FixtureRoute("user_about", call: "Reddit.userAbout(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.userAbout(try r.path("user")), summary: accountSummary)
        },
        FixtureRoute("trophies", call: "Reddit.trophies(of:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.trophies(of: try r.path("user"))) { trophies in
                "\(trophies.count) trophies"
                    + (trophies.first.map { ": first " + FixtureSummary.quoted($0.name) } ?? "")
            }
        },
        FixtureRoute("moderated", call: "Reddit.moderatedSubreddits(of:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.moderatedSubreddits(of: try r.path("user"))) { subreddits in
                "\(subreddits.count) subreddits" + (subreddits.first.map { ": first " + $0.displayName } ?? "")
            }
        },
        FixtureRoute("user", call: "Reddit.userProfile(_:sort:page:)") { r throws(FixtureRouteError) in
            try ignoringRange(
                FixtureCall(Reddit.userProfile(try r.path("user"), sort: try userSort(r), page: try r.page)), r)
        },
        FixtureRoute("user_by_fullname", call: "Reddit.accounts(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.accounts(try r.query("ids").split(separator: ",").map { Fullname(String($0)) })) {
                $0.map(accountSummary).joined(separator: ", ")
            }
        },
        FixtureRoute("username_available", call: "Reddit.usernameAvailable(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.usernameAvailable(try r.query("user"))) { $0 ? "available" : "taken" }
        },
        FixtureRoute("users_popular", call: "Reddit.popularUsers(page:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.popularUsers(page: try r.page))
        },
        FixtureRoute("users_new", call: "Reddit.newUsers(page:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.newUsers(page: try r.page))
        },
        FixtureRoute("users_search", call: "Reddit.searchUsers(_:page:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.searchUsers(try r.query("q"), page: try r.page))
        },
    ]

    private static func accountSummary(_ account: Account) -> String { "account \(account.name)" }

    /// The recorded `sort` (and `t`) of a user listing.
    private static func userSort(_ r: RecordedRequest) throws(FixtureRouteError) -> UserListingSort? {
        guard let sort = r.optionalQuery("sort") else { return nil }
        let time = try r.choice(r.optionalQuery("t"), "t", as: TimeRange.self)
        switch sort {
        case "hot": return .hot
        case "new": return .new
        case "top": return .top(time ?? .all)
        case "controversial": return .controversial(time ?? .all)
        default: throw .unsupported("sort=\(sort)")
        }
    }
}
