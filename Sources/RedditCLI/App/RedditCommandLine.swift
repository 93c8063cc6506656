import Foundation
import RedditAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `reddit` program: parses the arguments, builds the service (online or offline), runs
/// the command and returns the exit status. Errors become one line on standard error.
package struct RedditCommandLine: Sendable {
    /// Exit status of a usage error.
    package static let usageExitCode: Int32 = 2

    package var environment: [String: String]
    /// Builds the service for a configuration; replaced in tests.
    package var makeService: @Sendable (GlobalOptions, CLIConfiguration) throws(CLIError) -> RedditService

    package init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        makeService: @escaping @Sendable (GlobalOptions, CLIConfiguration) throws(CLIError) -> RedditService =
            ServiceFactory.make(options:configuration:)
    ) {
        self.environment = environment
        self.makeService = makeService
    }

    /// Runs `arguments` (without the program name), writing to standard output and error.
    package func run(_ arguments: [String]) async -> Int32 {
        Output.reportClosedPipesAsErrors()
        let invocation: Invocation
        do {
            invocation = try CommandParser.parse(arguments)
        } catch {
            Output.error("reddit: \(error.message)\n\(HelpText.usage(for: error.command))")
            return Self.usageExitCode
        }
        do throws(CLIError) {
            return try await execute(invocation)
        } catch {
            Output.error("reddit: \(error.message)")
            if invocation.options.verbose, let detail = error.detail { Output.error(detail) }
            return error.exitCode
        }
    }

    /// Said the first time `reddit` reads without a registered app: the lower limits, and how to
    /// raise them.
    static let anonymousNotice =
        "reddit: reading anonymously (lower rate limits). To raise them, create an \"installed app\"\n"
        + "at https://www.reddit.com/prefs/apps and export REDDIT_CLIENT_ID=<the app's id>"

    /// Says ``anonymousNotice`` unless it was said before with this configuration directory
    /// (a marker file there remembers; when it cannot be written, the notice is said each time).
    static func sayAnonymousNoticeOnce(_ configuration: CLIConfiguration) {
        let marker = configuration.directory.appendingPathComponent("anonymous-notice-shown")
        guard !FileManager.default.fileExists(atPath: marker.path) else { return }
        Output.error(anonymousNotice)
        try? FileManager.default.createDirectory(at: configuration.directory, withIntermediateDirectories: true)
        try? Data().write(to: marker)
    }

    /// What the global options change in a service: offline never sends writes; `--wait`; the
    /// account's outbox, which keeps offline writes too when the account is signed in.
    private static func configure(
        _ service: inout RedditService, _ options: GlobalOptions, _ configuration: CLIConfiguration
    ) {
        if options.offline { service.sendsWrites = false }
        let signedIn = FileManager.default.fileExists(atPath: ServiceFactory.tokenFile(configuration).path)
        service.outbox = WriteOutbox(
            file: OutboxCommand.file(configuration), keepsOfflineWrites: options.offline && signedIn)
        if options.waitsOutRatelimit {
            service.ratelimit = WriteRetryPolicy(waitingUpTo: RatelimitMessage.longestWait)
        }
    }

    private func execute(_ invocation: Invocation) async throws(CLIError) -> Int32 {
        let options = invocation.options
        if case .help(let topic) = invocation.command {
            if topic == HelpText.offlineTopic {
                Output.write(try OfflineTransport().catalog.report)
                return 0
            }
            Output.write(HelpText.endingWithNewline(topic.map(HelpText.page(for:)) ?? HelpText.general))
            return 0
        }
        if case .version = invocation.command {
            Output.write("reddit \(HelpText.version)\n")
            return 0
        }
        let configuration: CLIConfiguration
        do throws(CLIError) {
            configuration = try CLIConfiguration.resolve(options: options, environment: environment)
        } catch {
            // Offline needs no credentials: a broken config file is said, and left out.
            guard options.offline else { throw error }
            Output.error("reddit: \(error.message) (left out: --offline needs no configuration)")
            configuration = try CLIConfiguration.resolve(options: options, environment: environment, readsFile: false)
        }
        let isTerminal = RawTerminal.isTerminal(STDOUT_FILENO)
        var style = TextStyle.decide(
            isTerminal: isTerminal, environment: environment, noColorFlag: options.noColor || options.json)
        style.isASCII = options.ascii
        if let theme = configuration.theme { style.theme = try Theme.named(theme) }
        let width = isTerminal ? RawTerminal.size()?.columns : nil
        let now = Date()
        switch invocation.command {
        case .login(let timeout, let paste):
            try await AccountCommands(configuration: configuration, offline: options.offline, environment: environment)
                .login(timeout: timeout, paste: paste)
            return 0
        case .accounts(let use):
            try AccountCommands(configuration: configuration, offline: options.offline, environment: environment)
                .accounts(use: use, json: options.json)
            return 0
        case .logout:
            try await AccountCommands(configuration: configuration, offline: options.offline, environment: environment)
                .logout()
            return 0
        case .sync(let sync) where sync.clear:
            try SyncCommand(options: sync, cache: SyncedCache(configuration), account: configuration.account).clear()
            return 0
        case .sync(let sync):
            if options.offline {
                throw CLIError("reddit sync needs the network (reddit --offline reads what it fetched)")
            }
            if sync.subreddits == nil, options.site == nil, !SyncCommand.isSignedIn(configuration) {
                throw CLIError(SyncCommand.notSignedIn)
            }
        case .outbox(.list), .outbox(.drop):
            try await OutboxCommand(file: OutboxCommand.file(configuration), json: options.json).run(invocation.command)
            return 0
        default:
            break
        }
        var service: RedditService
        var anonymous = false
        if !options.offline, let site = options.site {
            service = try ServiceFactory.site(site, environment: environment, shared: options.shared)
        } else if !options.offline, configuration.clientID == nil, invocation.command.readsAnonymously {
            service = try ServiceFactory.anonymous(
                userAgent: configuration.userAgent, environment: environment, shared: options.shared)
            Self.sayAnonymousNoticeOnce(configuration)
            anonymous = true
        } else {
            service = try makeService(options, configuration)
        }
        Self.configure(&service, options, configuration)
        // Without an app nothing can be written: no outbox either.
        if anonymous { service.outbox = nil }
        let spinner = Spinner(isEnabled: RawTerminal.isTerminal(STDERR_FILENO) && !options.json)
        let runner = CommandRunner(
            service: service, style: style, width: width, now: now, json: options.json, spinner: spinner,
            offline: options.offline, environment: environment)
        if case .sync(let sync) = invocation.command {
            try await SyncCommand(options: sync, cache: SyncedCache(configuration), account: configuration.account)
                .run(service: service, signedIn: true)
            return 0
        }
        if options.offline, let notice = service.offlineSource.notice(now: now) {
            // The browser says it on its title line.
            if case .browse = invocation.command {} else { Output.error(notice) }
        }
        if case .outbox(.send) = invocation.command {
            try await OutboxCommand(file: OutboxCommand.file(configuration), json: options.json).send(
                through: service.client)
            return 0
        }
        // Online, the writes waiting from before go first, before anything this run writes.
        let sentFromOutbox = try? await runner.load { () async throws(CLIError) in try await service.sendOutbox() }
        let outboxLine = sentFromOutbox.flatMap { $0 }.flatMap(RedditService.outboxLine)
        if let outboxLine { Output.error("reddit: " + outboxLine) }
        if case .browse(let browse) = invocation.command, environment["TERM"] == "dumb" {
            // A dumb terminal cannot switch screens or move the cursor: lines, as the commands print.
            Output.error(
                "reddit: TERM=dumb cannot show the full-screen browser; printing it as lines"
                    + " (reddit comments ID opens a post, reddit help lists the commands)")
            try await runner.run(
                browse.postID.map { .comments(CommentsOptions(postID: $0)) } ?? .listing(browse.listing))
            return 0
        }
        if case .browse(let browse) = invocation.command {
            var browseStyle = TextStyle.decide(isTerminal: true, environment: environment, noColorFlag: options.noColor)
            browseStyle.isASCII = style.isASCII
            browseStyle.theme = style.theme
            var session = BrowseSession(
                service: service, options: browse,
                style: browseStyle, sourceLabel: options.offline ? service.offlineSource.label(now: now) : "online",
                environment: environment,
                accounts: AccountSwitch(directory: configuration.directory, current: configuration.account) {
                    [makeService] name throws(CLIError) in
                    var options = options
                    var configuration = configuration
                    options.account = name
                    configuration.account = name
                    var service = try makeService(options, configuration)
                    Self.configure(&service, options, configuration)
                    return service
                }
            )
            session.imagePreview = configuration.imagePreview
            session.keys = configuration.keys
            session.offline = options.offline
            session.openingStatus = outboxLine
            return try await session.run()
        }
        try await runner.run(invocation.command)
        return 0
    }
}
