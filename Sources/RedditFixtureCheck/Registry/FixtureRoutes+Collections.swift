import Courier
import RedditAPI

/// The `collections` area: reading, creating, changing, deleting and following collections.
extension FixtureRoutes {
    static let collections: [FixtureRoute] = [
        FixtureRoute("collection", call: "Reddit.collection(_:includePosts:)") { r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.collection(
                    try r.query("collection_id"), includePosts: try r.optionalQueryBool("include_links") ?? true))
        },
        FixtureRoute("collection_subreddit", call: "Reddit.collections(in:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.collections(in: Fullname(try r.query("sr_fullname"))))
        },
        FixtureRoute("collection_create", call: "Reddit.createCollection(in:title:description:layout:)") {
            r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.createCollection(
                    in: try r.fullname("sr_fullname"), title: try r.field("title"),
                    description: try r.field("description"),
                    layout: r.optionalField("display_layout").map { CollectionLayout(rawValue: $0) }))
        },
        byCollection("collection_delete", "Reddit.deleteCollection(_:)") { id, _ throws(FixtureRouteError) in
            Reddit.deleteCollection(id)
        },
        byCollection("collection_add_post", "Reddit.addPost(_:toCollection:)") { id, r throws(FixtureRouteError) in
            Reddit.addPost(try r.fullname("link_fullname"), toCollection: id)
        },
        byCollection("collection_remove_post", "Reddit.removePost(_:fromCollection:)") {
            id, r throws(FixtureRouteError) in
            Reddit.removePost(try r.fullname("link_fullname"), fromCollection: id)
        },
        byCollection("collection_reorder", "Reddit.reorderCollection(_:posts:)") { id, r throws(FixtureRouteError) in
            Reddit.reorderCollection(
                id, posts: try r.field("link_ids").split(separator: ",").map { Fullname(String($0)) })
        },
        byCollection("collection_title", "Reddit.setCollectionTitle(_:_:)") { id, r throws(FixtureRouteError) in
            Reddit.setCollectionTitle(id, try r.field("title"))
        },
        byCollection("collection_desc", "Reddit.setCollectionDescription(_:_:)") { id, r throws(FixtureRouteError) in
            Reddit.setCollectionDescription(id, try r.field("description"))
        },
        byCollection("collection_layout", "Reddit.setCollectionLayout(_:_:)") { id, r throws(FixtureRouteError) in
            let layout = try r.field("display_layout")
            return Reddit.setCollectionLayout(id, layout.isEmpty ? nil : CollectionLayout(rawValue: layout))
        },
        byCollection("collection_follow", "Reddit.followCollection(_:_:)") { id, r throws(FixtureRouteError) in
            Reddit.followCollection(id, try r.bool("follow"))
        },
    ]

    /// A write on one collection, named by the form's `collection_id`.
    private static func byCollection(
        _ key: String, _ call: String,
        _ make: @escaping @Sendable (String, RecordedRequest) throws(FixtureRouteError) -> Request<Void>
    ) -> FixtureRoute {
        FixtureRoute(key, call: call) { r throws(FixtureRouteError) in
            FixtureCall(try make(try r.field("collection_id"), r))
        }
    }
}
