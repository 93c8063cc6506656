public import Courier
import Foundation

/// The signed-in user's account, subscriptions and multireddits, kept in memory and persisted,
/// plus optimistic votes and saves.
///
/// ```swift
/// let store = AccountStore(client: reddit, persistence: DocumentStore(application: "Reader", fileName: "account.json"))
/// try await store.refresh()
/// let names = await store.snapshot.subscriptions.map(\.displayName)
/// try await store.vote(.up, on: post)   // the change shows at once; rolled back if Reddit refuses
/// ```
///
/// Connect it to the OAuth session's state with ``follow(signedIn:)``: signing in refreshes it,
/// signing out clears it (memory and disk).
public actor AccountStore {
    /// The current snapshot (empty when signed out).
    public private(set) var snapshot: AccountSnapshot
    /// Local changes by thing, newest first applied; see ``applying(to:)``.
    public private(set) var changes: [Fullname: LocalChange] = [:]
    /// The last failure the store met on its own, where no caller was there to throw to: loading,
    /// saving or removing the persisted snapshot, or a refresh started by ``follow(signedIn:)``.
    /// Nil after the next operation of the same kind succeeds.
    public private(set) var lastFailure: (any Error)?

    private let client: RedditClient
    private let persistence: any AccountPersistence
    private var generations: [Fullname: Int] = [:]

    /// Creates a store, starting from the persisted snapshot when there is one.
    ///
    /// - Parameters:
    ///   - client: An authenticated client.
    ///   - persistence: Where the snapshot is kept between launches.
    public init(client: RedditClient, persistence: any AccountPersistence = InMemoryAccountPersistence()) {
        self.client = client
        self.persistence = persistence
        do {
            snapshot = try persistence.loadSnapshot() ?? .empty
        } catch {
            snapshot = .empty
            lastFailure = error
        }
    }

    // MARK: Account data

    /// Fetches the account, every page of subscriptions (sorted case-insensitively by name) and
    /// the multireddits, then persists them.
    public func refresh() async throws(HTTPError) {
        let account = try await client.send(Reddit.me())
        var subscriptions: [Subreddit] = []
        for try await thing in client.items(Reddit.subreddits(.subscribed, page: PageParameters(limit: 100))) {
            if let subreddit = thing.subreddit { subscriptions.append(subreddit) }
        }
        subscriptions.sort(by: Self.byName)
        let multis = try await client.send(Reddit.myMultireddits())
        snapshot = AccountSnapshot(
            account: account, subscriptions: subscriptions, multireddits: multis, refreshedAt: Date())
        do {
            try await persistence.saveSnapshot(snapshot)
            lastFailure = nil
        } catch {
            lastFailure = error
        }
    }

    /// Forgets everything: the snapshot, local changes and the persisted copy.
    public func clear() async {
        snapshot = .empty
        changes = [:]
        generations = [:]
        do {
            try await persistence.removeSnapshot()
        } catch {
            lastFailure = error
        }
    }

    /// Refreshes whenever `signedIn` yields true and clears whenever it yields false, until the
    /// sequence ends. Feed it the OAuth session's state mapped to "is authenticated".
    public func follow<States: AsyncSequence & Sendable>(signedIn states: States) async where States.Element == Bool {
        do {
            for try await isSignedIn in states {
                if isSignedIn {
                    do { try await refresh() } catch { lastFailure = error }
                } else {
                    await clear()
                }
            }
        } catch {
            // The state sequence failed: keep the last known state.
        }
    }

    /// One page of what the user saved (posts and comments mixed).
    public func saved(page: PageParameters = .first) async throws(HTTPError) -> Listing {
        try await client.send(Reddit.userSaved(try username(), page: page))
    }

    /// One page of the user's posts.
    public func submitted(page: PageParameters = .first) async throws(HTTPError) -> Listing {
        try await client.send(Reddit.userSubmitted(try username(), page: page))
    }

    /// One page of the user's posts and comments.
    public func overview(page: PageParameters = .first) async throws(HTTPError) -> Listing {
        try await client.send(Reddit.userOverview(try username(), page: page))
    }

    private func username() throws(HTTPError) -> String {
        guard let name = snapshot.account?.name else {
            throw HTTPError(
                .invalidRequest(reason: "no account is signed in; call refresh() first", underlying: nil),
                method: .get, url: nil)
        }
        return name
    }

    private static func byName(_ lhs: Subreddit, _ rhs: Subreddit) -> Bool {
        let left = lhs.displayName.lowercased()
        let right = rhs.displayName.lowercased()
        return left == right ? lhs.displayName < rhs.displayName : left < right
    }

    // MARK: Optimistic actions

    /// The thing with the user's local changes applied (vote, score, saved).
    public func applying<Thing: Interactable>(to thing: Thing) -> Thing {
        changes[thing.name].map { $0.applied(to: thing) } ?? thing
    }

    /// Votes at once in the local model, then on Reddit; rolls back and rethrows when Reddit refuses.
    public func vote(_ vote: Vote, on thing: some Interactable) async throws(HTTPError) {
        try await perform(on: thing.name, Reddit.vote(vote, on: thing.name)) { $0.vote = vote }
    }

    /// Saves at once in the local model, then on Reddit; rolls back and rethrows when Reddit refuses.
    public func save(_ thing: some Interactable) async throws(HTTPError) {
        try await perform(on: thing.name, Reddit.save(thing.name)) { $0.saved = true }
    }

    /// Unsaves at once in the local model, then on Reddit; rolls back and rethrows when Reddit refuses.
    public func unsave(_ thing: some Interactable) async throws(HTTPError) {
        try await perform(on: thing.name, Reddit.unsave(thing.name)) { $0.saved = false }
    }

    /// Applies `change` now, sends `request`, and on failure restores the previous change unless
    /// a later action on the same thing has replaced it meanwhile.
    private func perform(
        on name: Fullname, _ request: Request<Void>, _ change: (inout LocalChange) -> Void
    ) async throws(HTTPError) {
        let previous = changes[name]
        var updated = previous ?? LocalChange()
        change(&updated)
        changes[name] = updated
        let generation = generations[name, default: 0] + 1
        generations[name] = generation
        do {
            try await client.send(request)
        } catch {
            if generations[name] == generation { changes[name] = previous }
            throw error
        }
    }
}
