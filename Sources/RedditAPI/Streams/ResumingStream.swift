import Foundation
import Synchronization

/// A ``RedditStream`` that keeps its position in a ``StreamCheckpointStore`` and, started again
/// after a stop or a crash, goes on where it left off.
///
/// On start it reads the checkpoint and walks back through the listing, 100 items a page, until
/// it meets an item it handled; it hands over what came in between, oldest first, then polls
/// for new items as ``RedditStream`` does. Without a checkpoint it starts as ``RedditStream``
/// does (``StreamOptions/skipExisting`` applies then only).
///
/// **Delivery guarantee: at least once, each possible duplicate flagged; exactly once for a
/// handler that acknowledges.** Before an item is handed over, the checkpoint records it as
/// pending, durably. It counts as handled when the handler calls ``Delivery/acknowledge()``, or
/// else when the loop asks for the next item. A process stopped or killed between handing an
/// item over and that point hands the same item over again on restart, with
/// ``Delivery/isRedelivery`` set: it is the only item that may have been handled already, and a
/// handler that acknowledges right after its effect narrows that window to the moment between
/// the two. A handler that makes its effect once per ``Delivery/name`` (it looks for its reply
/// first, or records the name with its effect) gets exactly-once effects.
///
/// **Gaps.** Reddit lists only about the newest 1,000 items. When the walk back reaches the end
/// of the listing without meeting a handled item, the first item handed over says how many
/// items may be missing before it in ``Delivery/mayBeMissingBefore`` (from the distance between
/// the ids, an upper bound; nil when the ids do not tell).
///
/// ```swift
/// let checkpoints = FileCheckpointStore(folder: URL(fileURLWithPath: "state"))
/// for try await delivery in reddit.newPosts(in: "swift").resuming(from: checkpoints, key: "swift-new") {
///     if let missing = delivery.mayBeMissingBefore { print("up to \(missing) posts were missed") }
///     if delivery.isRedelivery, alreadyHandled(delivery.name) { continue }
///     try await handle(delivery.element)
///     try await delivery.acknowledge()
/// }
/// ```
public struct ResumingStream<Element: Sendable>: AsyncSequence, Sendable {
    let stream: RedditStream<Element>
    let store: any StreamCheckpointStore
    let key: String
    typealias Item = StreamItem<Element>
    typealias Poller = StreamPoller<Element>
    /// How many pages the walk back reads at most (Reddit's window is 10 pages of 100).
    static var walkBackPages: Int { 12 }

    /// One item handed over, with what the checkpoint knows of it.
    public struct Delivery: Sendable {
        let keeper: CheckpointKeeper
        /// The item.
        public let element: Element
        /// Its fullname, what the checkpoint records.
        public let name: Fullname
        /// Whether this item was handed over before, by a run that stopped before the loop asked
        /// for the next one: it may have been handled.
        public let isRedelivery: Bool
        /// Set on the first item after a gap the walk back could not fill: how many items may be
        /// missing before this one (an upper bound from the ids), or 0 when the ids do not tell.
        public let mayBeMissingBefore: Int?

        /// Records this item as handled, durably: a restart will not hand it over again. Call
        /// it once the item's effect is done, before asking for the next item (asking for the
        /// next item acknowledges this one too).
        public func acknowledge() async throws { try await keeper.confirm(name) }
    }

    /// Starts the walk back (on the first call to `next()`).
    public func makeAsyncIterator() -> Iterator { Iterator(stream: self) }

    /// Walks back, then polls; saves the checkpoint before each item it hands over.
    public struct Iterator: AsyncIteratorProtocol {
        let owner: ResumingStream
        let keeper: CheckpointKeeper
        var started = false
        var backlog: [ResumingStream.Item] = []
        var poller: ResumingStream.Poller
        var redelivery: Fullname?
        var gap: Int?

        init(stream: ResumingStream) {
            owner = stream
            keeper = CheckpointKeeper(store: stream.store, key: stream.key)
            poller = ResumingStream.Poller(stream: stream.stream)
        }

