import Courier
import CourierTesting
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RedditAPI

/// Streams that keep a checkpoint: resumed after a stop, they hand over what came in between,
/// oldest first, then go live; a crash while handling an item hands it over again, flagged; a gap
/// wider than Reddit's window is reported.
@Suite struct ResumingStreamTests {
    /// A subreddit's `new` listing: posts with base-36 ids 1, 2, 3…, newest first, only the newest
    /// `window` listed, answering `before`, `after` and `limit` as Reddit does.
    final class Listing: Sendable {
        let posts = Mutex<[Int]>([])
        let window: Int

        init(window: Int = 1000) { self.window = window }

        func add(_ range: ClosedRange<Int>) { posts.withLock { $0 += Array(range) } }

        static func name(_ number: Int) -> String { "t3_" + String(number, radix: 36) }

        func answer(_ request: HTTPRequest) -> Data {
            let visible = posts.withLock { Array($0.suffix(window).reversed()) }
            let limit = min(request.query("limit").flatMap(Int.init) ?? 25, 100)
            var page: [Int]
            if let before = request.query("before") {
                guard let index = visible.firstIndex(where: { Self.name($0) == before }) else { return Self.page([]) }
                page = Array(visible[..<index].suffix(limit))
            } else if let after = request.query("after") {
                guard let index = visible.firstIndex(where: { Self.name($0) == after }) else { return Self.page([]) }
                page = Array(visible[(index + 1)...].prefix(limit))
            } else {
                page = Array(visible.prefix(limit))
            }
            return Self.page(page)
        }

        static func page(_ numbers: [Int]) -> Data {
            ModerationStreamTests.posts(numbers.map { String($0, radix: 36) })
        }
    }

    /// Checkpoints in memory, counting saves.
    final class MemoryStore: StreamCheckpointStore {
        let saved = Mutex<[String: Data]>([:])
        func checkpoint(for key: String) async throws -> Data? { saved.withLock { $0[key] } }
        func save(_ checkpoint: Data, for key: String) async throws { saved.withLock { $0[key] = checkpoint } }
    }

    static func stream(_ listing: Listing, _ store: any StreamCheckpointStore) throws -> ResumingStream<Link> {
        let transport = StubTransport(routes: [
            StubRoute(.get, .any) { request, _ in StubResponse.data(listing.answer(request)) }
        ])
        return try makeClient(transport).newPosts(in: "swift").resuming(from: store, key: "swift-new")
    }

    /// The next `count` deliveries of `iterator`.
    static func take(_ count: Int, from iterator: inout ResumingStream<Link>.Iterator) async throws
        -> [ResumingStream<Link>.Delivery]
    {
        var deliveries: [ResumingStream<Link>.Delivery] = []
        for _ in 0..<count {
            guard let delivery = try await iterator.next() else { break }
            deliveries.append(delivery)
        }
        return deliveries
    }

    @Test func aRestartHandsOverWhatCameInBetweenOldestFirstThenGoesLive() async throws {
        let listing = Listing()
        let store = MemoryStore()
        listing.add(1...30)
        var first = try Self.stream(listing, store).makeAsyncIterator()
        let before = try await Self.take(30, from: &first)
        #expect(before.map(\.name.rawValue) == (1...30).map(Listing.name))
        try await before.last?.acknowledge()  // the first run stops here, its last item handled

        listing.add(31...280)  // 250 posts while the bot was down: three pages to walk back
        var second = try Self.stream(listing, store).makeAsyncIterator()
        let caughtUp = try await Self.take(250, from: &second)
        #expect(caughtUp.map(\.name.rawValue) == (31...280).map(Listing.name))
        #expect(caughtUp.allSatisfy { !$0.isRedelivery && $0.mayBeMissingBefore == nil })
        listing.add(281...283)
        let live = try await Self.take(3, from: &second)
        #expect(live.map(\.name.rawValue) == (281...283).map(Listing.name))
    }

    @Test func anItemWhoseHandlingWasCutOffIsHandedOverAgainFlagged() async throws {
        let listing = Listing()
        let store = MemoryStore()
        listing.add(1...10)
        var first = try Self.stream(listing, store).makeAsyncIterator()
        let handled = try await Self.take(5, from: &first)
        #expect(handled.last?.name.rawValue == Listing.name(5))
        // Killed while handling post 5: the loop never asked for post 6.
        var second = try Self.stream(listing, store).makeAsyncIterator()
        let resumed = try await Self.take(6, from: &second)
        #expect(resumed.map(\.name.rawValue) == (5...10).map(Listing.name))
        #expect(resumed.map(\.isRedelivery) == [true, false, false, false, false, false])
        // Unacknowledged, post 10 would go a third time; acknowledged, the next run starts after it.
        try await resumed.last?.acknowledge()
        listing.add(11...11)
        var third = try Self.stream(listing, store).makeAsyncIterator()
        let next = try await third.next()
        #expect(next?.name.rawValue == Listing.name(11) && next?.isRedelivery == false)
    }

    @Test func aGapWiderThanRedditsWindowSaysHowManyMayBeMissing() async throws {
        let listing = Listing(window: 1000)
        let store = MemoryStore()
        listing.add(1...3)
        var first = try Self.stream(listing, store).makeAsyncIterator()
        _ = try await Self.take(3, from: &first)
        listing.add(4...1503)  // 1,500 new posts; Reddit lists the newest 1,000 (504…1503)
        var second = try Self.stream(listing, store).makeAsyncIterator()
        let resumed = try await Self.take(1000, from: &second)
        #expect(resumed.first?.name.rawValue == Listing.name(504))
        #expect(resumed.first?.mayBeMissingBefore == 500)  // 4…503
        #expect(resumed.dropFirst().allSatisfy { $0.mayBeMissingBefore == nil })
        #expect(resumed.last?.name.rawValue == Listing.name(1503))
    }

    @Test func withoutACheckpointTheStreamStartsAsAPlainOneAndSkipsNothingHandled() async throws {
        let listing = Listing()
        let store = MemoryStore()
        listing.add(1...3)
        var iterator = try Self.stream(listing, store).makeAsyncIterator()
        let all = try await Self.take(3, from: &iterator)
        #expect(all.map(\.name.rawValue) == (1...3).map(Listing.name))
        let saved = try #require(store.saved.withLock { $0["swift-new"] }.flatMap(StreamCheckpoint.init))
        #expect(saved.pending?.rawValue == Listing.name(3) && saved.handled.map(\.rawValue) == ["t3_1", "t3_2"])
    }

    @Test func theFileStoreKeepsCheckpointsAcrossInstancesUnderAnyKey() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("checkpoints-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await FileCheckpointStore(folder: folder).save(Data("one".utf8), for: "r/swift new")
        try await FileCheckpointStore(folder: folder).save(Data("two".utf8), for: "../other")
        #expect(try await FileCheckpointStore(folder: folder).checkpoint(for: "r/swift new") == Data("one".utf8))
        #expect(try await FileCheckpointStore(folder: folder).checkpoint(for: "../other") == Data("two".utf8))
        #expect(try await FileCheckpointStore(folder: folder).checkpoint(for: "none") == nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["checkpoint-%2E%2E%2Fother.json", "checkpoint-r%2Fswift%20new.json"])
    }
}
