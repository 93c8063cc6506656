import Courier
import CourierOAuth
import CourierRedis
package import Foundation
package import RedditAPI
import RedditFleet

/// Builds the ``RedditService`` a command runs against.
package enum ServiceFactory {
    /// The scopes `reddit login` asks for: enough for every command (the moderator commands'
    /// since `mod`, `modmail`, `wiki --edit` and `flair` came: a login from before them signs in
    /// again to use those).
    static let scopes: [RedditScope] = [
        .identity, .read, .vote, .save, .subscribe, .mysubreddits, .history, .submit, .edit, .privatemessages,
        .modposts, .modlog, .modmail, .modflair, .wikiread, .wikiedit,
    ]

    /// The offline service replaying the shipped cassette, or the online one.
    package static func make(options: GlobalOptions, configuration: CLIConfiguration) throws(CLIError) -> RedditService
    {
        let userAgent: UserAgent
        do {
            userAgent = try UserAgent(configuration.userAgent)
        } catch {
            throw CLIError(error.description)
        }
        if options.offline { return try offline(userAgent: userAgent, synced: SyncedCache(configuration)) }
        let clientID = try configuration.requireClientID()
        let store = FileTokenStore(fileURL: tokenFile(configuration))
        let signedIn: Bool
        do { signedIn = try store.load() != nil } catch { throw CLIError("cannot read the saved login: \(error)") }
        if !signedIn, configuration.account != Accounts.defaultName {
            throw CLIError(Accounts(directory: configuration.directory).notSignedIn(configuration.account))
        }
        // Signed in: the user's token from the file, refreshed under the file's lock so that
        // commands in two terminals never refresh twice. Otherwise an app-only token in memory.
        let session = OAuthSession(
            configuration: oauthConfiguration(clientID: clientID, configuration: configuration),
            store: signedIn ? store : InMemoryTokenStore(),
            options: sessionOptions(appOnly: !signedIn)
        )
        return RedditService(
            userAgent: userAgent, authentication: .session(session), transport: HTTPClient.defaultTransport,
            sharedBudget: try sharedBudget(options.shared, clientID: clientID))
    }

    /// Replays the cassette: app-only sign-in included, through the same pipeline as online.
    package static func offline(userAgent: UserAgent) throws(CLIError) -> RedditService {
        offline(userAgent: userAgent, transport: try ShippedCassette.recordings())
    }

    /// Replays what `reddit sync` fetched into `synced` when there is such a cache, else the
    /// shipped cassette; the service says which (``RedditService/offlineSource``).
    package static func offline(userAgent: UserAgent, synced: SyncedCache) throws(CLIError) -> RedditService {
        guard let (recordings, source) = synced.load() else { return try offline(userAgent: userAgent) }
        // A sync keeps no token exchange (nor any token): the recordings answer any bearer.
        var service = RedditService(userAgent: userAgent, authentication: .bearer("offline"), transport: recordings)
        service.offlineSource = source
        return service
    }

    /// A service over `transport`, already loaded (tests share one: reading the cassette is
    /// most of the cost of starting offline).
    package static func offline(userAgent: UserAgent, transport: RedditRecordings) -> RedditService {
        let session = OAuthSession(
            configuration: .reddit(clientID: "offline", redirectURI: URL(string: "http://127.0.0.1/callback")!),
            client: HTTPClient(baseURL: nil, transport: transport),
            options: sessionOptions(appOnly: true)
        )
        return RedditService(userAgent: userAgent, authentication: .session(session), transport: transport)
    }

    /// The service of a `praw.ini` site (`--site NAME`): its app, account and User-Agent, signed
    /// in the way ``RedditClient/init(site:transport:sharedBudget:)`` says.
    package static func site(
        _ name: String, environment: [String: String], shared: URL?,
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) throws(CLIError) -> RedditService {
        let site: PRAWSite
        do throws(RedditUsageError) {
            site = try PRAWSite.load(name, environment: environment, workingDirectory: workingDirectory)
        } catch {
            throw CLIError(error.description)
        }
        let budget = try sharedBudget(shared, clientID: site.clientID)
        do throws(RedditUsageError) {
            return RedditService(client: try RedditClient(site: site, sharedBudget: budget))
        } catch {
            throw CLIError(error.description)
        }
    }

    /// Where anonymous reads go instead of www.reddit.com, from the environment; a hidden
    /// setting for tests, which serve recorded listings from a local server (`watch` online).
    static let publicBaseURLVariable = "REDDIT_CLI_PUBLIC_BASE_URL"

    /// Reads Reddit's public JSON on www.reddit.com with no app and no token.
    package static func anonymous(userAgent: String, environment: [String: String] = [:], shared: URL? = nil)
        throws(CLIError) -> RedditService
    {
        let agent: UserAgent
        do {
            agent = try UserAgent(userAgent)
        } catch {
            throw CLIError(error.description)
        }
        return RedditService(
            userAgent: agent, authentication: .anonymous, transport: HTTPClient.defaultTransport,
            baseURL: environment[publicBaseURLVariable].flatMap { URL(string: $0) },
            sharedBudget: try sharedBudget(shared, clientID: nil))
    }

    /// How many commands `--shared` assumes may share the budget: while its Redis is unreachable,
    /// each keeps to this share of the budget (`RedisRateBudget`'s fallback).
    static let sharedFleetSize = 4

    /// The budget `--shared redis://host:port` names: a `RedisRateBudget` under
    /// `reddit:<client id>` (`reddit:anonymous` without an app), nil without `--shared`.
    package static func sharedBudget(_ url: URL?, clientID: String?) throws(CLIError) -> (any RateBudgetStore)? {
        guard let url else { return nil }
        let connection: RedisConnection
        do throws(RedisError) {
            connection = try RedisConnection(url: url)
        } catch {
            throw CLIError(error.description)
        }
        return RedisRateBudget(
            connection: connection, namespace: "reddit:" + (clientID ?? "anonymous"), fleetSize: sharedFleetSize)
    }

    /// Renews app-only tokens with Reddit's installed-client grant; `appOnly` also signs in with
    /// it when there is no saved login.
    static func sessionOptions(appOnly: Bool) -> OAuthSession.Options {
        var options = OAuthSession.Options()
        options.renewalGrant = .redditInstalledClient()
        if appOnly { options.automaticSignInGrant = .redditInstalledClient() }
        return options
    }

    static func oauthConfiguration(clientID: String, configuration: CLIConfiguration) -> OAuthConfiguration {
        var oauth = OAuthConfiguration.reddit(
            clientID: clientID,
            redirectURI: URL(string: "http://127.0.0.1:\(configuration.redirectPort)/callback")!,
            scopes: scopes
        )
        if configuration.signInURL != CLIConfiguration.redditURL {
            // The same paths on the configured site.
            let site = configuration.signInURL
            oauth.authorizationEndpoint = site.appendingPathComponent("api/v1/authorize")
            oauth.tokenEndpoint = site.appendingPathComponent("api/v1/access_token")
            oauth.revocationEndpoint = site.appendingPathComponent("api/v1/revoke_token")
        }
        return oauth
    }

    /// Where `login` keeps the tokens of the configuration's account (mode 0600).
    static func tokenFile(_ configuration: CLIConfiguration) -> URL {
        Accounts(directory: configuration.directory).tokenFile(for: configuration.account)
    }
}
