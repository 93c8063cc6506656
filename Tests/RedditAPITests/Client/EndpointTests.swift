import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// What each endpoint puts on the wire.
@Suite struct EndpointTests {
    /// Sends `request` to a transport that answers `{}` and returns what was sent.
    static func sent<Response: Sendable>(_ request: Request<Response>) async throws -> HTTPRequest {
        let transport = StubTransport { request in
            HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8), url: request.url)
        }
        _ = try? await makeClient(transport).send(request)
        return try #require(transport.requests.first)
    }

    @Test func listings() async throws {
        let top = try await Self.sent(
            Reddit.listing(
                .controversial(.month), subreddit: "swift",
                page: .init(after: "t3_abc", limit: 500, count: 25)))
        #expect(top.url.path == "/r/swift/controversial")
        #expect(
            top.query("t") == "month" && top.query("after") == "t3_abc" && top.query("limit") == "100"
                && top.query("count") == "25")
        #expect(try await Self.sent(Reddit.listing(.best)).url.path == "/best")
        #expect(try await Self.sent(Reddit.listing(.rising, subreddit: "swift")).url.path == "/r/swift/rising")
        let before = try await Self.sent(Reddit.listing(.new, page: .init(before: "t3_x")))
        #expect(before.url.path == "/new" && before.query("before") == "t3_x" && before.query("after") == nil)
    }

    @Test func search() async throws {
        let inSubreddit = try await Self.sent(
            Reddit.search("swift concurrency", subreddit: "swift", sort: .top, time: .year))
        #expect(inSubreddit.url.path == "/r/swift/search")
        #expect(inSubreddit.query("q") == "swift concurrency" && inSubreddit.query("restrict_sr") == "true")
        // r/all is every subreddit: PRAW sends restrict_sr=False there.
        let all = try await Self.sent(Reddit.search("swift", subreddit: "all"))
        #expect(all.url.path == "/r/all/search" && all.query("restrict_sr") == "false")
        #expect(inSubreddit.query("sort") == "top" && inSubreddit.query("t") == "year")
        let everywhere = try await Self.sent(Reddit.search("linux"))
        #expect(everywhere.url.path == "/search" && everywhere.query("restrict_sr") == nil)
        #expect(try await Self.sent(Reddit.searchSubreddits("swift")).url.path == "/subreddits/search")
    }

    @Test func comments() async throws {
        let comments = try await Self.sent(Reddit.comments(of: "t3_3hahrw", sort: .qa, depth: 3, limit: 50))
        #expect(comments.url.path == "/comments/3hahrw")
        #expect(comments.query("sort") == "qa" && comments.query("depth") == "3" && comments.query("limit") == "50")
        let thread = try await Self.sent(Reddit.comments(of: "3hahrw", focusing: "t1_cu5pebp", context: 2))
        #expect(thread.url.path == "/comments/3hahrw/_/cu5pebp" && thread.query("context") == "2")
        let more = try await Self.sent(try Reddit.moreChildren(["a", "b"], of: "t3_3hahrw", sort: .best))
        #expect(more.method == .post && more.url.path == "/api/morechildren")
        #expect(more.form == ["api_type": "json", "link_id": "t3_3hahrw", "children": "a,b", "sort": "confidence"])
    }

    @Test func actions() async throws {
        let down = try await Self.sent(Reddit.vote(.down, on: "t1_abc"))
        #expect(down.url.path == "/api/vote" && down.form["dir"] == "-1" && down.form["id"] == "t1_abc")
        #expect(try await Self.sent(Reddit.vote(.none, on: "t1_abc")).form["dir"] == "0")
        let subscribe = try await Self.sent(Reddit.subscribe(to: ["swift", "linux"]))
        #expect(subscribe.form["action"] == "sub" && subscribe.form["sr_name"] == "swift,linux")
        #expect(subscribe.form["skip_inital_defaults"] == "true")
        #expect(try await Self.sent(Reddit.unsubscribe(from: ["swift"])).form["action"] == "unsub")
        let hide = try await Self.sent(Reddit.hide(["t3_a", "t3_b"]))
        #expect(hide.url.path == "/api/hide" && hide.form["id"] == "t3_a,t3_b")
        #expect(try await Self.sent(Reddit.unhide(["t3_a"])).url.path == "/api/unhide")
        #expect(try await Self.sent(Reddit.unsave("t3_a")).url.path == "/api/unsave")
    }

    @Test func users() async throws {
        let overview = try await Self.sent(Reddit.userOverview("spez", sort: .top(.all)))
        #expect(
            overview.url.path == "/user/spez/overview" && overview.query("sort") == "top"
                && overview.query("t") == "all")
        #expect(try await Self.sent(Reddit.userSubmitted("spez")).url.path == "/user/spez/submitted")
        #expect(try await Self.sent(Reddit.userComments("spez")).query("sort") == "new")
        #expect(try await Self.sent(Reddit.userSaved("me")).url.path == "/user/me/saved")
        #expect(try await Self.sent(Reddit.userAbout("spez")).url.path == "/user/spez/about")
        #expect(try await Self.sent(Reddit.me()).url.path == "/api/v1/me")
        #expect(try await Self.sent(Reddit.subreddits(.subscribed, page: .init(limit: 100))).query("limit") == "100")
        #expect(try await Self.sent(Reddit.myMultireddits()).url.path == "/api/multi/mine")
    }
}
