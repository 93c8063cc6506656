import Courier
import CourierOAuth
import Foundation
package import RedditAPI

/// Builds the ``RedditService`` a command runs against.
package enum ServiceFactory {
    /// The scopes `reddit login` asks for: enough for every command.
    static let scopes: [RedditScope] = [.identity, .read, .vote, .save, .subscribe, .mysubreddits, .history]

    /// The offline service replaying the shipped cassette, or the online one.
    package static func make(options: GlobalOptions, configuration: CLIConfiguration) throws(CLIError) -> RedditService {
        let userAgent: UserAgent
        do {
            userAgent = try UserAgent(configuration.userAgent)
        } catch {
            throw CLIError("invalid User-Agent: \(error); use Reddit's format <platform>:<app id>:<version> (by /u/<name>)")
        }
        if options.offline { return try offline(userAgent: userAgent) }
        let clientID = try configuration.requireClientID()
        let store = FileTokenStore(fileURL: tokenFile(configuration))
        let signedIn = (try? store.load()) != nil
        let session = OAuthSession(
            configuration: oauthConfiguration(clientID: clientID, configuration: configuration),
            store: signedIn ? store : InMemoryTokenStore(),
            options: sessionOptions()
        )
        let provider = SessionTokenProvider(session: session, appOnlyGrant: signedIn ? nil : .redditInstalledClient())
        return RedditService(userAgent: userAgent, authentication: .tokens(provider), transport: HTTPClient.defaultTransport)
    }

    /// Replays the cassette: app-only sign-in included, through the same pipeline as online.
    package static func offline(userAgent: UserAgent) throws(CLIError) -> RedditService {
        let transport = try OfflineTransport()
        let session = OAuthSession(
            configuration: .reddit(clientID: "offline", redirectURI: URL(string: "http://127.0.0.1/callback")!),
            client: HTTPClient(baseURL: nil, transport: transport),
            options: sessionOptions()
        )
        let provider = SessionTokenProvider(session: session, appOnlyGrant: .redditInstalledClient())
        return RedditService(userAgent: userAgent, authentication: .tokens(provider), transport: transport)
    }

    static func sessionOptions() -> OAuthSession.Options {
        var options = OAuthSession.Options()
        options.renewalGrant = .redditInstalledClient()
        return options
    }

    static func oauthConfiguration(clientID: String, configuration: CLIConfiguration) -> OAuthConfiguration {
        .reddit(
            clientID: clientID,
            redirectURI: URL(string: "http://127.0.0.1:\(configuration.redirectPort)/callback")!,
            scopes: scopes
        )
    }

    /// Where `login` keeps the tokens (mode 0600).
    static func tokenFile(_ configuration: CLIConfiguration) -> URL {
        configuration.directory.appendingPathComponent("token.json")
    }
}
