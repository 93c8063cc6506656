import Foundation

/// Runs the non-interactive commands against a ``RedditService`` and prints the result, as
/// aligned text or (with `--json`) as JSON.
struct CommandRunner: Sendable {
    let service: any RedditService
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
            try await print(page) { listing.render(page, nextPageCommand: Self.command(for: options)) }
        case .comments(let options):
            let thread = try await load { () async throws(CLIError) in try await service.thread(options) }
            try await print(thread) { ThreadRenderer(style: style, width: width, now: now).render(thread, maxDepth: options.depth) }
        case .user(let name, let section, let page):
            let result = try await load { () async throws(CLIError) in try await service.profile(user: name, section: section, page: page) }
            try await print(ProfilePage(items: result.items, after: result.after)) {
                details.render(profile: result.items, after: result.after, nextPageCommand: "reddit user \(name) \(section.rawValue)")
            }
        case .search(let options):
            let page = try await load { () async throws(CLIError) in try await service.search(options) }
            try await print(page) { listing.render(page, nextPageCommand: nil) }
        case .subreddit(let name):
            let about = try await load { () async throws(CLIError) in try await service.subreddit(name) }
            try await print(about) { details.render(subreddit: about) }
        case .whoami:
            let account = try await load { () async throws(CLIError) in try await service.me() }
            try await print(account) { details.render(account: account) }
        case .subs:
            let subs = try await load { () async throws(CLIError) in try await service.subscriptions() }
            try await print(subs) { details.render(subscriptions: subs) }
        case .vote(let direction, let fullname):
            try await load { () async throws(CLIError) in try await service.vote(fullname, direction) }
            Output.write(direction == .clear ? "vote cleared on \(fullname)\n" : "voted \(direction.rawValue) on \(fullname)\n")
        case .save(let saved, let fullname):
            try await load { () async throws(CLIError) in try await service.setSaved(fullname, saved) }
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

    /// Prints `value` as JSON with `--json`, else the rendered text.
    private func print(_ value: some Encodable, text: () -> String) async throws(CLIError) {
        guard json else { return Output.write(text()) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            Output.write(String(decoding: try encoder.encode(value), as: UTF8.self) + "\n")
        } catch {
            throw CLIError("could not encode the result as JSON: \(error)")
        }
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
