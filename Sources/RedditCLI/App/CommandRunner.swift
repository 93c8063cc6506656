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
    /// Whether the commands replay the offline recording (printed hints keep `--offline`).
    var offline = false
    /// The environment, for `$VISUAL`/`$EDITOR`.
    var environment: [String: String] = [:]

    func run(_ command: Command) async throws(CLIError) {
        let listing = ListingRenderer(style: style, width: width, now: now)
        let details = DetailRenderer(style: style, width: width, now: now)
        switch command {
        case .listing(let options):
            let page = try await load { () async throws(CLIError) in try await service.listingAnswer(options) }
            try print(page) {
                var listing = listing
                listing.subreddit = options.subreddit
                let name =
                    RecordedThreads.isShown(by: options, offline: offline)
                    ? RecordedThreads.heading(service.offlineSource, now: now) + "\n" : ""
                return name + listing.render(page.value, nextPageCommand: Self.command(for: options, offline: offline))
            }
        case .comments(let options):
            if offline, let note = Self.offlineCommentsNote(options) { Output.error(note) }
            let tree = try await load { () async throws(CLIError) in try await service.commentTreeAnswer(options) }
            try print(tree) {
                ThreadRenderer(style: style, width: width, now: now).render(tree.value, maxDepth: options.depth)
            }
        case .user(let name, let section, let page):
            let result = try await load { () async throws(CLIError) in
                try await service.profile(user: name, section: section, page: page)
            }
            try print(result) {
                details.render(
                    profile: result.value,
                    nextPageCommand: "reddit \(offline ? "--offline " : "")user \(name) \(section.rawValue)")
            }
        case .search(let options):
            let page = try await load { () async throws(CLIError) in try await service.searchAnswer(options) }
            try print(page) { listing.render(page.value, nextPageCommand: nil) }
        case .subreddit(let name):
            let about = try await load { () async throws(CLIError) in try await service.subreddit(name) }
            try print(about) { details.render(subreddit: about.value) }
        case .whoami:
            let account = try await load { () async throws(CLIError) in try await service.me() }
            try print(account) { details.render(account: account.value) }
        case .subs:
            if json {
                let pages = try await load { () async throws(CLIError) in try await service.subscriptionPages() }
                try print(pages) { "" }
            } else {
                let subs = try await load { () async throws(CLIError) in try await service.subscriptions() }
                Output.write(details.render(subscriptions: subs))
            }
        case .vote(let direction, let fullname):
            let outcome = try await load { () async throws(CLIError) in
                try await service.vote(Fullname(fullname), direction)
            }
            report(
                outcome,
                done: direction == .clear ? "vote cleared on \(fullname)" : "voted \(direction.rawValue) on \(fullname)"
            )
        case .save(let saved, let fullname):
            let outcome = try await load { () async throws(CLIError) in
                try await service.setSaved(Fullname(fullname), saved)
            }
            report(outcome, done: "\(saved ? "saved" : "unsaved") \(fullname)")
        case .subscribe(let subscribed, let name):
            let outcome = try await load { () async throws(CLIError) in
                try await service.setSubscribed(name, subscribed)
            }
            report(outcome, done: "\(subscribed ? "subscribed to" : "unsubscribed from") r/\(name)")
        case .login, .accounts, .logout, .browse, .help:
            break
        default:
            if try await runModeratorCommand(command) { return }
            _ = try await runWriteCommand(command)
        }
    }

    /// Says what a write did: done, or (offline) what would have been sent and that it was not.
    func report(_ outcome: RedditService.WriteOutcome, done: String) {
        if json { return Output.write(Self.json(outcome, done: done)) }
        switch outcome {
        case .sent: Output.write(done + "\n")
        case .notSent(let preview): Output.write("would send: \(preview)\n\(Self.notSentReason)\n")
        case .queued: Output.write(RedditService.WriteOutcome.queuedLine + "\n")
        case .posted(let url, let isGuess):
            Output.write(RedditService.WriteOutcome.postedLine(url: url, isGuess: isGuess) + "\n")
        }
    }

    static let notSentReason = "not sent: --offline never writes to Reddit"

    /// A write's outcome as one JSON object (`--json`): `{"sent": true, "done": …}`, or offline
    /// `{"sent": false, "method": …, "path": …, "form": …, "reason": …}` from its preview.
    static func json(_ outcome: RedditService.WriteOutcome, done: String) -> String {
        var object: [String: Any]
        switch outcome {
        case .sent: object = ["sent": true, "done": done]
        case .posted(let url, let isGuess):
            object = ["sent": true, "done": done, "url": url ?? NSNull(), "guess": isGuess]
        case .queued(let summary):
            object = ["sent": false, "queued": summary, "reason": RedditService.WriteOutcome.queuedLine]
        case .notSent(let preview):
            let parts = preview.split(separator: " ", maxSplits: 2).map(String.init)
            object = ["sent": false, "would_send": preview, "reason": notSentReason]
            if parts.count >= 2 {
                object["method"] = parts[0]
                object["path"] = parts[1]
                object["form"] = parts.count > 2 ? parts[2] : ""
            }
        }
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    func load<T: Sendable>(_ work: () async throws(CLIError) -> T) async throws(CLIError) -> T {
        try await spinner.run(work)
    }

    /// Prints the JSON Reddit answered with `--json` (what the models were decoded from; an
    /// array of the pages when there were several), else the rendered text.
    func print<Value>(_ answer: RedditService.Answer<Value>, text: () -> String) throws(CLIError) {
        guard json else { return Output.write(style.ascii(text())) }
        let objects = answer.bodies.compactMap {
            try? JSONSerialization.jsonObject(with: $0, options: [.fragmentsAllowed])
        }
        guard objects.count == answer.bodies.count, !objects.isEmpty,
            let pretty = try? JSONSerialization.data(
                withJSONObject: objects.count == 1 ? objects[0] : objects,
                options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]
            )
        else { throw CLIError("Reddit's answer was not JSON") }
        Output.write(String(decoding: pretty, as: UTF8.self) + "\n")
    }

    /// The command line that shows `options`, to print the next-page hint.
    static func command(for options: ListingOptions, offline: Bool = false) -> String {
        var parts = offline ? ["reddit", "--offline", options.sort.rawValue] : ["reddit", options.sort.rawValue]
        if let subreddit = options.subreddit { parts.append(subreddit) }
        if let time = options.time { parts += ["--time", time.rawValue] }
        if let limit = options.page.limit { parts += ["--limit", String(limit)] }
        return parts.joined(separator: " ")
    }

    /// Offline, a post's comments are the recorded page as it was recorded: says so when
    /// `--sort` or `--limit` asked for something else (nil when they did not).
    static func offlineCommentsNote(_ options: CommentsOptions) -> String? {
        var ignored: [String] = []
        if let sort = options.sort, sort != .confidence { ignored.append("--sort \(sort.rawValue)") }
        if let limit = options.limit { ignored.append("--limit \(limit)") }
        guard !ignored.isEmpty else { return nil }
        return "reddit: offline, \(ignored.joined(separator: " and ")) cannot be applied: "
            + "the comments are shown as they were recorded (drop --offline to fetch them so)"
    }
}
