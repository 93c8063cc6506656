import Courier
import RedditAPI

/// The `modmail` area: new modmail's conversations, replies, marks and counts.
extension FixtureRoutes {
    static let modmail: [FixtureRoute] = [
        FixtureRoute(
            "modmail_conversations",
            call:
                "Reddit.modmailConversations(in:state:sort:after:limit:), Reddit.createModmailConversation(from:to:subject:body:authorHidden:)"
        ) { r throws(FixtureRouteError) in
            switch r.method {
            case "GET":
                return FixtureCall(
                    Reddit.modmailConversations(
                        in: list(r.optionalQuery("entity")),
                        state: try r.choice(r.optionalQuery("state"), "state", as: ModmailState.self),
                        sort: try r.choice(r.optionalQuery("sort"), "sort", as: ModmailSort.self),
                        after: r.optionalQuery("after"), limit: try r.optionalQueryInt("limit")))
            case "POST":
                return FixtureCall(
                    Reddit.createModmailConversation(
                        from: try r.field("srName"), to: try r.field("to"), subject: try r.field("subject"),
                        body: try r.field("body"), authorHidden: try r.optionalBool("isAuthorHidden") ?? false)
                ).sendingDefaults([Field("isAuthorHidden", "false")])
            default: throw .unsupported("\(r.method) of conversations")
            }
        },
        FixtureRoute(
            "modmail_conversation",
            call: "Reddit.modmailConversation(_:markRead:), Reddit.replyToModmail(_:body:authorHidden:internal:)"
        ) { r throws(FixtureRouteError) in
            let id = try r.path("id")
            switch r.method {
            case "GET":
                return FixtureCall(
                    Reddit.modmailConversation(id, markRead: try r.optionalQueryBool("markRead") ?? false))
            case "POST":
                return FixtureCall(
                    Reddit.replyToModmail(
                        id, body: try r.field("body"), authorHidden: try r.optionalBool("isAuthorHidden") ?? false,
                        internal: try r.optionalBool("isInternal") ?? false)
                ).sendingDefaults([Field("isAuthorHidden", "false"), Field("isInternal", "false")])
            default: throw .unsupported("\(r.method) of a conversation")
            }
        },
        byConversation("modmail_archive", "Reddit.setModmailArchived(_:_:)") { id, _ in
            Reddit.setModmailArchived(id, true)
        },
        byConversation("modmail_unarchive", "Reddit.setModmailArchived(_:_:)") { id, _ in
            Reddit.setModmailArchived(id, false)
        },
        byConversation("modmail_highlight", "Reddit.setModmailHighlighted(_:_:)") { id, method in
            Reddit.setModmailHighlighted(id, method != "DELETE")
        },
        byConversation("modmail_unmute", "Reddit.unmuteModmailUser(in:)") { id, _ in Reddit.unmuteModmailUser(in: id) },
        FixtureRoute("modmail_mute", call: "Reddit.muteModmailUser(in:days:)") { r throws(FixtureRouteError) in
            let hours = try r.optionalQueryInt("num_hours")
            if let hours, hours % 24 != 0 { throw .unsupported("num_hours=\(hours) is not whole days") }
            return FixtureCall(Reddit.muteModmailUser(in: try r.path("id"), days: hours.map { $0 / 24 }))
        },
        FixtureRoute("modmail_read", call: "Reddit.markModmailRead(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.markModmailRead(list(try r.field("conversationIds"))))
        },
        FixtureRoute("modmail_unread", call: "Reddit.markModmailUnread(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.markModmailUnread(list(try r.field("conversationIds"))))
        },
        FixtureRoute("modmail_bulk_read", call: "Reddit.markAllModmailRead(in:state:)") { r throws(FixtureRouteError) in
            let state = try r.choice(r.optionalQuery("state"), "state", as: ModmailState.self) ?? .all
            return FixtureCall(Reddit.markAllModmailRead(in: list(r.optionalQuery("entity")), state: state))
                .sendingDefaults([Field("state", "all")])
        },
        FixtureRoute("modmail_unread_count", call: "Reddit.modmailUnreadCounts()") { _ throws(FixtureRouteError) in
            FixtureCall(Reddit.modmailUnreadCounts())
        },
        FixtureRoute("modmail_subreddits", call: "Reddit.modmailSubreddits()") { _ throws(FixtureRouteError) in
            FixtureCall(Reddit.modmailSubreddits())
        },
    ]

    private static func byConversation(
        _ key: String, _ call: String, _ make: @escaping @Sendable (String, String) -> Request<ModmailConversation?>
    ) -> FixtureRoute {
        FixtureRoute(key, call: call) { r throws(FixtureRouteError) in FixtureCall(make(try r.path("id"), r.method)) }
    }

    /// A comma-separated list (empty for nil or empty text).
    private static func list(_ text: String?) -> [String] {
        (text ?? "").split(separator: ",").map(String.init)
    }
}
