public import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An interceptor that tries failed requests again: exponential backoff with jitter,
/// `Retry-After`, an attempt limit and an overall deadline.
///
/// Put it first in ``HTTPClient/Configuration/interceptors`` so that each retry runs the rest of
/// the chain again (a fresh token, a new log line):
///
/// ```swift
/// let client = HTTPClient(baseURL: api) {
///     $0.interceptors = [RetryPolicy(maxAttempts: 4, deadline: .seconds(20)), auth]
/// }
/// ```
///
/// After an attempt fails (a thrown error, or a response whose status the request does not
/// accept: ``HTTPRequest/accepts(statusCode:)``, the rule the client validates with) the
/// policy asks its ``retriers`` in order, then applies its own rules: only methods in
/// ``retryableMethods`` (unless the request opted in with ``Request/retryable(_:)``), only
/// ``retryableStatusCodes`` and ``retryableErrorCodes``, waiting what `Retry-After` asks (at most
/// ``maximumRetryAfter``) or else what ``backoff`` says. Before each wait it reports
/// ``EventMonitor/requestWillRetry(_:attempt:delay:reason:requestID:)`` to the client's monitors.
///
/// How a call ends:
/// - a failure that is not retried reaches the caller as it is (a 404 is still
///   ``HTTPError/Kind/unacceptableStatus(_:)``);
/// - after ``maxAttempts`` attempts: ``HTTPError/Kind/retriesExhausted(attempts:last:)``;
/// - a retrier stopping with a reason (or throwing): ``HTTPError/Kind/retryStopped(reason:last:)``;
/// - the ``deadline`` passing, during an attempt or because the next wait would cross it: a
///   timeout (``HTTPError/isTimeout`` is true) naming the deadline and the last failure;
/// - the calling task being cancelled, also during a wait: ``HTTPError/Kind/cancelled``.
///
/// All waits and the deadline run on ``clock``, so tests can use a virtual clock.
public struct RetryPolicy: Interceptor {
    /// The most attempts a call makes, the first one included (default 3; 1 disables retries).
    public var maxAttempts: Int
    /// The wait between attempts when the response does not say.
    public var backoff: RetryPolicy.Backoff
    /// Methods retried by default: those for which sending twice does no more than sending once.
    public var retryableMethods: Set<HTTPMethod>
    /// Status codes worth another attempt.
    public var retryableStatusCodes: Set<Int>
    /// Network failures worth another attempt.
    public var retryableErrorCodes: Set<URLError.Code>
    /// The longest wait a `Retry-After` header can impose; a longer request is cut to this.
    public var maximumRetryAfter: Duration
    /// How long a call may take, all attempts and waits included; nil for no limit.
    public var deadline: Duration?
    /// Custom deciders, asked in order before the policy's own rules.
    public var retriers: [RetryPolicy.Retrier]
    /// The clock all waits and the deadline run on.
    public var clock: any Clock<Duration>

    /// Creates a policy; every parameter has a sensible default.
    public init(
        maxAttempts: Int = 3,
        backoff: RetryPolicy.Backoff = .exponential(),
        retryableMethods: Set<HTTPMethod> = RetryPolicy.defaultRetryableMethods,
        retryableStatusCodes: Set<Int> = RetryPolicy.defaultRetryableStatusCodes,
        retryableErrorCodes: Set<URLError.Code> = RetryPolicy.defaultRetryableErrorCodes,
        maximumRetryAfter: Duration = .seconds(60),
        deadline: Duration? = nil,
        retriers: [RetryPolicy.Retrier] = [],
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.backoff = backoff
        self.retryableMethods = retryableMethods
        self.retryableStatusCodes = retryableStatusCodes
        self.retryableErrorCodes = retryableErrorCodes
        self.maximumRetryAfter = maximumRetryAfter
        self.deadline = deadline
        self.retriers = retriers
        self.clock = clock
    }

    /// The policy with the defaults.
    public static let `default` = RetryPolicy()

    /// This policy with one more retrier from a closure, asked after the existing ones.
    ///
    /// ```swift
    /// let policy = RetryPolicy.default.retryDecision { error, request, attempt in
    ///     error.statusCode == 401 ? .retry(with: request.withFreshToken()) : nil
    /// }
    /// ```
    public func retryDecision(
        _ decide:
            @escaping @Sendable (_ error: HTTPError, _ request: HTTPRequest, _ attempt: Int) async throws -> RetryPolicy
            .Decision?
    ) -> RetryPolicy {
        var copy = self
        copy.retriers.append(decide)
        return copy
    }

    /// Idempotent methods (RFC 9110 §9.2.2): repeating them cannot do the work twice.
    public static let defaultRetryableMethods: Set<HTTPMethod> = [
        .get,  // reads only
        .head,  // reads only
        .put,  // replaces the whole resource; the second PUT writes the same state
        .delete,  // the resource is gone after the first; a repeat changes nothing more
        .options,  // reads only
        .trace,  // echoes only
        // .post: may create or act twice
        // .patch: may apply a relative change twice
    ]

    /// Statuses that say "try again later" rather than "this request is wrong".
    public static let defaultRetryableStatusCodes: Set<Int> = [
        408,  // Request Timeout: the server gave up waiting for the request; a new one may arrive in time
        429,  // Too Many Requests: rate limited; usually with Retry-After saying when
        500,  // Internal Server Error: often a transient fault in one server of many
        502,  // Bad Gateway: a proxy could not reach its upstream, often during a deploy
        503,  // Service Unavailable: overloaded or in maintenance; usually with Retry-After
        504,  // Gateway Timeout: the upstream was slow this time
        // 501 Not Implemented: the server will never support this request
        // 505 HTTP Version Not Supported: will not change
        // 4xx other than 408 and 429: the request itself is wrong and will fail the same way
    ]

    /// Network failures that are often transient.
    public static let defaultRetryableErrorCodes: Set<URLError.Code> = [
        .timedOut,  // this attempt was slow; the next may not be
        .networkConnectionLost,  // the connection dropped (a reset, a truncated body); a new one usually works
        .cannotConnectToHost,  // refused or unreachable right now, as when a server restarts
        .cannotFindHost,  // DNS did not answer this time
        .dnsLookupFailed,  // as above
        .notConnectedToInternet,  // the device may come back online
        .cannotLoadFromNetwork,  // a transient loading failure
        // .cancelled: the caller gave up; never retried
        // .badURL, .unsupportedURL: the request is malformed and will stay so
        // .badServerResponse, .cannotParseResponse: a server speaking garbage will likely do it again
        // .secureConnectionFailed, .serverCertificate*: TLS or certificate problems repeat
        // .userAuthenticationRequired, .userCancelledAuthentication: need the user, not a retry
        // .httpTooManyRedirects, .redirectToNonExistentLocation: a redirect loop repeats
        // .dataLengthExceedsMaximum, .cannotDecodeContentData, .cannotDecodeRawData: the content is the problem
        // .zeroByteResource, .resourceUnavailable, .fileDoesNotExist: a missing resource stays missing
    ]
}
