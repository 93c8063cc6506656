package import RedditAPI

/// `mod queue|log|approve|remove`: a moderator's work on one subreddit's queues and log, and on
/// posts and comments.
package enum ModeratorCommand: Equatable, Sendable {
    /// One page of a queue (`only` narrows it to posts or comments).
    case queue(subreddit: String, queue: ModerationQueue, only: QueueItems?, page: PageOptions)
    /// One page of the moderation log, optionally one action's (`type`) or one moderator's.
    case log(subreddit: String, action: String?, moderator: String?, limit: Int?, after: String?)
    /// Approves a post or comment.
    case approve(fullname: String)
    /// Removes a post or comment, as spam or with a removal reason's id.
    case remove(fullname: String, spam: Bool, reasonID: String?)
}

/// `--only links|comments` of `mod queue`.
package enum QueueItems: String, CaseIterable, Sendable {
    case links, comments

    /// RedditAPI's filter.
    package var items: ModerationItems { self == .links ? .posts : .comments }
}

/// `modmail [SUB…] [--unread]` and `modmail reply ID --text T [--internal]`.
package enum ModmailCommand: Equatable, Sendable {
    /// The conversations of some subreddits (all you moderate when empty); only unread ones with
    /// `unread`.
    case list(subreddits: [String], unread: Bool)
    /// Answers a conversation, or writes a private moderator note when `internal`; nil text asks
    /// the editor.
    case reply(id: String, text: String?, internal: Bool)
}

extension CommandParser {
    /// The moderator's commands (`mod`, `modmail`, `wiki`, `flair`); nil when `name` is none.
    static func parseModeratorCommand(_ name: String, _ arguments: inout CommandArguments) throws(UsageError)
        -> Command?
    {
        switch name {
        case "mod": return .moderator(try parseMod(&arguments))
        case "modmail":
            let unread = arguments.flag("--unread")
            let text = try arguments.value("--text")
            let isInternal = arguments.flag("--internal")
            var words = arguments.remainingPositionals()
            if words.first == "reply" {
                guard words.count == 2 else {
                    throw UsageError(
                        message: words.count < 2 ? "missing conversation id" : "unexpected argument '\(words[2])'",
                        command: name)
                }
                guard FullnameCheck.isID36(words[1]) else {
                    throw UsageError(message: "'\(words[1])' is not a modmail conversation id", command: name)
                }
                if unread {
                    throw UsageError(message: "--unread lists conversations; reply takes --text", command: name)
                }
                return .modmail(.reply(id: words[1], text: text, internal: isInternal))
            }
            if text != nil || isInternal {
                throw UsageError(message: "--text and --internal go with 'modmail reply ID'", command: name)
            }
            words = words.map(stripSubredditPrefix)
            return .modmail(.list(subreddits: words, unread: unread))
        case "wiki":
            let edit = arguments.flag("--edit")
            let reason = try arguments.value("--reason")
            let subreddit = stripSubredditPrefix(try arguments.positional("subreddit"))
            let page = try arguments.positional("page name (for example index)")
            if reason != nil, !edit { throw UsageError(message: "--reason goes with --edit", command: name) }
            return .wiki(subreddit: subreddit, page: page, edit: edit, reason: reason)
        case "flair":
            let subreddit = stripSubredditPrefix(try arguments.positional("subreddit"))
            let user = try arguments.positional("user name")
            let text = try arguments.positional("flair text (\"\" removes the text)")
            return .flair(subreddit: subreddit, user: stripUserPrefix(user), text: text)
        default:
            return nil
        }
    }

    private static func parseMod(_ arguments: inout CommandArguments) throws(UsageError) -> ModeratorCommand {
        guard let subcommand = arguments.optionalPositional(what: "subcommand") else {
            throw UsageError(message: "missing subcommand (queue, log, approve or remove)", command: "mod")
        }
        switch subcommand {
        case "queue":
            let only: QueueItems? = try arguments.option("--only")
            let page = try arguments.page()
            let subreddit = stripSubredditPrefix(try arguments.positional("subreddit (mod for all you moderate)"))
            let queue = try arguments.optionalPositional(as: ModerationQueue.self, what: "queue") ?? .modQueue
            if queue == .unmoderated, only == .comments {
                throw UsageError(message: "the unmoderated queue holds posts only", command: "mod")
            }
            return .queue(subreddit: subreddit, queue: queue, only: only, page: page)
        case "log":
            let action = try arguments.value("--type")
            let moderator = try arguments.value("--mod")
            let limit = try arguments.integer("--limit", in: 1...500)
            let after = try arguments.value("--after")
            let subreddit = stripSubredditPrefix(try arguments.positional("subreddit (mod for all you moderate)"))
            return .log(
                subreddit: subreddit, action: action, moderator: moderator.map(stripUserPrefix), limit: limit,
                after: after)
        case "approve":
            return .approve(fullname: try arguments.fullname())
        case "remove":
            let spam = arguments.flag("--spam")
            let reason = try arguments.value("--reason")
            return .remove(fullname: try arguments.fullname(), spam: spam, reasonID: reason)
        default:
            throw UsageError(
                message: "unknown subcommand 'mod \(subcommand)' (mod has queue, log, approve and remove)",
                command: "mod")
        }
    }

    static func stripUserPrefix(_ name: String) -> String {
        var name = Substring(name)
        if name.hasPrefix("/") { name = name.dropFirst() }
        if name.hasPrefix("u/") { name = name.dropFirst(2) }
        return String(name)
    }
}
