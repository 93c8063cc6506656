import Courier
import CourierTesting
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RedditAPI

/// `client.inbox`: the marks that take many items go out in batches of 25, in order, and stop
/// at the first refusal; announcements page with their own cursors.
@Suite struct InboxGroupTests {
    static func ids(_ count: Int) -> [Fullname] { (0..<count).map { Fullname(kind: .message, id: "m\($0)") } }

    @Test func markingSixtyItemsReadSendsThreeBatchesInOrder() async throws {
        let transport = SubredditModerationTests.transport([:])
        try await makeClient(transport).inbox.markRead(Self.ids(60))
        let batches = transport.requests.map { $0.form["id"]?.split(separator: ",").map(String.init) ?? [] }
        #expect(transport.requests.map(\.url.path) == Array(repeating: "/api/read_message", count: 3))
        #expect(batches.map(\.count) == [25, 25, 10])
        #expect(batches.flatMap { $0 } == Self.ids(60).map(\.rawValue))
    }

    @Test func aRefusedBatchStopsTheRestAndIsThrown() async throws {
        let calls = Mutex(0)
        let transport = StubTransport { request in
            let call = calls.withLock { count in
                defer { count += 1 }
                return count
            }
            let body = call == 1 ? #"{"message": "Forbidden", "error": 403}"# : "{}"
            return HTTPResponse(
                statusCode: call == 1 ? 403 : 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8),
                url: request.url)
        }
        let error = await #expect(throws: HTTPError.self) {
            try await makeClient(transport).inbox.setCollapsed(Self.ids(60), true)
        }
        #expect(error?.redditError?.status == 403 && error?.redditError?.message == "Forbidden")
        #expect(transport.requests.count == 2)
        #expect(transport.requests.allSatisfy { $0.url.path == "/api/collapse_message" })
    }

    @Test func nothingIsSentForNoItems() async throws {
        let transport = SubredditModerationTests.transport([:])
        try await makeClient(transport).inbox.markUnread([])
        #expect(transport.requests.isEmpty)
    }

    @Test func announcementsPageWithTheirOwnCursor() async throws {
        let transport = SubredditModerationTests.transport([
            "/api/announcements/v1": try Fixture("praw/messages/announcements__200__2.json")
        ])
        let client = try makeClient(transport)
        let page = try await client.send(Reddit.announcements(limit: 2))
        #expect(page.items.map(\.id) == ["ann_b7arjw", "ann_ajauo4"])
        #expect(page.after == "ann_ajauo4" && page.before == nil)
        let first = try #require(page.items.first)
        #expect(!first.isRead && first.subject.hasPrefix("Mod Monthly") && first.authorFullname == "t2_1t77net49h")
        #expect(first.sentAt == Date(timeIntervalSince1970: 1_778_180_901))
        _ = try await client.send(Reddit.announcements(after: page.after, limit: 2))
        #expect(transport.requests.last?.query("after") == "ann_ajauo4")

        try await client.send(Reddit.markAllAnnouncementsRead())
        try await client.send(Reddit.markAnnouncementsRead(["ann_b7arjw", "ann_ajauo4"]))
        try await client.send(Reddit.hideAnnouncements(["ann_b7arjw"]))
        #expect(
            transport.requests.suffix(3).map(\.url.path) == [
                "/api/announcements/v1/read_all", "/api/announcements/v1/read", "/api/announcements/v1/hide",
            ])
        #expect(transport.requests.suffix(2).map { $0.form["ids"] } == ["ann_b7arjw,ann_ajauo4", "ann_b7arjw"])
    }

    @Test func mutingAndUnblockingActOnTheMessage() async throws {
        let transport = SubredditModerationTests.transport([:])
        let client = try makeClient(transport)
        try await client.send(Reddit.muteAuthor(of: "t4_b"))
        try await client.send(Reddit.unmuteAuthor(of: "t4_b"))
        try await client.send(Reddit.unblockSubreddit(of: "t4_c"))
        #expect(
            transport.requests.map(\.url.path) == [
                "/api/mute_message_author", "/api/unmute_message_author", "/api/unblock_subreddit",
            ])
        #expect(transport.requests.map { $0.form["id"] } == ["t4_b", "t4_b", "t4_c"])
    }
}
