import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// Calls whose answer is a redirect (a sticky post, `r/random`, a share link, a quarantine
/// opt-in) read it; every other call still fails on one, and a call that expects a redirect
/// fails when there is none.
@Suite struct RedirectAnswerTests {
    static func answering(_ fixture: String) throws -> StubTransport {
        let recorded = try Fixture(fixture)
        return StubTransport { request in recorded.response(for: request.url) }
    }

    @Test func aStickyIsReadFromItsRedirect() async throws {
        let transport = try Self.answering("praw/subreddit/about_sticky__302__1.txt")
        let post = try await makeClient(transport).send(Reddit.stickiedPost(of: "pics", slot: 2))
        #expect(post == "t3_fjn0j9")
        #expect(transport.requests[0].url.path == "/r/pics/about/sticky" && transport.requests[0].query("num") == "2")
        #expect(transport.requests[0].followsRedirects == false)
    }

    @Test func theRandomSubredditAndAShareLinkAreReadFromTheirRedirects() async throws {
        let random = try await makeClient(try Self.answering("praw/subreddit/subreddit__302__1.html"))
            .send(Reddit.randomSubreddit())
        #expect(random == "RelayForReddit")

        let share = try Self.answering("praw/subreddit/unmapped/r_X_s_X__301__1.html")
        let target = try await makeClient(share).send(
            Reddit.resolveShareLink(URL(string: "https://www.reddit.com/r/redditdev/s/WNauetbiNG")!))
        #expect(target.path == "/r/redditdev/comments/2gmzqe/praw_https_enabled_praw_testing_needed")
        #expect(
            share.requests[0].url.host == "www.reddit.com" && share.requests[0].url.path == "/r/redditdev/s/WNauetbiNG")
    }

    @Test func aQuarantineOptInTakesTheRedirectAsItsAcknowledgement() async throws {
        let transport = try Self.answering("praw/subreddit/quarantine_opt_in__302__1.json")
        try await makeClient(transport).send(Reddit.optInToQuarantine("tiananmenaquarefalse"))
        #expect(transport.requests[0].form == ["sr_name": "tiananmenaquarefalse", "api_type": "json"])
    }

    @Test func otherCallsStillFailOnARedirect() async throws {
        let transport = try Self.answering("praw/subreddit/quarantine_opt_in__302__1.json")
        let error = await #expect(throws: HTTPError.self) {
            try await makeClient(transport).send(Reddit.subredditAbout("tiananmenaquarefalse"))
        }
        #expect(
            error?.redditError?.kind == .redirect(location: "https://oauth.reddit.com/r/tiananmenaquarefalse/.json"))
    }

    @Test func aCallThatExpectsARedirectFailsWithoutOne() async throws {
        let transport = StubTransport { request in
            HTTPResponse(statusCode: 200, headers: [:], body: Data("{}".utf8), url: request.url)
        }
        let error = await #expect(throws: HTTPError.self) {
            try await makeClient(transport).send(Reddit.stickiedPost(of: "swift"))
        }
        #expect(error?.statusCode == 200 && error?.redditError == nil)

        let noSticky = try Self.answering("praw-handwritten/subreddit/about_sticky__404__1.json")
        let missing = await #expect(throws: HTTPError.self) {
            try await makeClient(noSticky).send(Reddit.stickiedPost(of: "swift", slot: 2))
        }
        #expect(missing?.redditError?.status == 404)
    }
}
