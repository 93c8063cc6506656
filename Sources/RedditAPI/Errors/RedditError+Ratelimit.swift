public import Courier
import Foundation

extension RedditError.APIError {
    /// For a `RATELIMIT` entry ("you are doing that too much. try again in 1 minute."), how long
    /// Reddit asks to wait, read as PRAW reads it (`N millisecond(s)|second(s)|minute(s)`, N up
    /// to three digits); nil for other codes or a message without a duration.
    public var rateLimitDelay: Duration? {
        guard code == "RATELIMIT" else { return nil }
        return Self.delay(in: message)
    }

    static func delay(in message: String) -> Duration? {
        let words = message.split(whereSeparator: { $0 == " " || $0 == "." || $0 == "," })
        for (index, word) in words.enumerated().dropLast() where (1...3).contains(word.count) {
            guard word.allSatisfy(\.isASCII), let amount = Int(word) else { continue }
            let unit = words[index + 1].lowercased()
            switch unit {
            case "millisecond", "milliseconds": return .milliseconds(amount)
            case "second", "seconds": return .seconds(amount)
            case "minute", "minutes": return .seconds(amount * 60)
            default: continue
            }
        }
        return nil
    }
}

extension RedditError {
    /// Whether Reddit refused a write with `RATELIMIT` (“you are doing that too much”).
    public var isRateLimitedWrite: Bool { apiErrors.contains { $0.code == "RATELIMIT" } }

    /// How long a `RATELIMIT` refusal asks to wait, when its message says.
    public var rateLimitDelay: Duration? { apiErrors.lazy.compactMap(\.rateLimitDelay).first }
}

/// Whether and how long ``RedditClient/send(_:ratelimit:)`` waits when a write is refused with
/// `RATELIMIT` (PRAW's `ratelimit_seconds`). Writes are otherwise never retried.
public struct RatelimitPolicy: Sendable {
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
    public static let never = RatelimitPolicy(waitingUpTo: .zero, maximumRetries: 0)
}

extension RedditClient {
    /// Sends a write; when Reddit refuses it with `RATELIMIT` and a wait of at most
    /// ``RatelimitPolicy/maximumWait``, waits that long (plus a second, as the wait is rounded
    /// down) and sends it again. Any other failure, or a longer wait, is thrown at once.
    ///
    /// ```swift
    /// let post = try await reddit.send(Reddit.submitSelf(subreddit: "test", title: "Hi", text: "…"),
    ///                                  ratelimit: RatelimitPolicy(waitingUpTo: .seconds(120)))
    /// ```
    public func send<Response: Sendable>(_ request: Request<Response>, ratelimit: RatelimitPolicy)
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
