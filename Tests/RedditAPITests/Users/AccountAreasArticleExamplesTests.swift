import Courier
import CourierTesting
import Foundation
import RedditAPI
import TestSupport
import Testing

/// The live-thread and account examples of the "Moderating with RedditAPI" article, run against
/// recorded answers.
@Suite struct AccountAreasArticleExamplesTests {
    @Test func theLiveThreadExampleRuns() async throws {
        let transport = StubTransport { request in
            switch (request.method, request.url.path) {
            case (.post, "/api/live/create"):
                return try Fixture("praw/live/livecreate__200__1.json").response(for: request.url)
            case (.post, "/api/live/x9xfckgu7z0m/update"):
                return try Fixture("praw/live/live_add_update__200__1.json").response(for: request.url)
            case (.get, "/live/x9xfckgu7z0m"):
                return try Fixture("praw/live/live_updates__200__2.json").response(for: request.url)
            default: throw UnmatchedRequest(url: request.url, known: [])
            }
        }
        let reddit = try makeClient(transport)
        var printed: [String] = []
        func print(_ items: String...) { printed.append(items.joined(separator: " ")) }

        // The article's code:
        let id = try await reddit.send(Reddit.createLiveThread(title: "Launch day"))
        try await reddit.send(Reddit.addLiveUpdate("Doors open at 9.", to: id))
        for try await update in reddit.live(id: id).allUpdates() { print(update.author ?? "-", update.body) }

        #expect(id == "x9xfckgu7z0m")
        #expect(printed.count == 23 && printed.first?.hasPrefix("Deimorz Just deployed a fix") == true)
        #expect(transport.requests[1].form == ["body": "Doors open at 9.", "api_type": "json"])
    }

    @Test func theAccountExampleRuns() async throws {
        let transport = StubTransport { request in
            switch (request.method, request.url.path) {
            case (.put, "/api/v1/me/friends/spez"):
                return try Fixture("praw/relationships/friend_v1__201__1.json").response(for: request.url)
            case (.post, "/api/v1/draft"):
                return try Fixture("praw/drafts/draft__200__1.json").response(for: request.url)
            case (.get, "/api/v1/me"): return try Fixture("things/me_2016.json").response(for: request.url)
            case (.get, "/api/multi/user/PyAPITestUser2/m/apple"):
                return try Fixture("praw/multireddits/multireddit_api__200__1.json").response(for: request.url)
            default: throw UnmatchedRequest(url: request.url, known: [])
            }
        }
        let reddit = try makeClient(transport)

        // The article's code:
        try await reddit.send(Reddit.addFriend("spez"))
        let draft = try await reddit.send(Reddit.createDraft(.text(title: "Release notes", "Coming soon"))).id
        let mine = try await reddit.send(Reddit.multireddit("apple", of: try await reddit.send(Reddit.me()).name))

        #expect(draft == "bbe52db6-3b83-11ec-bd52-c2bd016548f4")
        #expect(mine.subreddits == ["aww"])
        #expect(
            transport.requests[1].form == [
                "title": "Release notes", "body": "Coming soon", "kind": "markdown", "nsfw": "false",
                "spoiler": "false", "original_content": "false", "send_replies": "true", "is_public_link": "false",
                "api_type": "json",
            ])
    }
}
