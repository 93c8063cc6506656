import Courier
import CourierOAuth
import CourierStore
import Foundation
import RedditAPI
import Testing
import CourierTesting
import TestSupport

/// The README's examples, run against recorded responses.
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
            tree = try await reddit.loadMore(stub, in: tree)
        }
        tree.collapse(tree.roots[0].name)
        // The stub gave way to 7 top-level comments; the collapsed first comment hides 4 rows.
        #expect(tree.rows.count == lines.count - 1 + 7 - 4)
        #expect(tree.rows[0].isCollapsed)
    }
}

/// The README's sign-in example, compiled and run offline.
@Suite struct ReadmeSignInExampleTests {
    @Test func signIn() async throws {
        let callback = URL(string: "http://127.0.0.1:65010/callback")!
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }

        let session = OAuthSession(configuration: .reddit(clientID: "client-id", redirectURI: callback, scopes: [.identity, .read, .vote]))
        let reddit = RedditClient(userAgent: try UserAgent("linux:com.example.reader:1.0 (by /u/example)"),
                                  authentication: .session(session), transport: try AccountStoreTests.accountTransport())
        let account = AccountStore(client: reddit,
                                   persistence: DocumentStore<AccountSnapshot>(fileURL: directory.appendingPathComponent("account.json")))
        let following = Task { await account.follow(session) }
        following.cancel()
        await following.value
        #expect(reddit.authentication.isAuthenticated)
        #expect(await account.snapshot == .empty)
    }
}
