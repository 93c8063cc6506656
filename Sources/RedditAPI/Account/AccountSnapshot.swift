public import Foundation
import Synchronization

/// What ``AccountStore`` keeps about the signed-in user, and persists between launches.
public struct AccountSnapshot: Sendable, Hashable, Codable {
    /// The signed-in account, or nil when signed out.
    public var account: Account?
    /// Every subscribed subreddit, sorted case-insensitively by name.
    public var subscriptions: [Subreddit]
    /// The user's multireddits.
    public var multireddits: [Multi]
    /// When this was last fetched from Reddit.
    public var refreshedAt: Date?

    /// Creates a snapshot.
    public init(
        account: Account? = nil, subscriptions: [Subreddit] = [], multireddits: [Multi] = [], refreshedAt: Date? = nil
    ) {
        self.account = account
        self.subscriptions = subscriptions
        self.multireddits = multireddits
        self.refreshedAt = refreshedAt
    }

    /// Nothing: the signed-out state.
    public static let empty = AccountSnapshot()
}

/// Where ``AccountStore`` keeps its snapshot between launches.
///
/// CourierStore's `DocumentStore<AccountSnapshot>` conforms (atomic, durable writes);
/// ``InMemoryAccountPersistence`` keeps nothing across launches.
public protocol AccountPersistence: Sendable {
    /// The stored snapshot, or nil when there is none.
    func loadSnapshot() throws -> AccountSnapshot?
    /// Stores a snapshot (it may be written in the background).
    func saveSnapshot(_ snapshot: AccountSnapshot) async throws
    /// Deletes the stored snapshot.
    func removeSnapshot() async throws
}

/// An ``AccountPersistence`` that keeps the snapshot in memory only.
public final class InMemoryAccountPersistence: AccountPersistence {
    private let stored: Mutex<AccountSnapshot?>

    /// Creates the store, optionally holding a snapshot already.
    public init(_ snapshot: AccountSnapshot? = nil) { stored = Mutex(snapshot) }

    /// The stored snapshot.
    public func loadSnapshot() throws -> AccountSnapshot? { stored.withLock { $0 } }
    /// Replaces the stored snapshot.
    public func saveSnapshot(_ snapshot: AccountSnapshot) async throws { stored.withLock { $0 = snapshot } }
    /// Forgets the snapshot.
    public func removeSnapshot() async throws { stored.withLock { $0 = nil } }
}
