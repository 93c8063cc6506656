import Courier
import CourierTesting
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RedditAPI

/// Streams replay the recorded consecutive polls on a virtual clock.
@Suite struct StreamTests {
    /// Collects what a stream yields from a task of its own.
    final class Collector<Element: Sendable>: Sendable {
        private let items = Mutex<[Element]>([])
        private let finished = Mutex(false)
        var values: [Element] { items.withLock { $0 } }
        var isFinished: Bool { finished.withLock { $0 } }

        func start(_ stream: RedditStream<Element>) -> Task<Void, any Error> {
            Task {
                defer { finished.withLock { $0 = true } }
                for try await item in stream { items.withLock { $0.append(item) } }
            }
        }
    }

    /// Answers each poll by its `before` (nil: the first poll and those after an empty one).
    static func transport(_ routes: [String?: String]) throws -> StubTransport {
        var fixtures: [String: Fixture] = [:]
        for (before, name) in routes { fixtures[before ?? ""] = try Fixture(name) }
        let answers = fixtures
        return StubTransport { request in
            guard let fixture = answers[request.query("before") ?? ""] else {
                throw UnmatchedRequest(url: request.url, known: [])
            }
            return fixture.response(for: request.url)
        }
    }

    static func names(_ fixture: String) throws -> [String] {
        try JSON.TapeDecoder().decode(Listing.self, from: try Fixture(fixture).body).children.compactMap(
            \.fullname?.rawValue)
    }

    @Test func newCommentsYieldEachOnceOldestFirstThenBackOff() async throws {
        // Polls 3 and 4 were not recorded: poll 5 answers the poll after poll 2.
        let transport = try Self.transport([
            nil: "streams/subreddit_comments_poll1.json",
            "t1_gjo46b5": "streams/subreddit_comments_poll2_before.json",
            "t1_gjo46ch": "streams/subreddit_comments_poll5_before.json",
            "t1_gjo46ef": "streams/subreddit_comments_poll6_before_empty.json",
        ])
        let clock = VirtualClock()
        let client = try makeClient(transport)
        let collector = Collector<RedditAPI.Comment>()
        let task = collector.start(client.newComments(in: "askreddit", options: StreamOptions(clock: clock)))

        try await clock.waitForSleepers(1)
        let expected =
            try Self.names("streams/subreddit_comments_poll1.json").reversed()
            + Self.names("streams/subreddit_comments_poll2_before.json").reversed()
            + Self.names("streams/subreddit_comments_poll5_before.json").reversed()
        #expect(collector.values.map(\.name.rawValue) == Array(expected))
        #expect(collector.values.count == 105)
        // Newest first with `before`; after the empty poll a pause of 1 s.
        #expect(transport.requests.map { $0.query("before") } == [nil, "t1_gjo46b5", "t1_gjo46ch", "t1_gjo46ef"])
        #expect(transport.requests.allSatisfy { $0.url.path == "/r/askreddit/comments" })
        #expect(transport.requests.map { $0.query("limit") } == ["100", "100", "100", "100"])
        #expect(clock.sleeps == [.seconds(1)])

        // Without `before` the limit is 99; everything is already seen, so the pause doubles.
        clock.advance(by: .seconds(1))
        try await clock.waitForSleepers(1)
        #expect(transport.requests.last?.query("before") == nil && transport.requests.last?.query("limit") == "99")
        #expect(clock.sleeps == [.seconds(1), .seconds(2)])
        #expect(collector.values.count == 105)

        task.cancel()
        try await task.value
        #expect(collector.isFinished)
    }

    @Test func skipExistingYieldsOnlyLaterPosts() async throws {
        let transport = try Self.transport([
            nil: "streams/subreddit_new_poll1.json",
            "t3_kzj68i": "streams/subreddit_new_poll2_before.json",
            "t3_kzj68x": "streams/subreddit_comments_poll6_before_empty.json",
        ])
        let clock = VirtualClock()
        let collector = Collector<Link>()
        let task = collector.start(
            try makeClient(transport).newPosts(in: "all", options: StreamOptions(skipExisting: true, clock: clock)))
        try await clock.waitForSleepers(1)
        #expect(
            collector.values.map(\.name.rawValue)
                == Array(try Self.names("streams/subreddit_new_poll2_before.json").reversed()))
        #expect(transport.requests.first?.url.path == "/r/all/new")
        task.cancel()
        try await task.value
    }

    @Test func inboxStreamPollsUnreadWithoutMarkingAndCountsTheLimitDown() async throws {
        let empty100 = try Fixture("streams/unread_poll_limit100_empty.json")
        let empty99 = try Fixture("streams/unread_poll_limit99_empty.json")
        let transport = StubTransport { request in
            (request.query("limit") == "100" ? empty100 : empty99).response(for: request.url)
        }
        let clock = VirtualClock()
        let collector = Collector<Message>()
        let task = collector.start(
            try makeClient(transport).newInboxItems(options: StreamOptions(maximumWait: .seconds(4), clock: clock)))
        for _ in 0..<4 {
            try await clock.waitForSleepers(1)
            clock.advance(by: clock.sleeps.last ?? .zero)
        }
        try await clock.waitForSleepers(1)
        #expect(transport.requests.map { $0.query("limit") } == ["100", "99", "98", "97", "96"])
        #expect(transport.requests.allSatisfy { $0.url.path == "/message/unread" && $0.query("mark") == "false" })
        #expect(clock.sleeps == [.seconds(1), .seconds(2), .seconds(4), .seconds(4), .seconds(4)])
        #expect(collector.values.isEmpty)
        task.cancel()
        try await task.value
    }

    @Test func backoffDoublesToItsCapAndResets() {
        var backoff = StreamBackoff(maximum: .seconds(16))
        #expect((0..<6).map { _ in backoff.next() } == [1, 2, 4, 8, 16, 16].map { Duration.seconds($0) })
        backoff.reset()
        #expect(backoff.next() == .seconds(1))
    }

    @Test func recentNamesForgetTheOldestBeyondTheirCapacity() {
        var names = RecentNames(capacity: 3)
        for name in ["t1_a", "t1_b", "t1_c", "t1_d"] { names.insert(Fullname(name)) }
        #expect(!names.contains("t1_a") && names.contains("t1_b") && names.contains("t1_d") && names.count == 3)
        names.insert("t1_b")
        #expect(names.count == 3)
    }

    @Test func aFailingPollEndsTheStreamWithTheError() async throws {
        let transport = StubTransport { request in
            HTTPResponse(
                statusCode: 403, headers: ["Content-Type": "application/json"],
                body: Data(#"{"message": "Forbidden", "error": 403}"#.utf8), url: request.url)
        }
        let stream = try makeClient(transport).newComments(in: "private", options: StreamOptions(clock: VirtualClock()))
        do {
            for try await _ in stream {}
            Issue.record("the stream ended without the error")
        } catch let error as HTTPError {
            #expect(error.redditError?.status == 403)
        }
    }
}
