public import Courier
public import CourierTesting
public import Foundation

/// Generated responses for the response cache's crash-safety test: each body is derived from a
/// seed carried in its URL, so a torn or mixed-up row shows as a body that does not match.
public enum CrashResponses {
    /// The cache budget the writer uses: small, so eviction runs all the time.
    public static let maximumSize = 64 * 1024
    /// A base URL that is never contacted.
    public static let baseURL = URL(string: "https://crash.invalid")!

    /// The request for a seed: one of 40 paths, so entries are replaced as well as added; the
    /// seed travels in an `X-Seed` header.
    public static func request(_ seed: Int) -> Request<Data> {
        Request(path: paths[seed % paths.count], headers: ["X-Seed": String(seed)])
    }

    /// Every path the writer uses.
    public static let paths = (0..<40).map { "/item/\($0)" }

    /// The body for a seed.
    public static func body(seed: Int) -> Data {
        let count = 200 + (seed &* 7919) % 3_800
        return patternBytes(count: count, seed: seed)
    }

    /// A stub that answers every request with the body for the seed in its `X-Seed` header.
    public static func transport() -> StubTransport {
        StubTransport(routes: [
            StubRoute(nil, .any) { request in
                let seed = request.headers["X-Seed"].flatMap(Int.init) ?? 0
                let headers: HTTPHeaders = [
                    "Cache-Control": "max-age=3600", "ETag": "\"\(seed)\"", "X-Seed": String(seed),
                ]
                return StubResponse(statusCode: 200, headers: headers, body: body(seed: seed))
            }
        ])
    }
}
