import Courier
import CourierTesting
import Foundation
import RedditAPI
import TestSupport
import Testing

/// The example of the "Moderating with RedditAPI" article, run against recorded and
/// hand-written answers.
@Suite struct ModerationArticleExamplesTests {
    @Test func theOverviewExampleRuns() async throws {
        let recordedQueue = try Fixture("praw/moderation/about_modqueue__200__1.json")
        let folder = try Fixture("praw-handwritten/modmail/modmail_conversations__200__1.json")
        let reply = try Fixture("praw/modmail/modmail_conversation__201__1.json")
        let transport = StubTransport { request in
            switch (request.method, request.url.path) {
            case (.get, "/r/swift/about/modqueue"): return recordedQueue.response(for: request.url)
            case (.get, "/api/mod/conversations"): return folder.response(for: request.url)
            case (.post, let path) where path.hasPrefix("/api/mod/conversations/"):
                return reply.response(for: request.url)
            case (.post, "/api/v1/modactions/removal_reasons"):
                return HTTPResponse(statusCode: 200, headers: [:], body: Data(), url: request.url)
            case (.post, _):
                return HTTPResponse(
                    statusCode: 200, headers: ["Content-Type": "application/json"],
                    body: Data(#"{"json": {"errors": []}}"#.utf8), url: request.url)
            default: throw UnmatchedRequest(url: request.url, known: [])
            }
        }
        let reddit = try makeClient(transport)

        // The article's code:
        let mod = reddit.moderation(of: "swift")

        let queue = try await reddit.send(Reddit.moderationQueue(.modQueue, of: "swift", only: .posts))
        for case .link(let post) in queue.children {
            try await mod.remove(post.name, reasonID: "15kbmgmhm6mxo", modNote: "off topic")
        }
        try await reddit.send(
            Reddit.ban(
                "spammer", in: "swift", days: 7, reason: "Spam", message: "Please read the rules.", note: "link farm"))

        for conversation in try await reddit.send(Reddit.modmailConversations(in: ["swift"], state: .new)) {
            try await reddit.send(Reddit.replyToModmail(conversation.id, body: "Looking into it.", internal: true))
        }

        #expect(
            transport.requests.map { "\($0.method.rawValue) \($0.url.path)" } == [
                "GET /r/swift/about/modqueue", "POST /api/remove", "POST /api/v1/modactions/removal_reasons",
                "POST /r/swift/api/friend", "GET /api/mod/conversations", "POST /api/mod/conversations/2gn0",
                "POST /api/mod/conversations/2gmz",
            ])
        #expect(transport.requests[4].query("state") == "new" && transport.requests[4].query("entity") == "swift")
        #expect(transport.requests[6].form["isInternal"] == "true")
    }
}
