#if canImport(Combine)
import Combine
import Synchronization

/// A Combine subscription fed by an async task: the task starts on the first demand and is
/// cancelled with the subscription. Values that arrive while the subscriber has no demand are
/// kept as the latest one and delivered on its next request (state streams want the latest).
///
/// `@unchecked Sendable`: Combine subscribers are not `Sendable`; here the subscriber, demand and
/// task are only touched under `state`'s lock, and the subscriber is called outside the lock,
/// one call at a time, by the single task that feeds it.
final class AsyncSubscription<S: Subscriber>: Subscription, @unchecked Sendable where S.Input: Sendable {
    private struct State {
        var subscriber: S?
        var demand: Subscribers.Demand = .none
        var pending: S.Input?
        var task: Task<Void, Never>?
        var started = false
    }

    private let state: Mutex<State>
    private let work: @Sendable (AsyncSubscription<S>) async -> Void

    /// Creates a subscription whose `work` calls ``send(_:)`` and ``finish(_:)``.
    init(subscriber: S, work: @escaping @Sendable (AsyncSubscription<S>) async -> Void) {
        state = Mutex(State(subscriber: subscriber))
        self.work = work
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        let (start, deliver) = state.withLock { state -> (Bool, (S, S.Input)?) in
            state.demand += demand
            var deliver: (S, S.Input)?
            if let pending = state.pending, let subscriber = state.subscriber {
                state.pending = nil
                state.demand -= 1
                deliver = (subscriber, pending)
            }
            let start = !state.started && state.subscriber != nil
            state.started = true
            return (start, deliver)
        }
        if let (subscriber, value) = deliver {
            let more = subscriber.receive(value)
            state.withLock { $0.demand += more }
        }
        if start {
            let task = Task { await self.work(self) }
            state.withLock { $0.task = task }
        }
    }

    func cancel() {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.subscriber = nil
            return state.task
        }
        task?.cancel()
    }

    /// Delivers a value now if the subscriber wants one, else keeps it as the latest.
    func send(_ value: S.Input) {
        let subscriber = state.withLock { state -> S? in
            guard let subscriber = state.subscriber else { return nil }
            guard state.demand > .none else {
                state.pending = value
                return nil
            }
            state.demand -= 1
            return subscriber
        }
        guard let subscriber else { return }
        let more = subscriber.receive(value)
        state.withLock { $0.demand += more }
    }

    /// Ends the stream; later calls do nothing.
    func finish(_ completion: Subscribers.Completion<S.Failure>) {
        let subscriber = state.withLock { state -> S? in
            defer { state.subscriber = nil }
            return state.subscriber
        }
        subscriber?.receive(completion: completion)
    }
}
#endif
