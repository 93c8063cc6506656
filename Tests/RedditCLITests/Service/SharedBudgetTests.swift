import Courier
import CourierRedis
import CourierTesting
import Foundation
import RedditAPI
import TestSupport
import Testing

@testable import RedditCLI

/// `--shared redis://host:port`: two `reddit` commands spend one rate-limit budget, kept in the
/// redis-server that Scripts/test starts (COURIER_REDIS_URL).
@Suite struct SharedBudgetTests {
    @Test func sharedTakesARedisAddressAnywhere() throws {
        let invocation = try CommandParser.parse(["watch", "--shared", "redis://127.0.0.1:6380", "swift"])
        #expect(invocation.options.shared == URL(string: "redis://127.0.0.1:6380"))
        #expect(try CommandParser.parse(["--shared=redis://cache.local", "hot"]).options.shared != nil)
        #expect(try CommandParser.parse(["hot"]).options.shared == nil)
    }

    @Test func sharedRefusesAnotherKindOfAddress() {
        for bad in ["http://127.0.0.1:6379", "127.0.0.1:6379", "redis://", "redis://host:1/2"] {
            #expect(throws: UsageError.self, "\(bad)") { try CommandParser.parse(["hot", "--shared", bad]) }
        }
        #expect(throws: UsageError.self) { try CommandParser.parse(["hot", "--shared"]) }
    }

    /// Two commands (two services, two Redis connections) with the same `--shared` spend from
    /// one budget in Redis: the second one's request is counted on the first one's window.
    @Test func twoCommandsSpendOneBudgetInRedis() async throws {
        let redis = try TestServers.url(from: "COURIER_REDIS_URL")
        let clientID = uniqueKey("cli")
        let stub = StubTransport()
        stub.on(
            .get, .pathPrefix("/r/swift/new"),
            respondNumbered: { _, index in
                // Reddit's count of this window: the requests so far, this one included.
                let count = index + 1
                return .string(
                    #"{"kind":"Listing","data":{"after":null,"before":null,"children":[]}}"#,
                    headers: [
                        "Content-Type": "application/json", "X-Ratelimit-Used": String(count),
                        "X-Ratelimit-Remaining": String(Double(60 - count)), "X-Ratelimit-Reset": "300",
                    ])
            })
        let terminals = try (0..<2).map { _ in
            RedditService(
                userAgent: try UserAgent("test:reddit-cli:1.0 (by /u/tester)"), authentication: .bearer("token"),
                transport: stub, sharedBudget: try ServiceFactory.sharedBudget(redis, clientID: clientID))
        }
        for terminal in terminals + terminals {
            _ = try await terminal.listing(ListingOptions(sort: .new, subreddit: "swift"))
        }
        let budget = try await RedisConnection(url: redis).run(["HGETALL", "reddit:\(clientID):budget"])
        let fields = Dictionary(uniqueKeysWithValues: Self.pairs(budget))
        // The window the first request learnt (60), and all four requests counted in it.
        #expect(fields["limit"] == "60", "\(fields)")
        #expect(fields["spent"] == "4", "\(fields)")
    }

    private static func pairs(_ reply: RedisReply) -> [(String, String)] {
        guard case .array(let items) = reply else { return [] }
        return stride(from: 0, to: items.count - 1, by: 2).compactMap { index in
            guard let key = items[index].text, let value = items[index + 1].text else { return nil }
            return (key, value)
        }
    }
}
