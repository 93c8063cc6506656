import Courier
import CourierStore
public import Foundation
import Synchronization

/// Writes kept on disk until Reddit has them, sent in order, each once.
///
/// ``add(_:mayHaveArrived:)`` saves a write durably (a `DocumentStore` file: a temporary file, `fsync`, a
/// rename) before it returns; ``send(through:)`` sends the writes in the order they were added,
/// removing each once Reddit has answered it with success, and stops at the first that fails
/// (the network is down: the rest waits for the next send, in order).
///
/// **Each write once, also across a crash.** Before a write goes out, its entry is marked as
/// *attempted*, durably. An attempted entry found later (after a failure that may have reached
/// Reddit, or after the process was killed mid-send) is uncertain: an idempotent write (a vote,
/// a save, a hide, a subscription, an edit) is sent again; a reply or a message is first looked
/// for, among the account's newest comments (same parent, same text) or sent messages (same
/// recipient, subject and text), and sent only when it is not there. A write Reddit refuses
/// (an HTTP 4xx answer, a Reddit error) stays, marked with the error, and stops the sending
/// until it is dropped (``drop(_:)``).
///
/// ```swift
/// let outbox = Outbox(fileURL: URL(fileURLWithPath: "outbox.json"))
/// try await outbox.add(.reply(to: "t3_abc", text: "Thanks!"))
/// let report = try await outbox.send(through: reddit)
/// print("\(report.sent) sent, \(report.pending) waiting")
/// ```
public final class Outbox: Sendable {
    /// A write waiting in the outbox.
    public struct Entry: Codable, Sendable, Hashable, Identifiable {
        /// The entry's id, for ``Outbox/drop(_:)``.
        public let id: UUID
        /// The write.
        public let write: OutboxWrite
        /// When it was added.
        public let added: Date
        /// Whether it was sent at least once without an answer saying it arrived: it may have.
        public internal(set) var attempted: Bool
        /// The error of the last attempt, if any.
        public internal(set) var lastError: String?
    }

    /// What one ``Outbox/send(through:)`` did.
    public struct Report: Sendable, Hashable {
        /// Writes sent and acknowledged by Reddit.
        public var sent = 0
        /// Uncertain writes found already on Reddit, removed without sending them again.
        public var foundAlreadySent = 0
        /// Writes still waiting.
        public var pending = 0
        /// Why the sending stopped, when it did before the outbox was empty.
        public var stoppedBecause: String?
    }

    private let store: DocumentStore<[Entry]>
    private let lock = Mutex(())

    /// An outbox kept in the file at `fileURL`.
    public init(fileURL: URL) { store = DocumentStore(fileURL: fileURL) }

    /// The waiting writes, oldest first.
    public func entries() throws -> [Entry] { try store.load() ?? [] }

    /// Adds `write` at the end, durably; returns its entry.
    ///
    /// Pass `mayHaveArrived` when the write was already sent once and failed without an answer
    /// (the connection was cut after the request went out): the entry starts *attempted*, so a
    /// reply or a message is looked for on Reddit before it is sent again.
    @discardableResult
    public func add(_ write: OutboxWrite, mayHaveArrived: Bool = false) async throws -> Entry {
        let entry = Entry(id: UUID(), write: write, added: Date(), attempted: mayHaveArrived, lastError: nil)
        try await update { $0.append(entry) }
        return entry
    }

    /// Removes an entry without sending it; false when there is none with that id.
    @discardableResult
    public func drop(_ id: UUID) async throws -> Bool {
        var found = false
        try await update { entries in
            found = entries.contains { $0.id == id }
            entries.removeAll { $0.id == id }
        }
        return found
    }

    /// Sends the waiting writes in order through `client` (see ``Outbox``).
    public func send(through client: RedditClient) async throws -> Report {
        var report = Report()
        var account: String?
        while let entry = try entries().first {
            if entry.attempted, !entry.write.isIdempotent {
                do {
                    if account == nil { account = try await client.send(Reddit.me()).name }
                    if try await Self.isOnReddit(entry, account: account ?? "", client: client) {
                        try await update { $0.removeAll { $0.id == entry.id } }
                        report.foundAlreadySent += 1
                        continue
                    }
                } catch {
                    report.stoppedBecause = "could not look for \(entry.write.summary): \(error)"
                    break
                }
            }
            try await update { entries in
                if let index = entries.firstIndex(where: { $0.id == entry.id }) { entries[index].attempted = true }
            }
            do {
                try await client.send(entry.write.request)
                try await update { $0.removeAll { $0.id == entry.id } }
                report.sent += 1
            } catch {
                let text = String(describing: error)
                try await update { entries in
                    if let index = entries.firstIndex(where: { $0.id == entry.id }) { entries[index].lastError = text }
                }
                report.stoppedBecause = "\(entry.write.summary): \(text)"
                break
            }
        }
        report.pending = try entries().count
        return report
    }

    /// Whether an uncertain reply or message is already on Reddit.
    static func isOnReddit(_ entry: Entry, account: String, client: RedditClient) async throws -> Bool {
        // A minute's slack for clocks that differ.
        let since = entry.added.addingTimeInterval(-60)
        switch entry.write {
        case .reply(let parent, let text):
            let page = try await client.send(Reddit.userComments(account, sort: .new, page: .init(limit: 100)))
            return page.children.compactMap(\.comment).contains {
                $0.parentID == parent && $0.body == text && $0.created >= since
            }
        case .message(let to, let subject, let text):
            let page = try await client.send(Reddit.sentMessages(page: .init(limit: 100)))
            return page.children.compactMap(\.message).contains {
                $0.destination.lowercased() == to.lowercased() && $0.subject == subject && $0.body == text
                    && $0.created >= since
            }
        default:
            return false
        }
    }

    /// Changes the entries and waits until the change is on disk.
    private func update(_ change: (inout [Entry]) -> Void) async throws {
        try lock.withLock { _ in
            var entries = try store.load() ?? []
            change(&entries)
            store.save(entries)
        }
        try await store.flush()
    }
}
