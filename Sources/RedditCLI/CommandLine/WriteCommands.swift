package import RedditAPI

/// `message <user|#subreddit> --subject S [--text T]`.
package struct MessageOptions: Equatable, Sendable {
    package var recipient: MessageRecipient
    package var subject: String
    /// The body; nil asks `$VISUAL`/`$EDITOR` for it.
    package var text: String?

    package init(recipient: MessageRecipient, subject: String, text: String? = nil) {
        self.recipient = recipient
        self.subject = subject
        self.text = text
    }
}

/// `submit <subreddit> --title T (--url U | --text T | --image FILE | --crosspost FULLNAME)`.
package struct SubmitCommandOptions: Equatable, Sendable {
    /// What the post holds.
    package enum Content: Equatable, Sendable {
        case link(url: String)
        /// A text post; nil asks `$VISUAL`/`$EDITOR` for the text.
        case text(String?)
        /// An image post from a local file.
        case image(path: String)
        case crosspost(of: String)
    }

    package var subreddit: String
    package var title: String
    package var content: Content

    package init(subreddit: String, title: String, content: Content) {
        self.subreddit = subreddit
        self.title = title
        self.content = content
    }
}

/// The sections of the inbox (`inbox [unread|sent|mentions|replies]`; all messages when omitted).
package enum InboxSection: String, CaseIterable, Sendable {
    case all, unread, messages, replies, mentions, sent
}

extension CommandParser {
    /// The writing, inbox and stream commands; nil when `name` is none of them.
    static func parseWriteCommand(_ name: String, _ arguments: inout CommandArguments) throws(UsageError) -> Command? {
        switch name {
        case "reply":
            let text = try arguments.value("--text")
            return .reply(fullname: try arguments.fullname(), text: text)
        case "edit":
            let text = try arguments.value("--text")
            return .edit(fullname: try arguments.fullname(), text: text)
        case "delete":
            return .delete(fullname: try arguments.fullname())
        case "message":
            guard let subject = try arguments.value("--subject") else {
                throw UsageError(message: "missing --subject", command: name)
            }
            let text = try arguments.value("--text")
            let to = try arguments.positional("recipient (a user name, or #subreddit for its moderators)")
            return .message(MessageOptions(recipient: recipient(to), subject: subject, text: text))
        case "submit":
            return .submit(try parseSubmit(&arguments))
        case "inbox":
            let page = try arguments.page()
            let section = try arguments.optionalPositional(as: InboxSection.self, what: "section") ?? .all
            return .inbox(section, page: page)
        case "read":
            let all = arguments.flag("--all")
            let names = arguments.remainingPositionals()
            if all, !names.isEmpty {
                throw UsageError(message: "give fullnames or --all, not both", command: name)
            }
            if !all, names.isEmpty { throw UsageError(message: "missing fullnames (or --all)", command: name) }
            for raw in names where !FullnameCheck.isFullname(raw) {
                throw UsageError(
                    message: "'\(raw)' is not a fullname (for example t4_2tq2n or t1_cu5tt8h)", command: name)
            }
            return .markRead(fullnames: names)
        case "watch":
            let comments = arguments.flag("--comments")
            let subreddit = try arguments.positional("subreddit")
            return .watch(subreddit: stripSubredditPrefix(subreddit), comments: comments)
        case "live":
            return .live(thread: try arguments.positional("live thread id"))
        default:
            return nil
        }
    }

    private static func parseSubmit(_ arguments: inout CommandArguments) throws(UsageError) -> SubmitCommandOptions {
        guard let title = try arguments.value("--title") else {
            throw UsageError(message: "missing --title", command: "submit")
        }
        var contents: [SubmitCommandOptions.Content] = []
        if let url = try arguments.value("--url") { contents.append(.link(url: url)) }
        if let text = try arguments.value("--text") { contents.append(.text(text)) }
        if let image = try arguments.value("--image") { contents.append(.image(path: image)) }
        if let crosspost = try arguments.value("--crosspost") {
            guard FullnameCheck.isFullname(crosspost), crosspost.hasPrefix("t3_") else {
                throw UsageError(message: "--crosspost takes a post's fullname such as t3_48dxvx", command: "submit")
            }
            contents.append(.crosspost(of: crosspost))
        }
        guard contents.count <= 1 else {
            throw UsageError(message: "give one of --url, --text, --image or --crosspost", command: "submit")
        }
        let subreddit = try arguments.positional("subreddit")
        return SubmitCommandOptions(
            subreddit: stripSubredditPrefix(subreddit), title: title, content: contents.first ?? .text(nil))
    }

    /// A message's recipient as typed: `name` or `u/name` for a user, `#name`, `r/name` or
    /// `/r/name` for a subreddit's moderators.
    static func recipient(_ to: String) -> MessageRecipient {
        if to.hasPrefix("#") {
            .subreddit(String(to.dropFirst()))
        } else if to.hasPrefix("r/") || to.hasPrefix("/r/") {
            .subreddit(String(to.drop { $0 == "/" }.dropFirst(2)))
        } else {
            .user(to.hasPrefix("u/") || to.hasPrefix("/u/") ? String(to.drop { $0 == "/" }.dropFirst(2)) : to)
        }
    }

    static func stripSubredditPrefix(_ name: String) -> String {
        var name = Substring(name)
        if name.hasPrefix("/") { name = name.dropFirst() }
        if name.hasPrefix("r/") { name = name.dropFirst(2) }
        return String(name)
    }
}
