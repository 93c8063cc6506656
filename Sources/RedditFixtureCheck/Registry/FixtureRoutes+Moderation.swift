import Courier
import RedditAPI

/// The `moderation` area: queues, the log, traffic, acting on posts and comments, removal
/// reasons and messages, moderator notes, the lists of users and moderator invitations (with
/// the wiki's lists and the NSFW and spoiler marks, whose recordings sit in other folders).
extension FixtureRoutes {
    static let moderation: [FixtureRoute] =
        queues + thingActions + removal + notes + moderationUsers

    private static let queues: [FixtureRoute] = [
        queue("about_modqueue", .modQueue), queue("about_reports", .reports), queue("about_spam", .spam),
        queue("about_edited", .edited), queue("about_unmoderated", .unmoderated),
        FixtureRoute("about_log", call: "Reddit.moderationLog(of:action:moderator:page:)") {
            r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.moderationLog(
                    of: try r.path("subreddit"), action: r.optionalQuery("type"), moderator: r.optionalQuery("mod"),
                    page: try r.page))
        },
        FixtureRoute("about_traffic", call: "Reddit.traffic(of:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.traffic(of: try r.path("subreddit")))
        },
    ]

    private static func queue(_ key: String, _ queue: ModerationQueue) -> FixtureRoute {
        FixtureRoute(key, call: "Reddit.moderationQueue(_:of:only:page:)") { r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.moderationQueue(
                    queue, of: try r.path("subreddit"),
                    only: try r.choice(r.optionalQuery("only"), "only", as: ModerationItems.self), page: try r.page))
        }
    }

    private static let thingActions: [FixtureRoute] = [
        byID("approve", "Reddit.approve(_:)", Reddit.approve), byID("lock", "Reddit.lock(_:)", Reddit.lock),
        byID("unlock", "Reddit.unlock(_:)", Reddit.unlock),
        byID("ignore_reports", "Reddit.ignoreReports(_:)", Reddit.ignoreReports),
        byID("unignore_reports", "Reddit.unignoreReports(_:)", Reddit.unignoreReports),
        byID("show_comment", "Reddit.showComment(_:)", Reddit.showComment),
        byID("marknsfw", "Reddit.setNSFW(_:_:)") { Reddit.setNSFW($0, true) },
        byID("unmarknsfw", "Reddit.setNSFW(_:_:)") { Reddit.setNSFW($0, false) },
        byID("spoiler", "Reddit.setSpoiler(_:_:)") { Reddit.setSpoiler($0, true) },
        byID("unspoiler", "Reddit.setSpoiler(_:_:)") { Reddit.setSpoiler($0, false) },
        FixtureRoute("remove", call: "Reddit.remove(_:spam:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.remove(try r.fullname("id"), spam: try r.optionalBool("spam") ?? false))
                .sendingDefaults([Field("spam", "false")])
        },
        FixtureRoute("distinguish", call: "Reddit.distinguish(_:as:sticky:)") { r throws(FixtureRouteError) in
            let how = try r.choice(r.optionalField("how"), "how", as: Distinction.self) ?? .moderator
            return FixtureCall(
                Reddit.distinguish(try r.fullname("id"), as: how, sticky: try r.optionalBool("sticky") ?? false))
        },
        FixtureRoute("sticky_submission", call: "Reddit.setSticky(_:_:slot:onProfile:)") {
            r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.setSticky(
                    try r.fullname("id"), try r.bool("state"), slot: try r.optionalInt("num"),
                    onProfile: try r.optionalBool("to_profile") ?? false))
        },
        FixtureRoute("contest_mode", call: "Reddit.setContestMode(_:_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.setContestMode(try r.fullname("id"), try r.bool("state")))
        },
        FixtureRoute("suggested_sort", call: "Reddit.setSuggestedSort(_:_:)") { r throws(FixtureRouteError) in
            let sort = try r.field("sort")
            let order = sort == "blank" ? nil : try r.choice(sort, "sort", as: CommentSort.self)
            return FixtureCall(Reddit.setSuggestedSort(try r.fullname("id"), order))
        },
        FixtureRoute("set_original_content", call: "Reddit.setOriginalContent(_:in:_:)") {
            r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.setOriginalContent(try r.fullname("fullname"), in: try r.field("r"), try r.bool("should_set_oc"))
            )
        },
        FixtureRoute("update_crowd_control", call: "Reddit.setCrowdControlLevel(_:_:)") { r throws(FixtureRouteError) in
            guard let level = try r.optionalInt("level") else { throw .missing("field level") }
            return FixtureCall(Reddit.setCrowdControlLevel(try r.fullname("id"), level))
        },
    ]

    private static func byID(
        _ key: String, _ call: String, _ make: @escaping @Sendable (Fullname) -> Request<Void>
    ) -> FixtureRoute {
        FixtureRoute(key, call: call) { r throws(FixtureRouteError) in FixtureCall(make(try r.fullname("id"))) }
    }

    private static let removal: [FixtureRoute] = [
        removalMessage("removal_comment_message"), removalMessage("removal_link_message"),
        FixtureRoute("removal_reasons", call: "Reddit.applyRemovalReason(_:modNote:to:)") {
            r throws(FixtureRouteError) in
            let document = try r.embeddedJSON("json")
            let ids = (document["item_ids"]?.arrayValue ?? []).compactMap(\.stringValue).map { Fullname($0) }
            return FixtureCall(
                Reddit.applyRemovalReason(
                    document["reason_id"]?.stringValue, modNote: document["mod_note"]?.stringValue, to: ids))
        },
        FixtureRoute(
            "removal_reasons_list", call: "Reddit.removalReasons(of:), Reddit.createRemovalReason(in:title:message:)"
        ) {
            r throws(FixtureRouteError) in
            let subreddit = try r.path("subreddit")
            switch r.method {
            case "GET": return FixtureCall(Reddit.removalReasons(of: subreddit))
            case "POST":
                return FixtureCall(
                    Reddit.createRemovalReason(
                        in: subreddit, title: try r.field("title"), message: try r.field("message")))
            default: throw .unsupported("\(r.method) of removal reasons")
            }
        },
        FixtureRoute(
            "removal_reason", call: "Reddit.updateRemovalReason(_:in:title:message:), Reddit.deleteRemovalReason(_:in:)"
        ) {
            r throws(FixtureRouteError) in
            let (id, subreddit) = (try r.path("id"), try r.path("subreddit"))
            switch r.method {
            case "DELETE": return FixtureCall(Reddit.deleteRemovalReason(id, in: subreddit))
            case "PUT":
                return FixtureCall(
                    Reddit.updateRemovalReason(
                        id, in: subreddit, title: try r.field("title"), message: try r.field("message")))
            default: throw .unsupported("\(r.method) of a removal reason")
            }
        },
    ]

    private static func removalMessage(_ key: String) -> FixtureRoute {
        FixtureRoute(key, call: "Reddit.sendRemovalMessage(for:message:title:type:)") { r throws(FixtureRouteError) in
            let document = try r.embeddedJSON("json")
            guard let id = document["item_id"]?[0]?.stringValue, let message = document["message"]?.stringValue else {
                throw .missing("item_id and message in the json field")
            }
            let type = try r.choice(document["type"]?.stringValue, "type", as: RemovalMessageType.self)
            return FixtureCall(
                Reddit.sendRemovalMessage(
                    for: Fullname(id), message: message, title: document["title"]?.stringValue ?? "ignored",
                    type: type ?? .publicComment))
        }
    }

    private static let notes: [FixtureRoute] = [
        FixtureRoute(
            "mod_notes",
            call:
                "Reddit.modNotes(for:in:type:cursor:limit:), Reddit.createModNote(about:in:note:label:thing:), Reddit.deleteModNote(_:about:in:)"
        ) { r throws(FixtureRouteError) in
            switch r.method {
            case "GET":
                return FixtureCall(
                    Reddit.modNotes(
                        for: try r.query("user"), in: try r.query("subreddit"), type: r.optionalQuery("filter"),
                        cursor: r.optionalQuery("before"), limit: try r.optionalQueryInt("limit")))
            case "POST":
                return FixtureCall(
                    Reddit.createModNote(
                        about: try r.field("user"), in: try r.field("subreddit"), note: try r.field("note"),
                        label: r.optionalField("label"), thing: r.optionalField("reddit_id").map { Fullname($0) }))
            case "DELETE":
                return FixtureCall(
                    Reddit.deleteModNote(
                        r.optionalQuery("note_id"), about: try r.query("user"), in: try r.query("subreddit")))
            default: throw .unsupported("\(r.method) of mod notes")
            }
        },
        FixtureRoute("mod_notes_bulk", call: "Reddit.latestModNotes(subreddits:users:)") {
            r throws(FixtureRouteError) in
            let list = { (text: String) in text.split(separator: ",").map(String.init) }
            return FixtureCall(
                Reddit.latestModNotes(subreddits: list(try r.query("subreddits")), users: list(try r.query("users")))
            ).leavingOut("accounts", because: "PRAW 7.6 sent the users twice, as `users` and as the older `accounts`")
        },
    ]
}