        /// The next item; nil once the task is cancelled. Throws what the store or a poll throws.
        public mutating func next() async throws -> Delivery? {
            if !started {
                started = true
                try await start()
            }
            while true {
                let item: ResumingStream.Item
                if !backlog.isEmpty {
                    item = backlog.removeFirst()
                } else if let polled = try await poller.nextItem() {
                    item = polled
                } else {
                    return nil
                }
                guard let name = item.name, let element = item.element else { continue }
                try await keeper.handOver(name)
                let isRedelivery = name == redelivery
                if isRedelivery { redelivery = nil }
                defer { gap = nil }
                return Delivery(
                    keeper: keeper, element: element, name: name, isRedelivery: isRedelivery, mayBeMissingBefore: gap)
            }
        }

        /// Reads the checkpoint and fills the backlog with what came after it: items newer than
        /// the pending one (itself included, to be handed over again) or than the newest handled.
        private mutating func start() async throws {
            guard let data = try await owner.store.checkpoint(for: owner.key), let saved = StreamCheckpoint(data),
                let reference = saved.pending ?? saved.handled.last
            else { return }
            let handled = Set(saved.handled)
            var collected: [ResumingStream.Item] = []
            var after: Fullname?
            var met = false
            walk: for _ in 0..<ResumingStream.walkBackPages {
                let page = try await owner.stream.poll(owner.stream.client, PageParameters(after: after, limit: 100))
                for item in page {
                    guard let name = item.name else { continue }
                    if handled.contains(name) {
                        met = true
                        break walk
                    }
                    collected.append(item)
                    if name == saved.pending {
                        redelivery = name
                        met = true
                        break walk
                    }
                }
                guard owner.stream.sendsBefore, let last = page.last?.name else { break }
                after = last
            }
            if !met, let oldest = collected.last?.name {
                let distance = idDistance(from: reference, to: oldest)
                if distance != 1 { gap = distance.map { Swift.max($0 - 1, 0) } ?? 0 }
            }
            // A pending item no longer listed counts as handled; one still listed goes again.
            var resumed = saved
            if redelivery == nil { resumed.confirmPending() } else { resumed.pending = nil }
            keeper.start(from: resumed)
            backlog = collected.reversed()
            poller = ResumingStream.Poller(
                stream: owner.stream, resumingAfter: collected.first?.name ?? reference,
                known: saved.handled + collected.compactMap(\.name))
        }
    }
}

/// The checkpoint of one iteration, shared by its iterator and the deliveries it hands over.
final class CheckpointKeeper: Sendable {
    let store: any StreamCheckpointStore
    let key: String
    private let checkpoint = Mutex(StreamCheckpoint())

    init(store: any StreamCheckpointStore, key: String) {
        self.store = store
        self.key = key
    }

    func start(from saved: StreamCheckpoint) { checkpoint.withLock { $0 = saved } }

    /// Records `name` as pending (the one before it, if still pending, as handled) and saves.
    func handOver(_ name: Fullname) async throws {
        let data = checkpoint.withLock { checkpoint in
            checkpoint.confirmPending()
            checkpoint.pending = name
            return checkpoint.encoded
        }
        try await store.save(data, for: key)
    }

    /// Records `name` as handled and saves, when it is still the pending item.
    func confirm(_ name: Fullname) async throws {
        let data: Data? = checkpoint.withLock { checkpoint in
            guard checkpoint.pending == name else { return nil }
            checkpoint.confirmPending()
            return checkpoint.encoded
        }
        if let data { try await store.save(data, for: key) }
    }
}

extension RedditStream {
    /// This stream, resumed from the checkpoint under `key` in `store` and checkpointed there as
    /// it goes (see ``ResumingStream``).
    public func resuming(from store: any StreamCheckpointStore, key: String) -> ResumingStream<Element> {
        ResumingStream(stream: self, store: store, key: key)
    }
}
