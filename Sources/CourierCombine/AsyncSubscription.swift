#if canImport(Combine)
import Combine
import Foundation

/// What an async task feeding a subscription may do: deliver a value, or end the stream.
struct SubscriptionEmitter<Output: Sendable, Failure: Error>: Sendable {
    /// Delivers a value (kept as the latest one while the subscriber has no demand).
    let send: @Sendable (Output) -> Void
    /// Ends the stream; later calls do nothing.
    let finish: @Sendable (Subscribers.Completion<Failure>) -> Void
}

/// The receiving end of an ``AsyncSubscription``, seen without its subscriber's type, so the
/// feeding task captures nothing of that (non-`Sendable`) type.
protocol SubscriptionSink<Output, Failure>: AnyObject, Sendable {
    associatedtype Output: Sendable
    associatedtype Failure: Error
    func send(_ value: Output)
    func finish(_ completion: Subscribers.Completion<Failure>)
}

/// A Combine subscription fed by an async task: the task starts on the first demand and is
/// cancelled with the subscription. Values that arrive while the subscriber has no demand are
/// kept as the latest one and delivered on its next request (state streams want the latest).
///
/// `@unchecked Sendable`: Combine subscribers are not `Sendable`; here the subscriber, demand and
/// task are only read and written while `lock` is held, and the subscriber is called outside the
/// lock, one call at a time, by the single task that feeds it.
final class AsyncSubscription<S: Subscriber>: Subscription, SubscriptionSink, @unchecked Sendable
where S.Input: Sendable {
    private let lock = NSLock()
    private var subscriber: S?
    private var demand: Subscribers.Demand = .none
    private var pending: S.Input?
    private var task: Task<Void, Never>?
    private var started = false
    private let work: @Sendable (SubscriptionEmitter<S.Input, S.Failure>) async -> Void

    /// Creates a subscription whose `work` emits through the emitter it is given.
    init(subscriber: S, work: @escaping @Sendable (SubscriptionEmitter<S.Input, S.Failure>) async -> Void) {
        self.subscriber = subscriber
        self.work = work
    }

    func request(_ newDemand: Subscribers.Demand) {
        guard newDemand > .none else { return }
        lock.lock()
        demand += newDemand
        var delivery: (S, S.Input)?
        if let value = pending, let subscriber {
            pending = nil
            demand -= 1
            delivery = (subscriber, value)
        }
        let start = !started && subscriber != nil
        started = true
        lock.unlock()

        if let (subscriber, value) = delivery {
            let more = subscriber.receive(value)
            lock.lock()
            demand += more
            lock.unlock()
        }
        if start {
            let work = work
            let emitter = Self.emitter(for: self)
            let task = Task { await work(emitter) }
            lock.lock()
            self.task = task
            lock.unlock()
        }
    }

    func cancel() {
        lock.lock()
        subscriber = nil
        let task = task
        lock.unlock()
        task?.cancel()
    }

    /// An emitter that reaches `sink` while it lives (a cancelled subscription may be released).
    private static func emitter(for sink: any SubscriptionSink<S.Input, S.Failure>) -> SubscriptionEmitter<
        S.Input, S.Failure
    > {
        SubscriptionEmitter(
            send: { [weak sink] value in sink?.send(value) },
            finish: { [weak sink] completion in sink?.finish(completion) }
        )
    }

    func send(_ value: S.Input) {
        lock.lock()
        guard let subscriber else {
            lock.unlock()
            return
        }
        guard demand > .none else {
            pending = value
            lock.unlock()
            return
        }
        demand -= 1
        lock.unlock()
        let more = subscriber.receive(value)
        lock.lock()
        demand += more
        lock.unlock()
    }

    func finish(_ completion: Subscribers.Completion<S.Failure>) {
        lock.lock()
        let subscriber = subscriber
        self.subscriber = nil
        lock.unlock()
        subscriber?.receive(completion: completion)
    }
}
#endif
