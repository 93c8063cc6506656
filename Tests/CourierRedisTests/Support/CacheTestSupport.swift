import Courier
import CourierTesting
import Foundation
import Synchronization
import TestSupport

/// How many times the fault server answered KEY (its `/hits/KEY`, which does not count).
func serverHits(_ key: String, at faults: URL) async throws -> Int {
    struct Hits: Decodable { let hits: Int }
    return try await HTTPClient(baseURL: faults).send(Request<Hits>(path: "/hits/\(key)")).value.hits
}

/// Answers every request with a 1,000-byte body, fresh for an hour.
func answering() -> StubTransport {
    StubTransport { request in
        HTTPResponse(
            statusCode: 200, headers: ["Cache-Control": "max-age=3600"],
            body: Data(repeating: UInt8(request.url.path.count % 256), count: 1_000), url: request.url)
    }
}

/// How far a test moves a cache's clock ahead.
final class ClockOffset: Sendable {
    private let value = Mutex<TimeInterval>(0)
    var seconds: TimeInterval {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}

/// Collects what a cache or a connection reports, from any thread.
final class Recorded<Element: Sendable>: Sendable {
    private let elements = Mutex<[Element]>([])
    var all: [Element] { elements.withLock { $0 } }
    func append(_ element: Element) { elements.withLock { $0.append(element) } }
}
