public import Courier

/// Whether and how long ``RedditClient/send(_:ratelimit:)`` waits when Reddit refuses a write with
/// `RATELIMIT` ("you are doing that too much"; PRAW's `ratelimit_seconds`), then sends it again.
/// Writes are otherwise never retried. Not to be confused with ``RateLimitPolicy``, which paces
/// every request by the `X-Ratelimit-*` headers before it is sent.
public struct WriteRetryPolicy: Sendable {
    /// The longest wait to accept; a longer one fails at once with the ``RedditError``.
    public var maximumWait: Duration
    /// How many times to send the write again at most.
    public var maximumRetries: Int
    let sleep: @Sendable (Duration) async throws -> Void

    /// Waits (on `clock`) when Reddit asks for at most `maximumWait`, then sends the write again,
    /// up to `maximumRetries` times.
    public init<C: Clock>(waitingUpTo maximumWait: Duration, maximumRetries: Int = 3, clock: C = ContinuousClock())
    where C.Duration == Duration {
        self.maximumWait = maximumWait
        self.maximumRetries = maximumRetries
        sleep = { duration in try await clock.sleep(for: duration) }
    }

    /// Never waits: a `RATELIMIT` refusal is thrown at once (the default of ``RedditClient/send(_:)``).
    public static let never = WriteRetryPolicy(waitingUpTo: .zero, maximumRetries: 0)
}

extension RedditClient {
    /// Sends a write; when Reddit refuses it with `RATELIMIT` and a wait of at most
    /// ``WriteRetryPolicy/maximumWait``, waits that long (plus a second, as the wait is rounded
    /// down) and sends it again. Any other failure, or a longer wait, is thrown at once.
    ///
    /// ```swift
    /// let post = try await reddit.send(Reddit.submitSelf(subreddit: "test", title: "Hi", text: "…"),
    ///                                  ratelimit: WriteRetryPolicy(waitingUpTo: .seconds(120)))
    /// ```
    @discardableResult
    public func send<Response: Sendable>(_ request: Request<Response>, ratelimit: WriteRetryPolicy)
        async throws(HTTPError) -> Response
    {
        var retries = 0
        while true {
            do {
                return try await send(request)
            } catch let refusal {
                guard retries < ratelimit.maximumRetries, let delay = refusal.redditError?.rateLimitDelay,
                    delay <= ratelimit.maximumWait
                else { throw refusal }
                retries += 1
                do {
                    try await ratelimit.sleep(delay + .seconds(1))
                } catch {
                    throw HTTPError(.cancelled, method: request.method, url: refusal.url)
                }
            }
        }
    }
}
