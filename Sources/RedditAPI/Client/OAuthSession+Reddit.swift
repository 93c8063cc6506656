public import CourierOAuth

extension AccountStore {
    /// Follows an OAuth session until the calling task is cancelled: refreshes when it becomes
    /// authenticated, clears everything when it signs out. Token refreshes in between change nothing.
    public func follow(_ session: OAuthSession) async {
        let states = await session.stateUpdates()
        await follow(signedIn: SignedInTransitions(states: states))
    }
}

/// Turns a session's states into "signed in" changes: `authenticated` is true, `signedOut`
/// false, the states in between are skipped, and repeats are dropped.
struct SignedInTransitions: AsyncSequence, Sendable {
    typealias Element = Bool
    let states: AsyncStream<AuthState>

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<AuthState>.AsyncIterator
        var last: Bool?

        mutating func next() async -> Bool? {
            while let state = await base.next() {
                let signedIn: Bool
                switch state {
                case .authenticated: signedIn = true
                case .signedOut: signedIn = false
                case .signingIn, .refreshing: continue
                }
                guard signedIn != last else { continue }
                last = signedIn
                return signedIn
            }
            return nil
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: states.makeAsyncIterator()) }
}
