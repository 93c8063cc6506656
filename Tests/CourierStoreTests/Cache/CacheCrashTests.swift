import Courier
import CourierStore
import CourierTesting
import Foundation
import TestSupport
import Testing

@Suite("ResponseCache survives SIGKILL")
struct CacheCrashTests {
    /// Fails every request, so only the cache can answer.
    static func unreachable() -> StubTransport {
        StubTransport(routes: [StubRoute(nil, .any, response: .failure(URLError(.notConnectedToInternet)))])
    }

    @Test("Killed 200 times mid-write, the database passes integrity_check and every row is whole")
    func killedWriter() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("responses.sqlite")
        let helper = try CrashHelperProcess.executable()
        var servedTotal = 0

        for round in 1...200 {
            let delay = Duration.microseconds(Int.random(in: 0...40_000))
            _ = try await offPool {
                try CrashHelperProcess.runAndKill(helper, arguments: ["cache", file.path], after: delay)
            }
            let cache = try ResponseCache(fileURL: file, configuration: .init(maximumSize: CrashResponses.maximumSize))
            #expect(try cache.integrityCheck() == "ok", "round \(round)")
            #expect(try await cache.usage().bytes <= CrashResponses.maximumSize, "round \(round)")

            // Every stored response carries the body its seed produces.
            let client = HTTPClient(baseURL: CrashResponses.baseURL, transport: Self.unreachable()) {
                $0.interceptors = [cache]
            }
            for path in CrashResponses.paths.prefix(round % 4 == 0 ? 40 : 3) {
                guard let response = try? await client.send(Request<Data>(path: path).cachePolicy(.returnCacheElseLoad))
                else {
                    continue
                }
                let seed = try #require(
                    response.headers["X-Seed"].flatMap(Int.init), "round \(round): \(path) lost its headers")
                #expect(response.data == CrashResponses.body(seed: seed), "round \(round): \(path) has a torn body")
                servedTotal += 1
            }
        }
        #expect(servedTotal > 100, "too few responses survived to check (\(servedTotal))")
    }
}
