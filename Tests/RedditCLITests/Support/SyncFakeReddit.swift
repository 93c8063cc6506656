import Courier
import CourierOAuth
import Foundation
import RedditAPI
import TestSupport

@testable import RedditCLI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The fake Reddit of Scripts/test (Tests/Servers/fake_reddit.py, its sync part in
/// fake_reddit_sync.py) as `reddit sync` meets it: subreddits with posts and comments made for
/// one test, a client id of the test's own (the fake counts requests per client id: 60 per 6 s).
struct SyncFakeReddit {
    let url: URL
    let clientID: String
    /// A word unique to the test, for its subreddits' names.
    let run: String
    let session: OAuthSession

    init() throws {
        url = try TestServers.url(from: "COURIER_FAKE_REDDIT_URL")
        run = String(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(8))
        clientID = "sync-" + run
        let configuration = OAuthConfiguration(
            authorizationEndpoint: url.appendingPathComponent("api/v1/authorize"),
            tokenEndpoint: url.appendingPathComponent("api/v1/access_token"),
            clientID: clientID, clientAuthentication: .basic,
            redirectURI: URL(string: "http://127.0.0.1/callback")!, scopes: ["identity", "read"])
        var options = OAuthSession.Options()
        options.automaticSignInGrant = .password(username: "syncbot", password: "pw")
        options.refreshMargin = .seconds(2)
        // The fake Reddit's tokens live 8 s: a slow run refreshes often.
        options.maximumRefreshes = 1000
        session = OAuthSession(configuration: configuration, options: options)
    }

    /// A service signed in to the fake Reddit.
    func service() throws -> RedditService {
        let client = RedditClient(
            userAgent: try UserAgent("linux:dev.courier.reddit-cli-tests:1.0 (by /u/courier-tests)"),
            authentication: .session(session)
        ) { [url] in $0.baseURL = url }
        return RedditService(client: client)
    }

    /// Makes r/`name` (`s` + the run's word + `suffix`) with `posts` posts of `comments`
    /// comments each; answers the name and the post ids in hot order.
    func subreddit(
        _ suffix: String, posts: Int, comments: Int = 3, subscribed: Bool = false, broken: [Int] = [],
        cutAfter: Int? = nil
    ) async throws -> (name: String, posts: [String]) {
        let name = "s" + run + suffix
        var form = "name=\(name)&posts=\(posts)&comments=\(comments)"
        if subscribed { form += "&subscriber=\(clientID)" }
        if !broken.isEmpty { form += "&broken=" + broken.map(String.init).joined(separator: ",") }
        if let cutAfter { form += "&cut_after=\(cutAfter)" }
        return (name, try await post(form))
    }

    /// Makes this client id's tokens live an hour, as Reddit's do (the fake's live 8 s, too
    /// short for a `reddit` process's refresh margin).
    func longTokens() async throws {
        _ = try await post("token_client=\(clientID)&token_seconds=3600")
    }

    private func post(_ form: String) async throws -> [String] {
        var request = URLRequest(url: url.appendingPathComponent("test/sync"))
        request.httpMethod = "POST"
        request.httpBody = Data(form.utf8)
        let (data, _) = try await URLSession.shared.data(for: request)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return object?["posts"] as? [String] ?? []
    }

    /// The requests the fake Reddit served and refused (429) for this client id, per window.
    func windows() async throws -> [(served: Int, refused: Int)] {
        let (data, _) = try await URLSession.shared.data(
            from: url.appendingPathComponent("test/stats").appending(queryItems: [
                .init(name: "client", value: clientID)
            ])
        )
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let windows = (object?["windows"] as? [String: Any])?[clientID] as? [[String: Any]] ?? []
        return windows.map { ($0["served"] as? Int ?? 0, $0["refused"] as? Int ?? 0) }
    }

    /// A `praw.ini` site named `fake` for the `reddit` executable: this client id, signed in
    /// with a password, its calls and tokens on the fake Reddit.
    func prawINI() -> String {
        """
        [fake]
        client_id=\(clientID)
        client_secret=secret
        username=syncbot
        password=pw
        user_agent=linux:dev.courier.reddit-cli-tests:1.0 (by /u/courier-tests)
        oauth_url=\(url.absoluteString)
        reddit_url=\(url.absoluteString)

        """
    }
}
