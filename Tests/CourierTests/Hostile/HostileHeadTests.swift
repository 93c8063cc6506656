import Courier
import Foundation
import TestSupport
import Testing

/// Response heads past libcurl's limits (300 KB a header section, 100 KB a line) and redirects
/// to schemes other than http and https, against the hostile server.
@Suite("Hostile server: header limits and redirect schemes")
struct HostileHeadTests {
    struct Logged: Decodable {
        let method: String
        let path: String
        let headers: [[String]]
    }

    struct Log: Decodable { let requests: [Logged] }

    static func log(_ key: String) async throws -> [Logged] {
        let client = HTTPClient(baseURL: try TestServers.hostile())
        let data = try await client.send(Request<Data>(path: "/log/\(key)")).value
        return try JSONDecoder().decode(Log.self, from: data).requests
    }

    @Test(
        "A header section or a header line too large is a typed error saying so, sent once even under a retry policy",
        arguments: TransportUnderTest.allCases, ["big-headers/KEY?total=400000", "long-header/KEY?size=1048576"])
    func headTooLarge(transport: TransportUnderTest, path: String) async throws {
        let key = uniqueKey("head")
        let client = HTTPClient(baseURL: try TestServers.hostile(), transport: try transport.make()) {
            $0.interceptors = [RetryPolicy(maxAttempts: 3, backoff: .exponential(base: .milliseconds(10)))]
        }
        let request = Request<Data>(path: "/" + path.replacingOccurrences(of: "KEY", with: key))
        let error = try await #require(throws: HTTPError.self) { try await client.send(request) }
        guard case .responseHeadersTooLarge(let limit) = error.kind else {
            Issue.record("not responseHeadersTooLarge: \(error)")
            return
        }
        #expect(limit > 0)
        #expect(error.attempts == 1)
        #expect(error.description.contains("header"), "\(error)")
        #expect(!error.description.contains("Out of memory"), "\(error)")
        #expect(try await Self.log(key).count == 1)
    }

    @Test(
        "A redirect to another scheme is refused with a typed error naming it, and nothing is sent there",
        arguments: TransportUnderTest.allCases,
        [
            "file:///KEY/etc/passwd", "ftp://127.0.0.1/KEY", "data:text/plain,KEY", "gopher://127.0.0.1:70/KEY",
            "FILE:///KEY/etc/passwd", "javascript:KEY",
        ])
    func redirectSchemes(transport: TransportUnderTest, location: String) async throws {
        let key = uniqueKey("redir")
        let target = location.replacingOccurrences(of: "KEY", with: key)
        let client = HTTPClient(baseURL: try TestServers.hostile(), transport: try transport.make())
        let request = Request<Data>(
            path: "/redirect/\(key)", query: [URLQueryItem(name: "to", value: target)],
            headers: ["Authorization": "Bearer hostile-secret-45", "Cookie": "session=hostile-cookie-45"])
        let error = try await #require(throws: HTTPError.self) { try await client.send(request) }
        guard case .redirectRefused(let refused) = error.kind else {
            Issue.record("not redirectRefused: \(error)")
            return
        }
        #expect(refused.lowercased().hasPrefix(String(target.lowercased().prefix(while: { $0 != ":" }))))
        let scheme = target.prefix(while: { $0 != ":" }).lowercased()
        #expect(error.description.lowercased().contains("\(scheme):"), "\(error)")
        #expect(error.description.contains("only http and https"), "\(error)")
        let requests = try await Self.log(key)
        #expect(requests.count == 1, "\(requests.map(\.path))")
        #expect(requests.first?.path.hasPrefix("/redirect/") == true)
    }

    @Test(
        "A refused redirect that was not asked to be followed is returned as it is",
        arguments: TransportUnderTest.allCases)
    func notFollowedIsNotRefused(transport: TransportUnderTest) async throws {
        let client = HTTPClient(baseURL: try TestServers.hostile(), transport: try transport.make())
        var request = Request<Data>(
            path: "/redirect/\(uniqueKey())", query: [URLQueryItem(name: "to", value: "file:///etc/passwd")]
        ).allowed(statusCodes: [302])
        request.followsRedirects = false
        let response = try await client.send(request)
        #expect(response.raw.statusCode == 302)
        #expect(response.raw.headers["Location"] == "file:///etc/passwd")
    }
}
