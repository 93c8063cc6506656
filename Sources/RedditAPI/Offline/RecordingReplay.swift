import Courier
import Foundation
import Synchronization

/// Finds the recorded answer to a normalized request: same method, path, query items (in any
/// order) and body (form fields compared as fields, JSON as values). The first unused recording
/// that matches answers, so a request recorded twice gets both answers in order; once all are
/// used, the last one answers again.
final class RecordingReplay: Sendable {
    /// A request with no recording.
    struct NoMatch: Error {}

    let exchanges: [RecordedExchange]
    private let used: Mutex<[Bool]>

    init(_ exchanges: [RecordedExchange]) {
        self.exchanges = exchanges
        used = Mutex(Array(repeating: false, count: exchanges.count))
    }

    /// The answer to `request` (already normalized).
    func answer(_ request: HTTPRequest) throws(NoMatch) -> HTTPResponse {
        let candidates = exchanges.indices.filter { Self.matches(request, exchanges[$0].request) }
        let index = used.withLock { used -> Int? in
            if let fresh = candidates.first(where: { !used[$0] }) {
                used[fresh] = true
                return fresh
            }
            return candidates.last
        }
        guard let index else { throw NoMatch() }
        return exchanges[index].response(for: request)
    }

    static func matches(_ live: HTTPRequest, _ recorded: HTTPRequest) -> Bool {
        guard live.method == recorded.method else { return false }
        let liveURL = URLComponents(url: live.url, resolvingAgainstBaseURL: true)
        let recordedURL = URLComponents(url: recorded.url, resolvingAgainstBaseURL: true)
        guard liveURL?.percentEncodedPath == recordedURL?.percentEncodedPath else { return false }
        func query(_ components: URLComponents?) -> [String] {
            (components?.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }.sorted()
        }
        guard query(liveURL) == query(recordedURL) else { return false }
        return sameBody(live.body?.data, recorded.body?.data)
    }

    private static func sameBody(_ live: Data?, _ recorded: Data?) -> Bool {
        let live = live ?? Data()
        let recorded = recorded ?? Data()
        if live == recorded { return true }
        guard let a = try? JSONSerialization.jsonObject(with: live, options: [.fragmentsAllowed]),
            let b = try? JSONSerialization.jsonObject(with: recorded, options: [.fragmentsAllowed])
        else { return false }
        return (a as? NSObject)?.isEqual(b) ?? false
    }
}
