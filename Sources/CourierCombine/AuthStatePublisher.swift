#if canImport(Combine)
public import Combine
public import CourierOAuth

extension OAuthSession {
    /// The session's state now, then every change, as a publisher that never fails.
    ///
    /// Backed by ``OAuthSession/stateUpdates()``; cancelling the subscription stops observing.
    public nonisolated var statePublisher: AnyPublisher<AuthState, Never> {
        AuthStatePublisher(session: self).eraseToAnyPublisher()
    }
}

/// Relays ``OAuthSession/stateUpdates()`` to one subscriber.
struct AuthStatePublisher: Publisher {
    typealias Output = AuthState
    typealias Failure = Never

    let session: OAuthSession

    func receive<S: Subscriber>(subscriber: S) where S.Input == AuthState, S.Failure == Never {
        let session = session
        subscriber.receive(
            subscription: AsyncSubscription(subscriber: subscriber) { emitter in
                for await state in await session.stateUpdates() {
                    emitter.send(state)
                }
                emitter.finish(.finished)
            })
    }
}
#endif
