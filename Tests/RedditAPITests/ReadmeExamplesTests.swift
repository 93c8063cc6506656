import Courier
import CourierOAuth
import CourierStore
import CourierTesting
import Foundation
import RedditAPI
import TestSupport
import Testing

/// The examples of the README and of the RedditAPI catalog's articles (Getting Started,
/// Writing, Streaming and the Account), run against recorded responses.
@Suite struct ReadmeExamplesTests {
    static func transport() throws -> StubTransport {
        let hot = try Fixture("listings/subreddit_hot_askreddit.json")
        let empty = try Fixture("listings/listing_empty.json")
        let comments = try Fixture("comments/comments_3hahrw_limit10_more.json")
        let more = try Fixture("morechildren/morechildren_small.json")
        return StubTransport { request in
            switch request.url.path {
            case "/r/swift/hot.json": return hot.response(for: request.url)
            case "/r/swift/top.json":
                return (request.query("after") == nil ? hot : empty).response(for: request.url)
            case "/comments/3hahrw.json": return comments.response(for: request.url)
            case "/api/morechildren.json": return more.response(for: request.url)
            default: throw UnmatchedRequest(url: request.url, known: [])
            }
        }
    }

    @Test func listASubreddit() async throws {
        let transport = try Self.transport()
        let reddit = RedditClient(
            userAgent: try UserAgent("linux:com.example.reader:1.0 (by /u/example)"), transport: transport)

        let hot = try await reddit.send(Reddit.listing(.hot, subreddit: "swift", page: .init(limit: 25)))
        var printed: [String] = []
        for post in hot.links {
            printed.append("\(post.score) \(post.title) by \(post.author)")
        }
        var titles: [String] = []
        for try await thing in reddit.items(Reddit.listing(.top(.week), subreddit: "swift")) {
            if let post = thing.link { titles.append(post.title) }
        }
        #expect(printed.count == 102)
        #expect(titles.count == 102)
        #expect(transport.requests.count == 3)
    }

    @Test func readACommentTree() async throws {
        let reddit = RedditClient(
            userAgent: try UserAgent("linux:com.example.reader:1.0 (by /u/example)"), transport: try Self.transport())
        var tree = try await reddit.commentTree(of: "3hahrw", sort: .top)
        var lines: [String] = []
        for row in tree.rows {
            let indent = String(repeating: "  ", count: row.depth)
            switch row.content {
            case .comment(let comment): lines.append(indent + comment.author + ": " + comment.body)
            case .loadMore(let more): lines.append(indent + "[\(more.count) more replies]")
            case .continueThread: lines.append(indent + "[continue this thread]")
            }
        }
        #expect(lines.count == 21)
        #expect(lines[3] == "      [100 more replies]")
        if let stub = tree.stubs.first {
            try await reddit.loadMore(stub, in: &tree)
        }
        tree.collapse(tree.roots[0].name)
        // The stub gave way to 7 top-level comments; the collapsed first comment hides 4 rows.
        #expect(tree.rows.count == lines.count - 1 + 7 - 4)
        #expect(tree.rows[0].isCollapsed)
    }
}

/// The sign-in example of the RedditAPI catalog's Getting Started article, compiled and run offline.
@Suite struct ReadmeSignInExampleTests {
    @Test func signIn() async throws {
        let callback = URL(string: "http://127.0.0.1:65010/callback")!
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }

        let session = OAuthSession(
            configuration: .reddit(clientID: "client-id", redirectURI: callback, scopes: [.identity, .read, .vote]))
        let reddit = RedditClient(
            userAgent: try UserAgent("linux:com.example.reader:1.0 (by /u/example)"),
            authentication: .session(session), transport: try AccountStoreTests.accountTransport())
        let account = AccountStore(
            client: reddit,
            persistence: DocumentStore<AccountSnapshot>(fileURL: directory.appendingPathComponent("account.json")))
        let following = Task { await account.follow(session) }
        following.cancel()
        await following.value
        #expect(reddit.authentication.isAuthenticated)
        #expect(await account.snapshot == .empty)
    }

    @Test func postReplyAndReadTheInbox() async throws {
        let submitted = try Fixture("writes/submit_self_2020_200.json")
        let replied = try Fixture("writes/comment_on_post_2020_200.json")
        let unreadItems = try Fixture("inbox/unread_after_unread_message_2025.json")
        let read = try Fixture("inbox/read_message_200.json")
        let transport = StubTransport(fixtureRoutes: [
            "/api/submit": submitted, "/api/comment": replied, "/message/unread": unreadItems,
            "/api/read_message": read,
        ])
        let reddit = RedditClient(
            userAgent: try UserAgent("linux:com.example.reader:1.0 (by /u/example)"),
            authentication: .bearer("token"), transport: transport)

        let post = try await reddit.send(Reddit.submitSelf(subreddit: "test", title: "Hello", text: "First post"))
        var lines: [String] = []
        if let reply = try await reddit.send(Reddit.reply(to: post.name!, text: "And a reply"))?.comment {
            lines.append("replied as \(reply.name)")
        }
        let unread = try await reddit.send(Reddit.unread())
        for case .message(let item) in unread.children {
            lines.append("\(item.isComment ? "reply from" : "message from") \(item.author) — \(item.subject)")
        }
        try await reddit.send(Reddit.markRead(unread.children.compactMap(\.fullname)))
        #expect(lines.first == "replied as t1_fx5oyxp")
        #expect(lines.count == 11)
        #expect(transport.requests.last?.form["id"]?.split(separator: ",").count == 10)
        #expect(
            transport.requests.map(\.url.path) == [
                "/api/submit", "/api/comment", "/message/unread", "/api/read_message",
            ])
    }

    @Test func streamNewComments() async throws {
        let first = try Fixture("streams/subreddit_comments_poll1.json")
        let reddit = RedditClient(
            userAgent: try UserAgent("linux:com.example.reader:1.0 (by /u/example)"),
            transport: StubTransport(fixtureRoutes: ["/r/swift/comments.json": first]))
        var lines: [String] = []
        for try await comment in reddit.newComments(in: "swift") {
            lines.append("\(comment.author) \(comment.body)")
            if lines.count == 3 { break }
        }
        #expect(lines.count == 3)
    }
}
