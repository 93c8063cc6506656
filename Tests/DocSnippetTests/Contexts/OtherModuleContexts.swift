import Courier
import CourierOAuth
import CourierStore
import Foundation
import RedditAPI

/// CourierRedis's landing page.
struct CourierRedisCourierRedisSnippets: DocSnippetContext {
    let printed = PrintedLines()
    var api = exampleURL
}

/// CourierStore's "Getting Started".
struct CourierStoreGettingStartedSnippets: DocSnippetContext {
    let printed = PrintedLines()
    var cachesDirectory = FileManager.default.temporaryDirectory
    struct Post: Decodable, Sendable { let id: Int }
}

/// CourierTesting's "Getting Started".
struct CourierTestingGettingStartedSnippets: DocSnippetContext {
    let printed = PrintedLines()
    struct Account: Codable, Sendable {
        let name: String
        let linkKarma: Int
    }
}

/// What the RedditAPI articles share: a client, a session, a user agent.
struct RedditDocNames {
    static let agent = try! UserAgent("linux:com.example.reader:1.0 (by /u/example)")
    static let callback = URL(string: "http://127.0.0.1:65010/callback")!
    static let configuration = OAuthConfiguration.reddit(clientID: "doc-client", redirectURI: callback)
    static let session = OAuthSession(configuration: configuration, store: InMemoryTokenStore())
}

/// RedditAPI's "Getting Started".
struct RedditAPIGettingStartedSnippets: DocSnippetContext {
    let printed = PrintedLines()
    var reddit = RedditClient(userAgent: RedditDocNames.agent)
    var callback = RedditDocNames.callback
}

/// "Media Posts and Live Threads".
struct RedditAPIMediaPostsAndLiveThreadsSnippets: DocSnippetContext {
    let printed = PrintedLines()
    var reddit = RedditClient(userAgent: RedditDocNames.agent)
    var agent = RedditDocNames.agent
    var session = RedditDocNames.session
}

/// "Moderating with RedditAPI".
struct RedditAPIModeratingWithRedditAPISnippets: DocSnippetContext {
    let printed = PrintedLines()
    var reddit = RedditClient(userAgent: RedditDocNames.agent)
    var agent = RedditDocNames.agent
    var session = RedditDocNames.session
}

/// "Running a Bot Fleet".
struct RedditFleetRunningABotFleetSnippets: DocSnippetContext {
    let printed = PrintedLines()
    var configuration = RedditDocNames.configuration
}

/// "Writing, Streaming and the Account".
struct RedditAPIWritingAndStreamingSnippets: DocSnippetContext {
    let printed = PrintedLines()
    var reddit = RedditClient(userAgent: RedditDocNames.agent)
}

/// "Running a Bot that Survives Restarts".
struct RedditAPIRunningABotThatSurvivesRestartsSnippets: DocSnippetContext {
    let printed = PrintedLines()
    var reddit = RedditClient(userAgent: RedditDocNames.agent)
    /// The bot's own work on a comment.
    func reply(_ comment: Comment) async throws {}
}
