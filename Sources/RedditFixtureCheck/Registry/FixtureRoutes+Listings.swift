import Courier
import RedditAPI

/// The `listings` area: things by fullname, a post's duplicates, and the listing variants of the
/// front page, subreddits, domains and users (a multireddit's are the `multireddits` area's).
extension FixtureRoutes {
    static let listings: [FixtureRoute] =
        [
            FixtureRoute("info", call: "Reddit.info(_:)") { r throws(FixtureRouteError) in
                FixtureCall(Reddit.info(fullnames(try r.query("id"))))
            },
            FixtureRoute("duplicates", call: "Reddit.duplicates(of:page:)") { r throws(FixtureRouteError) in
                FixtureCall(
                    Reddit.duplicates(of: Fullname(kind: .link, id: try r.path("submission_id")), page: try r.page))
            },
        ] + sortedListings + userListings + [
            FixtureRoute("listing/subreddit_comments", call: "Reddit.subredditComments(_:page:)") {
                r throws(FixtureRouteError) in
                FixtureCall(Reddit.subredditComments(try r.path("subreddit"), page: try r.page))
            }
        ]

    /// The `listing/<source>_<sort>` keys, and the bare `domain` key (Reddit's default order).
    private static let sortedListings: [FixtureRoute] =
        ["best", "controversial", "hot", "new", "top"].map { sorted("listing/front_" + $0, "front") }
        + ["controversial", "hot", "new", "rising", "top"].flatMap { sort in
            ["domain", "subreddit"].map { sorted("listing/\($0)_" + sort, $0) }
        } + [sorted("listing/front_index", "front"), sorted("domain", "domain")]

    private static func sorted(_ key: String, _ source: String) -> FixtureRoute {
        let call = source == "domain" ? "Reddit.listing(_:domain:page:)" : "Reddit.listing(_:subreddit:page:)"
        return FixtureRoute(key, call: call) { r throws(FixtureRouteError) in
            let suffix = key.split(separator: "_").last.map(String.init)
            let sort = key.hasPrefix("listing/") && suffix != "index" ? try listingSort(suffix ?? "", r) : nil
            let call: FixtureCall
            switch source {
            case "domain": call = FixtureCall(Reddit.listing(sort, domain: try r.path("domain"), page: try r.page))
            case "subreddit":
                call = FixtureCall(Reddit.listing(sort, subreddit: try r.path("subreddit"), page: try r.page))
            default: call = FixtureCall(Reddit.listing(sort, page: try r.page))
            }
            return call.sendingDefaults(defaultRange)
        }
    }

    /// `t=day`, the range Reddit takes for `top` and `controversial` when none is given.
    static let defaultRange = [Field("t", "day")]

    /// A sort named by a listing key, with its `t=` for `top` and `controversial`.
    private static func listingSort(_ name: String, _ r: RecordedRequest) throws(FixtureRouteError) -> ListingSort {
        switch name {
        case "hot": return .hot
        case "new": return .new
        case "rising": return .rising
        case "best": return .best
        case "top", "controversial":
            // Without `t=` Reddit ranks the last day (the call sends `t=day`, a tolerated default).
            let range = try r.choice(r.optionalQuery("t"), "t", as: TimeRange.self) ?? .day
            return name == "top" ? .top(range) : .controversial(range)
        default: throw .unsupported("the sort \(name)")
        }
    }

    private static let userListings: [FixtureRoute] =
        [
            ("overview", "Reddit.userOverview(_:sort:page:)", Reddit.userOverview),
            ("submitted", "Reddit.userSubmitted(_:sort:page:)", Reddit.userSubmitted),
            ("comments", "Reddit.userComments(_:sort:page:)", Reddit.userComments),
        ].map { name, call, make in
            FixtureRoute("listing/user_" + name, call: call) { r throws(FixtureRouteError) in
                // Reddit's default order of these lists is `new`, which the calls send when not told otherwise.
                try ignoringRange(
                    FixtureCall(make(try r.path("user"), try userSort(r), try r.page)).sendingDefaults([
                        Field("sort", "new")
                    ]), r)
            }
        }
        + [
            ("saved", "Reddit.userSaved(_:page:)", Reddit.userSaved),
            ("upvoted", "Reddit.userUpvoted(_:page:)", Reddit.userUpvoted),
            ("downvoted", "Reddit.userDownvoted(_:page:)", Reddit.userDownvoted),
            ("hidden", "Reddit.userHidden(_:page:)", Reddit.userHidden),
            ("gilded_given", "Reddit.userGildedGiven(_:page:)", Reddit.userGildedGiven),
        ].map { name, call, make in
            FixtureRoute("listing/user_" + name, call: call) { r throws(FixtureRouteError) in
                // These lists come newest first; PRAW 3 spelled that out as `sort=new`.
                guard (r.optionalQuery("sort") ?? "new") == "new" else {
                    throw .unsupported("a \(name) list with sort=\(r.optionalQuery("sort") ?? "")")
                }
                return try ignoringRange(
                    FixtureCall(make(try r.path("user"), try r.page)).leavingOut(
                        "sort", because: "sort=new is the order Reddit lists these in anyway (PRAW 3 sent it)"), r)
            }
        }

    /// The call, tolerating a `t=` PRAW 3 sent with a sort that has no range (Reddit reads `t`
    /// only for `top` and `controversial`).
    static func ignoringRange(_ call: FixtureCall, _ r: RecordedRequest) throws(FixtureRouteError)
        -> FixtureCall
    {
        guard r.optionalQuery("t") != nil, !["top", "controversial"].contains(r.optionalQuery("sort") ?? "new") else {
            return call
        }
        return call.leavingOut("t", because: "a time range with a sort that has none, which Reddit ignores")
    }

    /// The `sort=` and `t=` of a user listing (`new` when absent).
    private static func userSort(_ r: RecordedRequest) throws(FixtureRouteError) -> UserListingSort {
        let range = try r.choice(r.optionalQuery("t"), "t", as: TimeRange.self)
        switch (r.optionalQuery("sort") ?? "new", range) {
        case ("new", _): return .new
        case ("hot", _): return .hot
        case ("top", let range?): return .top(range)
        case ("controversial", let range?): return .controversial(range)
        case (let sort, _): throw .unsupported("user listing sort=\(sort) t=\(range?.rawValue ?? "none")")
        }
    }

    /// A comma-separated list of fullnames (`t3_a,t3_b`).
    static func fullnames(_ text: String) -> [Fullname] { text.split(separator: ",").map { Fullname(String($0)) } }
}
