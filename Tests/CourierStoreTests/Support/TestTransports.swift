import Courier
import CourierStore
import CourierTesting
import Foundation
import Synchronization
import TestSupport

extension StubTransport {
    /// A stub for the cache's unit tests that answers every request with `body` and `headers`.
    convenience init(headers: HTTPHeaders, body: String = "body") {
        self.init(status: 200, headers: headers, body: body)
    }

    /// From now on every request fails with `URLError(.notConnectedToInternet)`.
    func goOffline() {
        removeAllRoutes()
        on(.any, .failure(URLError(.notConnectedToInternet)))
    }
}

/// Wraps a real transport and records the statuses it returned, to see 304s the cache hides.
/// (Not CourierTesting's `RecordingTransport`, which records whole interactions into a cassette.)
final class StatusRecordingTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let state = Mutex<[(request: HTTPRequest, status: Int)]>([])

    init(_ base: any HTTPTransport) { self.base = base }

    var exchanges: [(request: HTTPRequest, status: Int)] { state.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await base.send(request)
        state.withLock { $0.append((request, response.statusCode)) }
        return response
    }
}

/// A wall clock the test moves by hand.
final class TestClock: Sendable {
    private let current: Mutex<Date>
    init(start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = Mutex(start) }
    var now: Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}
