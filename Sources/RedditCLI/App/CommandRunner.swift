import Courier
import Foundation
import RedditAPI

/// Runs the non-interactive commands against a ``RedditService`` and prints the result, as
/// aligned text or (with `--json`) as JSON.
struct CommandRunner: Sendable {
    let service: RedditService
    let style: TextStyle
    let width: Int?
    let now: Date
    let json: Bool
    let spinner: Spinner

    func run(_ command: Command) async throws(CLIError) {
        let listing = ListingRenderer(style: style, width: width, now: now)
        let details = DetailRenderer(style: style, width: width, now: now)
        switch command {
        case .listing(let options):
            let page = try await load { () async throws(CLIError) in try await service.listing(options) }
            try print { listing.render(page, nextPageCommand: Self.command(for: options)) }
        case .comments(let options):
            let tree = try await load { () async throws(CLIError) in try await service.commentTree(options) }
            try print { ThreadRenderer(style: style, width: width, now: now).render(tree, maxDepth: options.depth) }
        case .user(let name, let section, let page):
            let result = try await load { () async throws(CLIError) in try await service.profile(user: name, section: section, page: page) }
            try print { details.render(profile: result, nextPageCommand: "reddit user \(name) \(section.rawValue)") }
        case .search(let options):
            let page = try await load { () async throws(CLIError) in try await service.search(options) }
            try print { listing.render(page, nextPageCommand: nil) }
        case .subreddit(let name):
            let about = try await load { () async throws(CLIError) in try await service.subreddit(name) }
            try print { details.render(subreddit: about) }
        case .whoami:
            let account = try await load { () async throws(CLIError) in try await service.me() }
            try print { details.render(account: account) }
        case .subs:
            let subs = try await load { () async throws(CLIError) in try await service.subscriptions() }
            try print { details.render(subscriptions: subs) }
        case .vote(let direction, let fullname):
            try await load { () async throws(CLIError) in try await service.vote(Fullname(fullname), direction) }
            Output.write(direction == .clear ? "vote cleared on \(fullname)\n" : "voted \(direction.rawValue) on \(fullname)\n")
        case .save(let saved, let fullname):
            try await load { () async throws(CLIError) in try await service.setSaved(Fullname(fullname), saved) }
            Output.write("\(saved ? "saved" : "unsaved") \(fullname)\n")
        case .subscribe(let subscribed, let name):
            try await load { () async throws(CLIError) in try await service.setSubscribed(name, subscribed) }
            Output.write("\(subscribed ? "subscribed to" : "unsubscribed from") r/\(name)\n")
        case .login, .logout, .browse, .help:
            break
        }
    }

    private func load<T: Sendable>(_ work: () async throws(CLIError) -> T) async throws(CLIError) -> T {
        try await spinner.run(work)
    }

    /// Prints the JSON Reddit answered with `--json` (what the models were decoded from), else
    /// the rendered text.
    private func print(text: () -> String) throws(CLIError) {
        guard json else { return Output.write(text()) }
        guard let raw = service.lastResponseJSON() else { throw CLIError("Reddit's answer was not JSON") }
        Output.write(raw + "\n")
    }

    /// The command line that shows `options`, to print the next-page hint.
    static func command(for options: ListingOptions) -> String {
        var parts = ["reddit", options.sort.rawValue]
        if let subreddit = options.subreddit { parts.append(subreddit) }
        if let time = options.time { parts += ["--time", time.rawValue] }
        if let limit = options.page.limit { parts += ["--limit", String(limit)] }
        return parts.joined(separator: " ")
    }
}
