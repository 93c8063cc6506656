import CourierRedis
import Foundation
import RedditFleet
import TestSupport
import Testing

@testable import RedditAPI

/// Stream checkpoints in the redis-server that Scripts/test starts (COURIER_REDIS_URL): a stream
/// one process ran is resumed by another, through its own connection, where it left off.
@Suite struct RedisCheckpointStoreTests {
    typealias Listing = ResumingStreamTests.Listing

    @Test func aSecondProcessResumesTheStreamTheFirstRan() async throws {
        let url = try TestServers.url(from: "COURIER_REDIS_URL")
        let namespace = uniqueKey("checkpoints")
        let listing = Listing()
        listing.add(1...40)
        let first = RedisCheckpointStore(connection: try RedisConnection(url: url), namespace: namespace)
        var one = try ResumingStreamTests.stream(listing, first).makeAsyncIterator()
        let handled = try await ResumingStreamTests.take(25, from: &one)
        try await handled.last?.acknowledge()
        #expect(handled.map(\.name.rawValue) == (1...25).map(Listing.name))

        listing.add(41...60)
        let second = RedisCheckpointStore(connection: try RedisConnection(url: url), namespace: namespace)
        var two = try ResumingStreamTests.stream(listing, second).makeAsyncIterator()
        let resumed = try await ResumingStreamTests.take(35, from: &two)
        #expect(resumed.map(\.name.rawValue) == (26...60).map(Listing.name))
        #expect(resumed.allSatisfy { !$0.isRedelivery })
    }

    @Test func checkpointsAreKeptUnderTheirNamespaceAndAnythingElseIsAnError() async throws {
        let url = try TestServers.url(from: "COURIER_REDIS_URL")
        let connection = try RedisConnection(url: url)
        let namespace = uniqueKey("checkpoints")
        let store = RedisCheckpointStore(connection: connection, namespace: namespace)
        #expect(try await store.checkpoint(for: "swift") == nil)
        try await store.save(Data([0, 1, 2, 255]), for: "swift")
        #expect(try await store.checkpoint(for: "swift") == Data([0, 1, 2, 255]))
        _ = try await connection.run(["SET", namespace + ":broken", "not base64!"])
        await #expect(throws: RedisError.self) { try await store.checkpoint(for: "broken") }
    }
}
