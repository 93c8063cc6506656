import Courier
import Foundation

/// A request that never reached the server, found however deep the pipeline wrapped it (a
/// token refresh inside an interceptor inside a retry…), as the one line a person reads:
/// "can't reach www.reddit.com: no network (DNS lookup failed); reddit --offline works without it".
struct NetworkFailure: Equatable {
    /// The host that could not be reached.
    var host: String
    /// The transport's error code.
    var code: URLError.Code

    /// The line `reddit` prints.
    var message: String {
        let what =
            switch code {
            case .cannotFindHost, .dnsLookupFailed: "no network (DNS lookup failed)"
            case .notConnectedToInternet: "no network"
            case .cannotConnectToHost: "connection refused"
            case .networkConnectionLost: "the connection was lost"
            case .timedOut: "timed out"
            case .secureConnectionFailed: "the secure connection failed"
            default: "the connection failed"
            }
        return "can't reach \(host): \(what); \(Self.offlineHint)"
    }

    /// Whether the request may have reached Reddit: false only when no connection was made
    /// (no network, no name lookup, refused, or the secure connection never set up).
    var mayHaveArrived: Bool {
        switch code {
        case .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet, .cannotConnectToHost,
            .secureConnectionFailed:
            false
        default: true
        }
    }

    /// Where to go without the network, said after every connection failure.
    static let offlineHint = "reddit --offline works without it"

    static let codes: Set<URLError.Code> = [
        .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet, .cannotConnectToHost,
        .networkConnectionLost, .timedOut, .secureConnectionFailed,
    ]

    /// The first connection failure in `error`'s chain, if there is one.
    static func find(in error: any Error, url: URL? = nil, depth: Int = 0) -> NetworkFailure? {
        guard depth < 12 else { return nil }
        if let error = error as? HTTPError {
            let url = error.url ?? url
            switch error.kind {
            case .transport(let underlying), .interceptorFailed(let underlying):
                return find(in: underlying, url: url, depth: depth + 1)
            case .retriesExhausted(_, let last), .retryStopped(_, let last):
                return find(in: last, url: url, depth: depth + 1)
            default:
                return nil
            }
        }
        if let error = error as? URLError {
            guard codes.contains(error.code) else { return nil }
            let host = error.failingURL?.host ?? url?.host ?? "Reddit"
            return NetworkFailure(host: host, code: error.code)
        }
        // Other wrappers (an OAuth failure around the token request's HTTPError…): look inside.
        for child in Mirror(reflecting: error).children {
            if let inner = child.value as? any Error, let found = find(in: inner, url: url, depth: depth + 1) {
                return found
            }
        }
        return nil
    }
}
