import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

/// The example of the Courier catalog's "Retries and De-duplication" article, compiled and run on a scripted transport.
@Suite("Documented example: resilience")
struct ReadmeExampleTests {
    actor Tokens {
        private(set) var refreshes = 0
        func refresh() -> String {
            refreshes += 1
            return "fresh-\(refreshes)"
        }
    }

    struct Order: Decodable, Sendable { let status: Int }

    @Test("The article's retry and de-dup example compiles and behaves as described")
    func example() async throws {
        let tokens = Tokens()
        let transport = StubTransport(script: [.status(401), .status(200)])
        // The one change from the article: the deadline runs on a clock that moves only when the
        // test moves it, so a busy machine cannot run it out ("too slow") in real time.
        let clock = VirtualClock()
        let client = HTTPClient(baseURL: URL(string: "https://api.example.com")!, transport: transport) {
            $0.interceptors = [
                RetryPolicy(
                    maxAttempts: 4,
                    backoff: .exponential(base: .milliseconds(500), cap: .seconds(30)),
                    maximumRetryAfter: .seconds(60),
                    deadline: .seconds(20),
                    clock: clock
                )
                .retryDecision { error, request, attempt in
                    guard error.statusCode == 401, attempt == 1 else { return nil }
                    var fresh = request
                    fresh.headers["Authorization"] = "Bearer \(await tokens.refresh())"
                    return .retry(with: fresh)
                }
            ]
        }
        var outcome = "none"
        do {
            _ = try await client.send(Request<Order>(path: "/orders"))
            outcome = "ok"
        } catch {
            switch error.kind {
            case .retriesExhausted(let attempts, let last): outcome = "gave up after \(attempts): \(last.reason)"
            case .retryStopped(let reason, _): outcome = "stopped: \(reason ?? "by the retrier")"
            case .cancelled: outcome = "cancelled"
            default: outcome = error.isTimeout ? "too slow" : "failed"
            }
        }
        #expect(outcome == "ok")
        #expect(await tokens.refreshes == 1)
        #expect(transport.requests.last?.headers["Authorization"] == "Bearer fresh-1")

        let me = Request<Order>(path: "/me").deduplicated(.useCurrentIfPossible)
        async let a = client.send(me)
        async let b = client.send(me)
        let (first, second) = try await (a, b)
        #expect(first.value.status == 200 && second.value.status == 200)
    }
}
