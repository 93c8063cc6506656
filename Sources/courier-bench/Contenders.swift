import Courier
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One way of sending the bench's requests: raw `URLSession`, or Courier on a transport.
struct Contender: Sendable {
    /// The column title.
    let name: String
    /// GETs `path` (with `?run=marker` when given) and returns the body; fails on a non-200.
    let fetch: @Sendable (_ path: String, _ marker: String?) async throws -> Data
    /// GETs `path` and decodes a ``Feed``.
    let fetchFeed: @Sendable (_ path: String) async throws -> Feed
    /// GETs `path` (with `?run=marker`) as a call that may share an identical request already
    /// in flight: Courier sends it with `.useCurrentIfPossible`; raw URLSession has no such
    /// thing, so every call is a request.
    let fetchShared: @Sendable (_ path: String, _ marker: String) async throws -> Data
    /// The executor the contender's calls prefer (``CurlTransport/executor``); nil: the default,
    /// Swift's cooperative pool.
    var executor: (any TaskExecutor)? = nil

    /// The name of Courier on a default `CurlTransport` (``CurlTransport/defaultThreads``),
    /// callers on the cooperative pool: what every user of CurlTransport gets.
    static let curlDefault = "Courier+CurlTransport"

    /// The same, the calls preferring the transport's ``CurlTransport/executor``.
    static let curlOnExecutor = "Courier+CurlTransport (executor)"

    /// Courier on a `CurlTransport` with one thread (`threads: 1`), callers on the cooperative
    /// pool: the default before there were two.
    static let curlOnOneThread = "Courier+CurlTransport (1 thread)"

    /// The same, the calls preferring that transport's executor.
    static let curlOnOneThreadExecutor = "Courier+CurlTransport (1 thread, executor)"

    /// The names of Courier on `CurlTransport`: the default transport with callers on the
    /// cooperative pool and on its executor, then the same with one thread (the rows the
    /// 16-in-flight breakdown and the socket-loop lines use).
    static let couriersOnCurl = [curlDefault, curlOnExecutor, curlOnOneThread, curlOnOneThreadExecutor]

    /// Of ``couriersOnCurl``, the ones the socket-loop targets are about: the default transport.
    static let curlTargets = [curlDefault, curlOnExecutor]

    /// Runs `body`, and every task it starts, preferring the contender's ``executor``.
    func onItsExecutor<T>(_ body: () async throws -> T) async throws -> T {
        try await withTaskExecutorPreference(executor, operation: body)
    }

    /// A non-200 answer: the bench measures nothing but successes.
    struct UnexpectedStatus: Error, CustomStringConvertible {
        let status: Int
        var description: String { "unexpected HTTP status \(status)" }
    }

    /// `URLSession` used directly, the way an app without Courier would: `data(from:)` and
    /// `JSONDecoder`. The session is configured as ``URLSessionTransport``'s is (ephemeral, no
    /// URL cache), so the difference between the two columns is Courier's pipeline alone; with
    /// the default in-memory cache, raw URLSession stalls now and then while storing responses.
    static func rawURLSession(baseURL: URL) -> Contender {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration)
        @Sendable func get(_ path: String, _ marker: String?) async throws -> Data {
            let url = URL(string: marker.map { "\(path)?run=\($0)" } ?? path, relativeTo: baseURL)!
            let (data, response) = try await session.data(from: url)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard status == 200 else { throw UnexpectedStatus(status: status) }
            return data
        }
        let decoder = JSONDecoder()
        return Contender(
            name: "raw URLSession", fetch: get,
            fetchFeed: { path in
                try decoder.decode(Feed.self, from: try await get(path, nil))
            }, fetchShared: get)
    }

    /// Courier's whole pipeline (request building, validation, decoding) on `transport`, its
    /// calls preferring `executor` when given.
    static func courier(
        _ name: String, baseURL: URL, transport: any HTTPTransport, executor: (any TaskExecutor)? = nil
    ) -> Contender {
        let client = HTTPClient(baseURL: baseURL, transport: transport)
        @Sendable func request(_ path: String, _ marker: String?) -> Request<Data> {
            Request<Data>(path: path, query: marker.map { [URLQueryItem(name: "run", value: $0)] } ?? [])
        }
        return Contender(
            name: name,
            fetch: { path, marker in try await client.send(request(path, marker)).value },
            fetchFeed: { path in try await client.send(Request<Feed>(path: path)).value },
            fetchShared: { path, marker in
                try await client.send(request(path, marker).deduplicated(.useCurrentIfPossible)).value
            },
            executor: executor)
    }
}

/// A transport answering every request with the same body from memory, so a decode row times
/// Courier's pipeline and decoding without the network.
struct MemoryTransport: HTTPTransport {
    let body: Data

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: body, url: request.url)
    }
}
