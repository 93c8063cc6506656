import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// The moderator streams poll as the other streams do: new items once, oldest first.
@Suite struct ModerationStreamTests {
    typealias Collector = StreamTests.Collector

    static func json(_ text: String) -> Data { Data(text.utf8) }

    /// A Listing of posts, newest first.
    static func posts(_ ids: [String]) -> Data {
        let children = ids.map {
            #"{"kind": "t3", "data": {"id": "\#($0)", "name": "t3_\#($0)", "title": "\#($0)", "author": "a", "subreddit": "swift", "created_utc": 1.0, "permalink": "/p", "url": "u"}}"#
        }
        return json(#"{"kind": "Listing", "data": {"children": [\#(children.joined(separator: ","))]}}"#)
    }

    /// A mod log page, newest first.
    static func log(_ ids: [String]) -> Data {
        let children = ids.map {
            #"{"kind": "modaction", "data": {"id": "ModAction_\#($0)", "action": "removelink", "mod": "m", "created_utc": 1.0, "subreddit": "swift"}}"#
        }
        return json(#"{"kind": "Listing", "data": {"children": [\#(children.joined(separator: ","))]}}"#)
    }

    /// A modmail folder, newest first.
    static func conversations(_ ids: [String]) -> Data {
        let entries = ids.map { #""\#($0)": {"id": "\#($0)", "subject": "s\#($0)", "objIds": []}"# }
        let order = ids.map { #""\#($0)""# }
        return json(
            #"{"conversations": {\#(entries.joined(separator: ","))}, "messages": {}, "conversationIds": [\#(order.joined(separator: ","))]}"#
        )
    }

    /// A transport answering poll number n with `pages[n]` (the last one after that).
    static func transport(_ pages: [Data]) -> StubTransport {
        StubTransport(routes: [
            StubRoute(.get, .any) { _, index in StubResponse.data(pages[min(index, pages.count - 1)]) }
        ])
    }

    @Test func aQueueStreamYieldsNewItemsOnceOldestFirst() async throws {
        let transport = Self.transport([Self.posts(["b", "a"]), Self.posts(["c"]), Self.posts([])])
        let clock = VirtualClock()
        let collector = Collector<Thing>()
        let task = collector.start(
            try makeClient(transport).moderation(of: "swift").stream(
                .reports, only: .posts, options: .init(clock: clock)))
        try await clock.waitForSleepers(1)
        #expect(collector.values.compactMap(\.fullname?.rawValue) == ["t3_a", "t3_b", "t3_c"])
        #expect(transport.requests.map { $0.query("before") } == [nil, "t3_b", "t3_c"])
        #expect(
            transport.requests.allSatisfy { $0.url.path == "/r/swift/about/reports" && $0.query("only") == "links" })
        task.cancel()
        try await task.value
    }

    @Test func theLogStreamPagesWithModActionIDs() async throws {
        let transport = Self.transport([Self.log(["2", "1"]), Self.log(["3"]), Self.log([])])
        let clock = VirtualClock()
        let collector = Collector<ModAction>()
        let task = collector.start(
            try makeClient(transport).moderation(of: "swift").logStream(
                action: "removelink", options: .init(clock: clock)))
        try await clock.waitForSleepers(1)
        #expect(collector.values.map(\.id) == ["ModAction_1", "ModAction_2", "ModAction_3"])
        #expect(transport.requests.map { $0.query("before") } == [nil, "ModAction_2", "ModAction_3"])
        #expect(
            transport.requests.allSatisfy { $0.query("type") == "removelink" && $0.url.path == "/r/swift/about/log" })
        task.cancel()
        try await task.value
    }

    @Test func theModmailStreamRereadsTheNewestPageAndYieldsWhatItHasNotSeen() async throws {
        let transport = Self.transport([
            Self.conversations(["c2", "c1"]), Self.conversations(["c3", "c2", "c1"]), Self.conversations(["c3", "c2"]),
        ])
        let clock = VirtualClock()
        let collector = Collector<ModmailConversation>()
        let task = collector.start(
            try makeClient(transport).modmail.newConversations(in: ["swift"], state: .new, options: .init(clock: clock))
        )
        try await clock.waitForSleepers(1)
        #expect(collector.values.map(\.id) == ["c1", "c2", "c3"])
        #expect(transport.requests.count == 3)
        #expect(transport.requests.allSatisfy { $0.query("before") == nil && $0.query("entity") == "swift" })
        // Without a cursor every poll counts down PRAW's limits: 100, 99, 98...
        #expect(transport.requests.map { $0.query("limit") } == ["100", "99", "98"])
        task.cancel()
        try await task.value
    }
}
