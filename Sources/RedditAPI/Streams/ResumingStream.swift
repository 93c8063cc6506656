import Foundation
import Synchronization

/// A ``RedditStream`` that keeps its position in a ``StreamCheckpointStore`` and, started again
/// after a stop or a crash, goes on where it left off.
///
/// On start it reads the checkpoint and walks back through the listing, 100 items a page, until
/// it meets an item it handled; it hands over what came in between, oldest first. Each later
/// poll does the same from the newest page down to the newest item it knows, so a handler that
/// falls behind catches up item by item rather than jumping to the newest (pauses between
/// empty polls as ``RedditStream``'s). Without a checkpoint it starts as ``RedditStream`` does
/// (``StreamOptions/skipExisting`` applies then only).
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
    ///
    /// Every poll reads the newest page and, when it holds no item the stream knows, walks back
    /// page by page until it meets one: a bot that fell behind (a slow handler, a loaded
    /// machine) catches up item by item instead of jumping to the newest, and a gap wider than
    /// Reddit's window is reported, as after a restart.
    public struct Iterator: AsyncIteratorProtocol {
        let owner: ResumingStream
        let keeper: CheckpointKeeper
        var started = false
        var backlog: [ResumingStream.Item] = []
        /// The newest names handed over or handled (what a walk back stops at).
        var known: RecentNames
        /// The newest name known, for the size of a gap.
        var newestKnown: Fullname?
        var redelivery: Fullname?
        var gap: Int?
        var polls = 0
        var backoff: StreamBackoff

        init(stream: ResumingStream) {
            owner = stream
            keeper = CheckpointKeeper(store: stream.store, key: stream.key)
            known = RecentNames(capacity: Swift.max(stream.stream.options.rememberedCount, 1000))
            backoff = StreamBackoff(maximum: stream.stream.options.maximumWait)
        }

        /// The next item; nil once the task is cancelled. Throws what the store or a poll throws.
        public mutating func next() async throws -> Delivery? {
            if !started {
                started = true
                try await start()
            }
            while backlog.isEmpty {
                guard !Task.isCancelled else { return nil }
                do {
                    try await poll()
                } catch {
                    if Task.isCancelled { return nil }
                    throw error
                }
                if backlog.isEmpty {
                    do { try await owner.stream.options.sleep(backoff.next()) } catch { return nil }
                } else {
                    backoff.reset()
                }
            }
            let item = backlog.removeFirst()
            guard let name = item.name, let element = item.element else { return try await next() }
            try await keeper.handOver(name)
            let isRedelivery = name == redelivery
            if isRedelivery { redelivery = nil }
            defer { gap = nil }
            return Delivery(
                keeper: keeper, element: element, name: name, isRedelivery: isRedelivery, mayBeMissingBefore: gap)
        }

        /// Reads the checkpoint: what was handled, and the item handed over last whose handling
        /// is not known to have finished (handed over again, flagged, when still listed).
        private mutating func start() async throws {
            guard let data = try await owner.store.checkpoint(for: owner.key), let saved = StreamCheckpoint(data),
                saved.pending != nil || !saved.handled.isEmpty
            else {
                // No checkpoint: the first poll's items are handed over unless skipExisting.
                if owner.stream.options.skipExisting {
                    let page = try await owner.stream.poll(owner.stream.client, PageParameters(limit: 100))
                    for name in page.compactMap(\.name).reversed() { remember(name) }
                }
                return
            }
            for name in saved.handled { remember(name) }
            redelivery = saved.pending
            try await poll(stoppingAt: saved.pending)
            // A pending item no longer listed counts as handled; one still listed goes again.
            var resumed = saved
            if redelivery == nil || !backlog.contains(where: { $0.name == redelivery }) {
                redelivery = nil
                resumed.confirmPending()
                if let pending = saved.pending { remember(pending) }
            } else {
                resumed.pending = nil
            }
            keeper.start(from: resumed)
        }

        /// Reads the newest items down to the first known one (or `pending`, included) and queues
        /// them oldest first; without a known item in Reddit's window, notes the gap.
        private mutating func poll(stoppingAt pending: Fullname? = nil) async throws {
            var collected: [ResumingStream.Item] = []
            var after: Fullname?
            var met = newestKnown == nil && pending == nil
            let first = 100 - polls % 30  // as PRAW does, so no cache answers
            polls += 1
            walk: for page in 0..<ResumingStream.walkBackPages {
                let items = try await owner.stream.poll(
                    owner.stream.client, PageParameters(after: after, limit: page == 0 ? first : 100))
                for item in items {
                    guard let name = item.name else { continue }
                    if known.contains(name) {
                        met = true
                        break walk
                    }
                    collected.append(item)
                    if name == pending {
                        met = true
                        break walk
                    }
                }
                guard owner.stream.sendsBefore, !met, let last = items.last?.name else { break }
                after = last
            }
            if !met, let reference = pending ?? newestKnown, let oldest = collected.last?.name {
                let distance = idDistance(from: reference, to: oldest)
                if distance != 1 { gap = distance.map { Swift.max($0 - 1, 0) } ?? 0 }
            }
            for name in collected.compactMap(\.name).reversed() { remember(name) }
            backlog += collected.reversed()
        }

        private mutating func remember(_ name: Fullname) {
            known.insert(name)
            newestKnown = name
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
