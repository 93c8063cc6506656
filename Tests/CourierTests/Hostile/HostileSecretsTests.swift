import Courier
import Foundation
import Synchronization
import TestSupport
import Testing

/// Secrets against a server that echoes them, against `dump()` and `Mirror`, and against the one
/// redactor a client shares between its logs, its cURL lines and its errors.
@Suite("Hostile server: secrets")
struct HostileSecretsTests {
    static let secrets = ["hostile-bearer-45", "hostile-cookie-45", "hostile-query-45", "hostile-pin-45"]

    static func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    @Test(
        "An error body that echoes the request's secrets (JSON or plain text) shows none of them in the error",
        arguments: TransportUnderTest.allCases, ["0", "1"])
    func reflectedSecrets(transport: TransportUnderTest, text: String) async throws {
        let client = HTTPClient(baseURL: try TestServers.hostile(), transport: try transport.make())
        let request = Request<Data>(
            path: "/reflect/\(uniqueKey())",
            query: [
                URLQueryItem(name: "text", value: text), URLQueryItem(name: "access_token", value: Self.secrets[2]),
            ],
            headers: ["Authorization": "Bearer \(Self.secrets[0])", "Cookie": "session=\(Self.secrets[1])"])
        let error = try await #require(throws: HTTPError.self) { try await client.send(request) }
        #expect(error.statusCode == 400)
        for secret in Self.secrets { #expect(!error.description.contains(secret), "\(error)") }
    }

    @Test("dump() and Mirror of a proxy, a request, its headers and an error never show a secret")
    func reflectionHidesSecrets() throws {
        let proxy = Proxy(.http, host: "127.0.0.1", port: 3128, username: "me", password: "hostile-proxy-password")
        #expect(!Self.dumped(proxy).contains("hostile-proxy-password"), "\(Self.dumped(proxy))")
        #expect(Self.dumped(proxy).contains("127.0.0.1"))
        let headers: HTTPHeaders = ["Authorization": "Bearer \(Self.secrets[0])", "Cookie": "a=\(Self.secrets[1])"]
        let request = HTTPRequest(
            url: try #require(URL(string: "https://example.com/x?access_token=\(Self.secrets[2])")), headers: headers)
        for value in [Self.dumped(headers), Self.dumped(request), String(reflecting: request)] {
            for secret in Self.secrets { #expect(!value.contains(secret), "\(value)") }
        }
        #expect(Self.dumped(request).contains("example.com"))
        let mirror = Mirror(reflecting: proxy)
        #expect(mirror.children.contains { $0.label == "password" && "\($0.value)".contains("redacted") })
    }

    @Test(
        "A header hidden through LoggingMonitor's additionalSecretNames is hidden from the client's cURL lines and errors too"
    )
    func oneRedactor() async throws {
        let redactor = LoggingMonitor.Redactor(additionalSecretNames: ["x-device-pin"])
        let lines = LinesBox()
        let client = HTTPClient(baseURL: try TestServers.hostile()) {
            $0.eventMonitors = [LoggingMonitor(verbose: true, redactor: redactor, output: { lines.append($0) })]
        }
        let request = Request<Data>(
            path: "/reflect/\(uniqueKey())", query: [URLQueryItem(name: "x-device-pin", value: Self.secrets[3])],
            headers: ["X-Device-Pin": Self.secrets[3]])
        let curl = try client.curlDescription(of: request)
        #expect(!curl.contains(Self.secrets[3]), "\(curl)")
        #expect(curl.contains("X-Device-Pin: <redacted>"), "\(curl)")
        let error = try await #require(throws: HTTPError.self) { try await client.send(request) }
        #expect(!error.description.contains(Self.secrets[3]), "\(error)")
        let response = try await client.send(Request<Data>(path: "/health", headers: ["X-Device-Pin": Self.secrets[3]]))
        #expect(!response.request.curlDescription.contains(Self.secrets[3]), "\(response.request.curlDescription)")
        #expect(!lines.all.joined().contains(Self.secrets[3]))
        #expect(!lines.all.isEmpty)
    }

    final class LinesBox: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }
}
