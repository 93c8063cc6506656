import Courier
import RedditAPI

/// The `messages` area: the inbox's folders, conversations, read marks, collapsing,
/// composing, deleting, muting and unblocking, and Reddit's announcements.
extension FixtureRoutes {
    static let messages: [FixtureRoute] = folders + marks + writing + announcements

    private static let folders: [FixtureRoute] =
        [
            ("inbox", "Reddit.inbox(page:)", Reddit.inbox), ("sent", "Reddit.sentMessages(page:)", Reddit.sentMessages),
            ("messages", "Reddit.messages(page:)", Reddit.messages),
            ("mentions", "Reddit.mentions(page:)", Reddit.mentions),
            ("comment_replies", "Reddit.commentReplies(page:)", Reddit.commentReplies),
            ("submission_replies", "Reddit.postReplies(page:)", Reddit.postReplies),
        ].map { key, call, make in
            FixtureRoute(key, call: call) { r throws(FixtureRouteError) in FixtureCall(make(try r.page)) }
        } + [
            FixtureRoute("unread", call: "Reddit.unread(page:)") { r throws(FixtureRouteError) in
                guard try r.optionalQueryBool("mark") != true else { throw .unsupported("unread with mark=true") }
                return FixtureCall(Reddit.unread(page: try r.page))
            },
            FixtureRoute("message", call: "Reddit.messageThread(_:)") { r throws(FixtureRouteError) in
                FixtureCall(Reddit.messageThread(try r.path("id")))
            },
        ]

    private static let marks: [FixtureRoute] = [
        byFullnames("read_message", "Reddit.markRead(_:)", Reddit.markRead),
        byFullnames("unread_message", "Reddit.markUnread(_:)", Reddit.markUnread),
        byFullnames("collapse", "Reddit.setCollapsed(_:_:)") { Reddit.setCollapsed($0, true) },
        byFullnames("uncollapse", "Reddit.setCollapsed(_:_:)") { Reddit.setCollapsed($0, false) },
        FixtureRoute("read_all_messages", call: "Reddit.markAllRead()") { _ throws(FixtureRouteError) in
            FixtureCall(Reddit.markAllRead())
        },
    ]

    private static let writing: [FixtureRoute] = [
        FixtureRoute("compose", call: "Reddit.compose(to:subject:text:fromSubreddit:)") { r throws(FixtureRouteError) in
            let to = try r.field("to")
            let recipient: MessageRecipient = to.hasPrefix("#") ? .subreddit(String(to.dropFirst())) : .user(to)
            return FixtureCall(
                Reddit.compose(
                    to: recipient, subject: try r.field("subject"), text: try r.field("text"),
                    fromSubreddit: r.optionalField("from_sr")))
        },
        byFullname("delete_message", "Reddit.deleteMessage(_:)", Reddit.deleteMessage),
        byFullname("mute_sender", "Reddit.muteAuthor(of:)", Reddit.muteAuthor),
        byFullname("unmute_sender", "Reddit.unmuteAuthor(of:)", Reddit.unmuteAuthor),
        byFullname("unblock_subreddit", "Reddit.unblockSubreddit(of:)", Reddit.unblockSubreddit),
    ]

    private static let announcements: [FixtureRoute] = [
        FixtureRoute("announcements", call: "Reddit.announcements(after:limit:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.announcements(after: r.optionalQuery("after"), limit: try r.optionalQueryInt("limit")))
        },
        FixtureRoute("read_announcements", call: "Reddit.markAnnouncementsRead(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.markAnnouncementsRead(try r.field("ids").split(separator: ",").map(String.init)))
        },
        FixtureRoute("hide_announcements", call: "Reddit.hideAnnouncements(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.hideAnnouncements(try r.field("ids").split(separator: ",").map(String.init)))
        },
        FixtureRoute("read_all_announcements", call: "Reddit.markAllAnnouncementsRead()") {
            _ throws(FixtureRouteError) in
            FixtureCall(Reddit.markAllAnnouncementsRead())
        },
    ]

    /// A route for a write that takes one fullname in the field `id`.
    static func byFullname(_ key: String, _ call: String, _ make: @escaping @Sendable (Fullname) -> Request<Void>)
        -> FixtureRoute
    {
        FixtureRoute(key, call: call) { r throws(FixtureRouteError) in FixtureCall(make(try r.fullname("id"))) }
    }

    /// A route for a write that takes comma-separated fullnames in the field `id`.
    static func byFullnames(_ key: String, _ call: String, _ make: @escaping @Sendable ([Fullname]) -> Request<Void>)
        -> FixtureRoute
    {
        FixtureRoute(key, call: call) { r throws(FixtureRouteError) in FixtureCall(make(fullnames(try r.field("id")))) }
    }
}

extension MessageThread: FixtureSummarizable {
    package var fixtureSummary: String {
        "thread \(root.name), \(messages.count) message\(messages.count == 1 ? "" : "s")"
    }
}

extension Announcement: FixtureSummarizable {
    package var fixtureSummary: String { id + " " + FixtureSummary.quoted(subject) }
}
