import Foundation
import RedditAPI

/// A command line that cannot be run as written: `reddit` prints ``message`` and the command's
/// usage line, and exits with status 2.
package struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, in one line.
    package var message: String
    /// The command whose usage to show; nil shows the general usage.
    package var command: String?

    package var description: String { message }
}

/// Turns `reddit`'s arguments into an ``Invocation``.
///
/// Global options (`--offline`, `--json`, `--no-color`, `--client-id`, `--user-agent`,
/// `--config`, `--shared`, `--account`) are accepted anywhere; `--help` anywhere asks for the command's help. With no
/// command the front page is shown (`reddit --offline` is the front page, offline).
package enum CommandParser {
    /// Parses `arguments` (without the program name).
    package static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var options = GlobalOptions()
        var rest: [String] = []
        var literals: [String] = []
        var wantsHelp = false
        var wantsVersion = false
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals {
                literals.append(argument)
                continue
            }
            let (name, inlineValue) = split(argument)
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard index < arguments.count else { throw UsageError(message: "\(name) needs a value", command: nil) }
                index += 1
                return arguments[index - 1]
            }
            switch name {
            case "--": onlyPositionals = true
            case "--offline": options.offline = true
            case "--json": options.json = true
            case "--no-color": options.noColor = true
            case "--ascii": options.ascii = true
            case "--theme": options.theme = try value()
            case "--verbose", "-v": options.verbose = true
            case "--wait": options.waitsOutRatelimit = true
            case "--client-id": options.clientID = try value()
            case "--user-agent": options.userAgent = try value()
            case "--config": options.configPath = try value()
            case "--shared": options.shared = try redisURL(try value())
            case "--site": options.site = try value()
            case "--account":
                let account = try value()
                guard Accounts.isValidName(account) else {
                    throw UsageError(message: Accounts.invalidNameMessage(account), command: nil)
                }
                options.account = account
            case "--help", "-h": wantsHelp = true
            case "--version": wantsVersion = true
            default: rest.append(argument)
            }
        }
        if wantsVersion { return Invocation(command: .version, options: options) }
        if rest.isEmpty, !literals.isEmpty { rest.append(literals.removeFirst()) }
        guard let first = rest.first else {
            return Invocation(command: wantsHelp ? .help(nil) : .listing(ListingOptions()), options: options)
        }
        if first.hasPrefix("-") {
            // Flags before any command belong to the default command (the front page).
            var arguments = CommandArguments(command: "hot", tokens: rest)
            return Invocation(command: try parseListing(.hot, &arguments), options: options)
        }
        let name = first
        guard HelpText.commandNames.contains(name) else {
            throw UsageError(message: CommandSuggestion.unknown(name), command: nil)
        }
        if wantsHelp { return Invocation(command: .help(name), options: options) }
        var arguments = CommandArguments(command: name, tokens: Array(rest.dropFirst()), literals: literals)
        let command = try parseCommand(name, &arguments)
        try arguments.finish()
        return Invocation(command: command, options: options)
    }

    /// `--shared`'s value: `redis://host` or `redis://host:port`.
    private static func redisURL(_ text: String) throws(UsageError) -> URL {
        guard let url = URL(string: text), url.scheme == "redis", let host = url.host, !host.isEmpty,
            url.path.isEmpty || url.path == "/"
        else { throw UsageError(message: "--shared takes redis://host:port, not '\(text)'", command: nil) }
        return url
    }

    private static func parseCommand(_ name: String, _ arguments: inout CommandArguments) throws(UsageError) -> Command
    {
        if let sort = ListingOrder(rawValue: name) { return try parseListing(sort, &arguments) }
        switch name {
        case "comments":
            // "best" is what Reddit's own menu calls the confidence sort.
            let sort: CommentSort? = try arguments.option("--sort", aliases: ["best": .confidence])
            let depth = try arguments.integer("--depth", in: 1...10_000)
            let limit = try arguments.integer("--limit", in: 1...10_000)
            let reference = try arguments.positional("post")
            guard let id = PostReference.id(from: reference) else {
                throw UsageError(message: "'\(reference)' is not a post id or a Reddit post URL", command: name)
            }
            let comment = PostReference.comment(from: reference)
            // A permalink's own sort applies unless --sort says otherwise.
            let linkSort = URLComponents(string: reference)?.queryItems?.first { $0.name == "sort" }?.value.flatMap(
                CommentSort.init(rawValue:))
            return .comments(
                CommentsOptions(
                    postID: id, sort: sort ?? linkSort, depth: depth, limit: limit, commentID: comment?.id,
                    context: comment?.context
                ))
        case "user":
            let page = try arguments.page()
            let user = try arguments.positional("user name")
            let section: UserSection =
                try arguments.optionalPositional(as: UserSection.self, what: "section") ?? .overview
            return .user(name: stripPrefix(user, "u/"), section: section, page: page)
        case "search":
            let subreddit = try arguments.value("--subreddit")
            let sort: SearchSort? = try arguments.option("--sort")
            let time: TimeRange? = try arguments.option("--time")
            let page = try arguments.page()
            let words = arguments.remainingPositionals()
            guard !words.isEmpty else { throw UsageError(message: "missing search query", command: name) }
            return .search(
                SearchOptions(
                    query: words.joined(separator: " "), subreddit: subreddit.map { stripPrefix($0, "r/") },
                    sort: sort, time: time, page: page
                ))
        case "subreddit":
            return .subreddit(name: stripPrefix(try arguments.positional("subreddit"), "r/"))
        case "login":
            let timeout = try arguments.integer("--timeout", in: 1...86_400) ?? AccountCommands.defaultLoginTimeout
            return .login(timeout: timeout, paste: arguments.flag("--paste"))
        case "accounts":
            guard let action = arguments.optionalPositional(what: "action") else { return .accounts(use: nil) }
            guard action == "use" else {
                throw UsageError(message: "unknown action '\(action)': use 'reddit accounts use NAME'", command: name)
            }
            let account = try arguments.positional("account name")
            guard Accounts.isValidName(account) else {
                throw UsageError(message: Accounts.invalidNameMessage(account), command: name)
            }
            return .accounts(use: account)
        case "outbox":
            switch arguments.optionalPositional(what: "action") {
            case nil, "list": return .outbox(.list)
            case "send": return .outbox(.send)
            case "drop": return .outbox(.drop(try arguments.positional("entry id")))
            case let action?:
                throw UsageError(message: "unknown action '\(action)': use list, send or drop ID", command: name)
            }
        case "sync": return try parseSync(&arguments)
        case "logout": return .logout
        case "whoami": return .whoami
        case "subs": return .subs
        case "vote":
            guard let direction = try arguments.optionalPositional(as: VoteDirection.self, what: "direction") else {
                throw UsageError(message: "missing direction (up, down or clear)", command: name)
            }
            return .vote(direction, fullname: try arguments.fullname())
        case "save", "unsave":
            return .save(name == "save", fullname: try arguments.fullname())
        case "subscribe", "unsubscribe":
            return .subscribe(name == "subscribe", subreddit: stripPrefix(try arguments.positional("subreddit"), "r/"))
        case "browse":
            let post = try arguments.value("--post")
            let listing = try parseListingArguments(.hot, &arguments, allowSort: true)
            var postID: String?
            if let post {
                guard let id = PostReference.id(from: post) else {
                    throw UsageError(message: "'\(post)' is not a post id or a Reddit post URL", command: name)
                }
                postID = id
            }
            return .browse(BrowseOptions(listing: listing, postID: postID))
        case "help":
            let topic = arguments.remainingPositionals().first
            if let topic, topic != HelpText.offlineTopic, !HelpText.commandNames.contains(topic) {
                throw UsageError(message: CommandSuggestion.unknown(topic, asHelpTopic: true), command: nil)
            }
            return .help(topic)
        default:
            if let command = try parseWriteCommand(name, &arguments) { return command }
            if let command = try parseModeratorCommand(name, &arguments) { return command }
            throw UsageError(message: CommandSuggestion.unknown(name), command: nil)
        }
    }

    private static func parseListing(_ sort: ListingOrder, _ arguments: inout CommandArguments) throws(UsageError)
        -> Command
    {
        let listing = try parseListingArguments(sort, &arguments, allowSort: false)
        try arguments.finish()
        return .listing(listing)
    }

    private static func parseListingArguments(
        _ sort: ListingOrder, _ arguments: inout CommandArguments, allowSort: Bool
    ) throws(UsageError) -> ListingOptions {
        var sort = sort
        if allowSort, let chosen: ListingOrder = try arguments.option("--sort") { sort = chosen }
        let time: TimeRange? = try arguments.option("--time")
        if time != nil, !sort.takesTimeRange {
            throw UsageError(message: "--time works with top and controversial only", command: arguments.command)
        }
        let page = try arguments.page()
        let subreddit = arguments.optionalPositional(what: "subreddit")
        if sort == .best, subreddit != nil {
            throw UsageError(
                message: "best sorts the front page only; for a subreddit use hot", command: arguments.command)
        }
        return ListingOptions(sort: sort, subreddit: subreddit.map { stripPrefix($0, "r/") }, time: time, page: page)
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func stripPrefix(_ text: String, _ prefix: String) -> String {
        if text.hasPrefix("/" + prefix) { return String(text.dropFirst(prefix.count + 1)) }
        return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }
}
