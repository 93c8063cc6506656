import Courier
import Foundation
import Testing

@testable import Courier

@Suite("RetryPolicy.Backoff and Retry-After")
struct RetryPartsTests {
    @Test("Exponential backoff doubles from the base up to the cap")
    func exponential() {
        let backoff = RetryPolicy.Backoff(base: .milliseconds(500), cap: .seconds(3), jitter: false)
        #expect(
            (1...5).map(backoff.delay(forRetry:)) == [
                .milliseconds(500), .seconds(1), .seconds(2), .seconds(3), .seconds(3),
            ])
        #expect(backoff.delay(forRetry: 10_000) == .seconds(3))
    }

    @Test("Full jitter stays between zero and the exponential ceiling, and varies")
    func fullJitter() {
        let backoff = RetryPolicy.Backoff(base: .seconds(1), cap: .seconds(8), jitter: true)
        let delays = (0..<200).map { _ in backoff.delay(forRetry: 3) }
        #expect(delays.allSatisfy { $0 >= .zero && $0 <= .seconds(4) })
        #expect(Set(delays).count > 1)
    }

    @Test("Retry-After as seconds")
    func seconds() {
        #expect(RetryAfter.delay(in: ["Retry-After": "120"]) == .seconds(120))
        #expect(RetryAfter.delay(in: ["Retry-After": " 0 "]) == .zero)
        #expect(RetryAfter.delay(in: ["Retry-After": "-5"]) == nil)
        #expect(RetryAfter.delay(in: ["Retry-After": "soon"]) == nil)
        #expect(RetryAfter.delay(in: [:]) == nil)
    }

    @Test(
        "Retry-After as an HTTP-date, measured from the response's Date header",
        arguments: [
            "Sun, 06 Nov 1994 08:49:42 GMT", "Sunday, 06-Nov-94 08:49:42 GMT", "Sun Nov  6 08:49:42 1994",
        ])
    func date(form: String) {
        let headers: HTTPHeaders = ["Retry-After": form, "Date": "Sun, 06 Nov 1994 08:49:37 GMT"]
        #expect(RetryAfter.delay(in: headers) == .seconds(5))
    }

    @Test("Without a Date header, an HTTP-date is measured from now; a past date means no wait")
    func dateFromNow() {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryAfter.delay(in: ["Retry-After": "Sun, 06 Nov 1994 08:49:40 GMT"], now: now) == .seconds(3))
        #expect(RetryAfter.delay(in: ["Retry-After": "Sun, 06 Nov 1994 08:00:00 GMT"], now: now) == .zero)
    }
}
