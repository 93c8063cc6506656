import Courier
import CourierStore
import Foundation
import Synchronization

/// A transport for the cache's unit tests: answers from a closure, records every request it was
/// sent and every status it answered, and can be switched offline.
final class ScriptedTransport: HTTPTransport {
    private struct State {
        var requests: [HTTPRequest] = []
        var statuses: [Int] = []
        var offline = false
    }

    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    private let state = Mutex(State())

    init(_ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.handler = handler
    }

    /// Answers every request with `body` and `headers`.
    convenience init(status: Int = 200, headers: HTTPHeaders, body: String = "body") {
        self.init { HTTPResponse(statusCode: status, headers: headers, body: Data(body.utf8), url: $0.url) }
    }

    var requests: [HTTPRequest] { state.withLock { $0.requests } }
    var statuses: [Int] { state.withLock { $0.statuses } }
    var count: Int { requests.count }

    /// From now on every request fails with `URLError(.notConnectedToInternet)`.
    func goOffline() { state.withLock { $0.offline = true } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let offline = state.withLock {
            $0.requests.append(request)
            return $0.offline
        }
        if offline { throw URLError(.notConnectedToInternet) }
        let response = handler(request)
        state.withLock { $0.statuses.append(response.statusCode) }
        return response
    }
}

/// Wraps a real transport and records the statuses it returned, to see 304s the cache hides.
final class RecordingTransport: HTTPTransport {
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
