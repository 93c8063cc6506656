#if canImport(Combine)
public import Combine
public import Courier
import Foundation

extension HTTPClient {
    /// A publisher that sends `request` when a subscriber asks for a value, and cancels the
    /// request when the subscription is cancelled.
    ///
    /// It emits one ``Response`` and finishes, or fails with the same ``HTTPError``
    /// ``HTTPClient/send(_:)`` throws. Each subscription sends the request again.
    ///
    /// ```swift
    /// client.publisher(for: Request<[Comment]>(path: "/comments"))
    ///     .map(\.value)
    ///     .receive(on: DispatchQueue.main)
    ///     .sink(receiveCompletion: { _ in }, receiveValue: { comments = $0 })
    /// ```
    public func publisher<Value: Sendable>(for request: Request<Value>) -> HTTPRequestPublisher<Value> {
        HTTPRequestPublisher(client: self, request: request)
    }
}

/// A publisher of one call's response. Configure the call before subscribing with
/// ``allowed(statusCodes:)-(Set<Int>)`` and ``validate(_:)``; they change the `Request` it sends.
public struct HTTPRequestPublisher<Value: Sendable>: Publisher {
    /// The decoded response.
    public typealias Output = Response<Value>
    /// The client's error.
    public typealias Failure = HTTPError

    let client: HTTPClient
    /// The request sent for each subscription.
    public let request: Request<Value>

    /// Starts the request when the subscriber asks for a value.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let client = client
        let request = request
        subscriber.receive(
            subscription: AsyncSubscription(subscriber: subscriber) { emitter in
                do throws(HTTPError) {
                    let response = try await client.send(request)
                    emitter.send(response)
                    emitter.finish(.finished)
                } catch {
                    emitter.finish(.failure(error))
                }
            })
    }

    /// The same publisher, accepting only the given status codes (see `Request.allowed(statusCodes:)`).
    public func allowed(statusCodes: Set<Int>) -> Self {
        Self(client: client, request: request.allowed(statusCodes: statusCodes))
    }

    /// The same publisher, accepting only the given status codes.
    public func allowed(statusCodes: Range<Int>) -> Self { allowed(statusCodes: Set(statusCodes)) }

    /// The same publisher with the call's own retry decision, asked before the client's
    /// `RetryPolicy` (see `Request.retryDecision(_:)`).
    public func retryDecision(
        _ decide:
            @escaping @Sendable (_ error: HTTPError, _ request: HTTPRequest, _ attempt: Int) async throws -> RetryPolicy
            .Decision?
    ) -> Self {
        Self(client: client, request: request.retryDecision(decide))
    }

    /// The same publisher, joining an identical request already in flight (see
    /// `Request.deduplicated()`).
    public func deduplicated() -> Self {
        Self(client: client, request: request.deduplicated())
    }

    /// The same publisher, failing at once when an identical request is in flight (see
    /// `Request.droppedIfInFlight()`).
    public func droppedIfInFlight() -> Self {
        Self(client: client, request: request.droppedIfInFlight())
    }

    /// The same publisher with one more response validator.
    public func validate(_ validator: @escaping HTTPClient.Validator) -> Self {
        Self(client: client, request: request.validate(validator))
    }
}

#endif
