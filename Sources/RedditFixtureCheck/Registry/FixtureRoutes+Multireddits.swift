import Courier
import Foundation
import RedditAPI

/// The `multireddits` area: reading, creating, copying, renaming, changing and deleting
/// multireddits, their subreddits, and their multiredditListings.
extension FixtureRoutes {
    static let multireddits: [FixtureRoute] = multiredditManagement + multiredditListings

    private static let multiredditManagement: [FixtureRoute] = [
        FixtureRoute("my_multireddits", call: "Reddit.myMultireddits()") { _ throws(FixtureRouteError) in
            FixtureCall(Reddit.myMultireddits())
        },
        FixtureRoute("multireddit_user", call: "Reddit.multireddits(of:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.multireddits(of: try r.path("user")))
        },
        FixtureRoute(
            "multireddit_api",
            call:
                "Reddit.multireddit(_:of:), Reddit.updateMultireddit(_:of:_:), Reddit.deleteMultireddit(_:of:)"
        ) { r throws(FixtureRouteError) in
            let (name, owner) = (try r.path("multi"), try r.path("user"))
            switch r.method {
            case "GET": return FixtureCall(Reddit.multireddit(name, of: owner))
            case "DELETE": return FixtureCall(Reddit.deleteMultireddit(name, of: owner))
            case "PUT": return FixtureCall(Reddit.updateMultireddit(name, of: owner, try multiredditChanges(r)))
            default: throw .unsupported("\(r.method) of a multireddit")
            }
        },
        FixtureRoute(
            "multireddit_base",
            call:
                "Reddit.createMultireddit(displayName:subreddits:description:visibility:weightingScheme:iconName:keyColor:)"
        ) { r throws(FixtureRouteError) in
            let model = try r.embeddedJSON("model")
            guard let displayName = model["display_name"]?.stringValue else { throw .missing("model.display_name") }
            return FixtureCall(
                Reddit.createMultireddit(
                    displayName: displayName, subreddits: multiredditMembers(model["subreddits"]),
                    description: model["description_md"]?.stringValue,
                    visibility: model["visibility"]?.stringValue ?? "private",
                    weightingScheme: model["weighting_scheme"]?.stringValue ?? "classic",
                    iconName: model["icon_name"]?.stringValue, keyColor: model["key_color"]?.stringValue))
        },
        FixtureRoute("multireddit_copy", call: "Reddit.copyMultireddit(_:of:to:as:displayName:)") {
            r throws(FixtureRouteError) in
            let (from, to) = (try multiredditPath(try r.field("from")), try multiredditPath(try r.field("to")))
            return FixtureCall(
                Reddit.copyMultireddit(
                    from.name, of: from.owner, to: to.owner, as: to.name, displayName: try r.field("display_name")))
        },
        FixtureRoute("multireddit_rename", call: "Reddit.renameMultireddit(_:of:to:)") { r throws(FixtureRouteError) in
            let from = try multiredditPath(try r.field("from"))
            return FixtureCall(Reddit.renameMultireddit(from.name, of: from.owner, to: try r.field("display_name")))
        },
        FixtureRoute(
            "multireddit_update",
            call: "Reddit.addSubreddit(_:toMultireddit:of:), Reddit.removeSubreddit(_:fromMultireddit:of:)"
        ) { r throws(FixtureRouteError) in
            let (name, owner, subreddit) = (try r.path("multi"), try r.path("user"), try r.path("subreddit"))
            switch r.method {
            case "PUT": return FixtureCall(Reddit.addSubreddit(subreddit, toMultireddit: name, of: owner))
            case "DELETE": return FixtureCall(Reddit.removeSubreddit(subreddit, fromMultireddit: name, of: owner))
            default: throw .unsupported("\(r.method) of a multireddit's subreddit")
            }
        },
    ]

    private static let multiredditListings: [FixtureRoute] =
        [
            FixtureRoute("multireddit", call: "Reddit.multiredditPosts(_:of:sort:page:)") {
                r throws(FixtureRouteError) in
                FixtureCall(Reddit.multiredditPosts(try r.path("multi"), of: try r.path("user"), page: try r.page))
            },
            FixtureRoute("listing/multireddit_comments", call: "Reddit.multiredditComments(_:of:page:)") {
                r throws(FixtureRouteError) in
                FixtureCall(Reddit.multiredditComments(try r.path("multi"), of: try r.path("user"), page: try r.page))
            },
        ]
        + ["hot", "new", "rising", "top", "controversial"].map { sortName in
            FixtureRoute("listing/multireddit_" + sortName, call: "Reddit.multiredditPosts(_:of:sort:page:)") {
                r throws(FixtureRouteError) in
                let sort: ListingSort
                let time = try r.choice(r.optionalQuery("t"), "t", as: TimeRange.self)
                switch sortName {
                case "hot": sort = .hot
                case "new": sort = .new
                case "rising": sort = .rising
                case "top": sort = .top(time ?? .day)
                default: sort = .controversial(time ?? .day)
                }
                return FixtureCall(
                    Reddit.multiredditPosts(try r.path("multi"), of: try r.path("user"), sort: sort, page: try r.page)
                ).sendingDefaults(defaultRange)
            }
        }

    /// The changes a recorded `model` sets.
    private static func multiredditChanges(_ r: RecordedRequest) throws(FixtureRouteError) -> MultiredditChanges {
        let model = try r.embeddedJSON("model")
        return MultiredditChanges(
            displayName: model["display_name"]?.stringValue,
            subreddits: model["subreddits"].map { multiredditMembers($0) },
            descriptionMarkdown: model["description_md"]?.stringValue,
            visibility: model["visibility"]?.stringValue, weightingScheme: model["weighting_scheme"]?.stringValue,
            iconName: model["icon_name"]?.stringValue, keyColor: model["key_color"]?.stringValue)
    }

    /// `[{"name": "swift"}, ...]` as names.
    private static func multiredditMembers(_ list: JSON?) -> [String] {
        (list?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    }

    /// `/user/OWNER/m/NAME` (with or without the slashes at either end) as its parts.
    private static func multiredditPath(_ path: String) throws(FixtureRouteError) -> (owner: String, name: String) {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count == 4, parts[0] == "user", parts[2] == "m" else {
            throw .unsupported("multireddit path \(path)")
        }
        return (parts[1], parts[3])
    }
}
