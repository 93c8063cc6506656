#if canImport(Combine)
import Combine
import Courier
import Foundation
import Synchronization

extension HTTPClient {
    /// A publisher that sends `request` when a subscriber asks for a value, and cancels the
    /// request when the subscription is cancelled.
    ///
    /// It emits one ``HTTPResponse`` and finishes, or fails with the same ``HTTPError``
    /// ``HTTPClient/send(_:)`` throws. Each subscription sends the request again.
    ///
    /// ```swift
    /// client.publisher(for: Request<[Comment]>(path: "/comments"))
    ///     .map(\.value)
    ///     .receive(on: DispatchQueue.main)
    ///     .sink(receiveCompletion: { _ in }, receiveValue: { comments = $0 })
    /// ```
    public func publisher<Response: Sendable>(for request: Request<Response>) -> HTTPRequestPublisher<Response> {
        HTTPRequestPublisher(client: self, request: request)
    }
}

/// A publisher of one call's response. Configure the call before subscribing with
/// ``allowed(statusCodes:)`` and ``validate(_:)``; they change the ``Request`` it sends.
public struct HTTPRequestPublisher<Response: Sendable>: Publisher {
    /// The decoded response.
    public typealias Output = HTTPResponse<Response>
    /// The client's error.
    public typealias Failure = HTTPError

    let client: HTTPClient
    /// The request sent for each subscription.
    public let request: Request<Response>

    /// Starts the request when the subscriber asks for a value.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: RequestSubscription(subscriber: subscriber, client: client, request: request))
    }

    /// The same publisher, accepting only the given status codes (see ``Request/allowed(statusCodes:)-(Set<Int>)``).
    public func allowed(statusCodes: Set<Int>) -> Self {
        Self(client: client, request: request.allowed(statusCodes: statusCodes))
    }

    /// The same publisher, accepting only the given status codes.
    public func allowed(statusCodes: Range<Int>) -> Self { allowed(statusCodes: Set(statusCodes)) }

    /// The same publisher with one more response validator.
    public func validate(_ validator: @escaping @Sendable (HTTPRawResponse) -> ValidationResult) -> Self {
        Self(client: client, request: request.validate(validator))
    }
}

/// One subscription: at most one task, cancelled with the subscription.
///
/// `@unchecked Sendable`: Combine subscribers are not `Sendable`, but the subscriber and task are
/// only read and written under `state`'s lock, and the subscriber is called outside it.
private final class RequestSubscription<S: Subscriber>: Subscription, @unchecked Sendable
where S.Failure == HTTPError, S.Input: Sendable {
    private struct State {
        var subscriber: S?
        var task: Task<Void, Never>?
        var started = false
    }

    private let state: Mutex<State>
    private let start: @Sendable (RequestSubscription<S>) -> Task<Void, Never>

    init<Response: Sendable>(subscriber: S, client: HTTPClient, request: Request<Response>) where S.Input == HTTPResponse<Response> {
        state = Mutex(State(subscriber: subscriber))
        start = { subscription in
            Task {
                do {
                    let response = try await client.send(request)
                    subscription.finish(with: .success(response))
                } catch {
                    subscription.finish(with: .failure(error))
                }
            }
        }
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        let shouldStart = state.withLock { state -> Bool in
            guard !state.started, state.subscriber != nil else { return false }
            state.started = true
            return true
        }
        guard shouldStart else { return }
        let task = start(self)
        state.withLock { $0.task = task }
    }

    func cancel() {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.subscriber = nil
            return state.task
        }
        task?.cancel()
    }

    private func finish(with result: Result<S.Input, HTTPError>) {
        guard let subscriber = state.withLock({ state -> S? in
            defer { state.subscriber = nil }
            return state.subscriber
        }) else { return }
        switch result {
        case .success(let value):
            _ = subscriber.receive(value)
            subscriber.receive(completion: .finished)
        case .failure(let error):
            subscriber.receive(completion: .failure(error))
        }
    }
}
#endif
