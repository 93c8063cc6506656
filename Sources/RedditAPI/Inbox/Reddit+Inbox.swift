public import Courier
import Foundation

/// Who a private message goes to.
public enum MessageRecipient: Sendable, Hashable {
    /// A user, by name (without `u/`).
    case user(String)
    /// A subreddit's moderators, by the subreddit's name (without `r/`); sent as `#name`.
    case subreddit(String)

    var formValue: String {
        switch self {
        case .user(let name): name
        case .subreddit(let name): "#" + name
        }
    }
}

/// The inbox: listings of messages, comment replies and mentions (each item a ``Message``,
/// see ``Thing/message(_:)``), marking read, composing and deleting.
///
/// ```swift
/// let unread = try await reddit.send(Reddit.unread())
/// for case .message(let item) in unread.children {
///     print(item.isComment ? "reply" : "message", item.author, item.subject)
/// }
/// try await reddit.send(Reddit.markRead(unread.children.compactMap(\.fullname)))
/// ```
extension Reddit {
    /// Everything in the inbox, messages and comments mixed (`/message/inbox`).
    public static func inbox(page: PageParameters = .first) -> Request<Listing> {
        get("/message/inbox", page.queryItems)
    }

    /// Unread items (`/message/unread`), **without** marking them read (`mark=false`).
    public static func unread(page: PageParameters = .first) -> Request<Listing> {
        get("/message/unread", [("mark", "false")] + page.queryItems)
    }

    /// Messages you sent (`/message/sent`).
    public static func sentMessages(page: PageParameters = .first) -> Request<Listing> {
        get("/message/sent", page.queryItems)
    }

    /// Private messages only (`/message/messages`).
    public static func messages(page: PageParameters = .first) -> Request<Listing> {
        get("/message/messages", page.queryItems)
    }

    /// Comments mentioning `/u/you` (`/message/mentions`).
    public static func mentions(page: PageParameters = .first) -> Request<Listing> {
        get("/message/mentions", page.queryItems)
    }

    /// Replies to your comments (`/message/comments`).
    public static func commentReplies(page: PageParameters = .first) -> Request<Listing> {
        get("/message/comments", page.queryItems)
    }

    /// Replies to your posts (`/message/selfreply`).
    public static func postReplies(page: PageParameters = .first) -> Request<Listing> {
        get("/message/selfreply", page.queryItems)
    }

    /// A conversation (`/message/messages/ID`), with `id` any message of it (base 36 or `t4_`):
    /// Reddit answers with the thread's root and every later message.
    public static func messageThread(_ id: String) -> Request<MessageThread> {
        let bare = id.hasPrefix("t4_") ? String(id.dropFirst(3)) : id
        return Request<Void>(path: "/message/messages/" + segment(bare)).readingThrowing(Listing.self) {
            try MessageThread($0)
        }
    }

    /// Marks messages and comment replies read (`/api/read_message`, t1 and t4 fullnames mixed),
    /// at most ``inboxBatchLimit``; ``Inbox/markRead(_:)`` takes any number.
    public static func markRead(_ ids: [Fullname]) -> Request<Void> {
        post("/api/read_message", ["id": ids.map(\.rawValue).joined(separator: ",")])
    }

    /// Marks messages and comment replies unread (`/api/unread_message`), at most
    /// ``inboxBatchLimit``; ``Inbox/markUnread(_:)`` takes any number.
    public static func markUnread(_ ids: [Fullname]) -> Request<Void> {
        post("/api/unread_message", ["id": ids.map(\.rawValue).joined(separator: ",")])
    }

    /// Marks the whole inbox read (`/api/read_all_messages`; Reddit answers 202 and finishes soon after).
    public static func markAllRead() -> Request<Void> { post("/api/read_all_messages", [:]) }

    /// Sends a private message (`/api/compose`), as a subreddit's moderators with `fromSubreddit`.
    /// Reddit answers with no id: the message shows up in ``sentMessages(page:)``.
    public static func compose(
        to recipient: MessageRecipient, subject: String, text: String, fromSubreddit: String? = nil
    ) -> Request<Void> {
        var form = ["to": recipient.formValue, "subject": subject, "text": text]
        if let fromSubreddit { form["from_sr"] = fromSubreddit }
        return post("/api/compose", form)
    }

    /// Deletes a message from your inbox (`/api/del_msg`, a t4). Answer one with ``reply(to:text:)``.
    public static func deleteMessage(_ id: Fullname) -> Request<Void> { post("/api/del_msg", ["id": id.rawValue]) }
}

extension Request {
    /// The same call, its body decoded as `Raw` and transformed by a function that may throw.
    func readingThrowing<Raw: Decodable & Sendable, Value>(
        _ raw: Raw.Type, _ transform: @escaping @Sendable (Raw) throws -> Value
    ) -> Request<Value> {
        map { data, _, _ in try transform(try JSON.TapeDecoder().decode(Raw.self, from: data)) }
    }
}
