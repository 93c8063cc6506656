import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

/// Records real traffic from httpbin, then replays it with the network out of reach.
@Suite("Record and replay against a live httpbin")
struct RecordReplayHTTPBinTests {
    struct Echo: Decodable, Sendable {
        let args: [String: String]
        let headers: [String: String]
        let url: String
        let json: JSON?
        let method: String
    }

    /// What the test's API calls returned, minus the secrets (those are checked separately).
    struct Observed: Equatable {
        var authenticated: Bool?
        var echoMethod = "", echoArgs: [String: String] = [:], echoNote: String?, echoUserAgent: String?, echoURL = ""
        var headerNote: String?
        var bytes = Data()
        var missingStatus: Int?
        // Secret values as the app saw them: live tokens when recording, placeholders on replay.
        var bearerToken: String?, echoedAuthorization: String?, echoedAccessToken: String?, headerAccessToken: String?
    }

    let bearer = "canary-bearer-" + uniqueKey("b")
    let accessToken = "canary-access-" + uniqueKey("a")

    func run(_ transport: any HTTPTransport, server: URL) async throws -> Observed {
        let client = HTTPClient(baseURL: server, transport: transport) { [bearer] in
            $0.headers["User-Agent"] = "CourierTestingTests/1.0"
            $0.interceptors = [.adapt { $0.headers["Authorization"] = "Bearer \(bearer)" }]
        }
        var observed = Observed()
        let bearerEcho = try await client.send(Request<JSON>(path: "/bearer")).value
        observed.authenticated = bearerEcho["authenticated"]?.boolValue
        observed.bearerToken = bearerEcho["token"]?.stringValue

        let payload: JSON = ["access_token": .string(accessToken), "note": "hello"]
        let echo = try await client.send(
            Request<Echo>(
                method: .post, path: "/anything", query: [.init(name: "page", value: "2")], body: .json(payload)
            )
        ).value
        observed.echoMethod = echo.method
        observed.echoArgs = echo.args
        observed.echoNote = echo.json?["note"]?.stringValue
        observed.echoUserAgent = echo.headers["User-Agent"]
        observed.echoURL = echo.url
        observed.echoedAuthorization = echo.headers["Authorization"]
        observed.echoedAccessToken = echo.json?["access_token"]?.stringValue

        let headers = try await client.send(
            Request<JSON>(
                path: "/response-headers",
                query: [
                    .init(name: "access_token", value: accessToken), .init(name: "X-Note", value: "kept"),
                ]))
        observed.headerNote = headers.headers["X-Note"]
        observed.headerAccessToken = headers.value["access_token"]?.stringValue

        observed.bytes = try await client.send(
            Request<Data>(path: "/bytes/48", query: [.init(name: "seed", value: "7")])
        ).value
        do {
            _ = try await client.send(Request<Data>(path: "/status/404"))
        } catch {
            observed.missingStatus = error.statusCode
        }
        return observed
    }

    @Test("Recorded traffic replays offline to the same values, and no secret reaches the cassette")
    func recordThenReplay() async throws {
        let server = try TestServers.httpbin()
        let folder = FileManager.default.temporaryDirectory.appending(path: "record-replay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "httpbin.json")

        let recorder = try CassetteTransport(fileURL: file, mode: .recordIfMissing, upstream: URLSessionTransport())
        #expect(recorder.isRecording)
        let live = try await run(recorder, server: server)
        #expect(live.authenticated == true)
        #expect(live.bearerToken == bearer)
        #expect(live.echoedAccessToken == accessToken)
        #expect(live.headerAccessToken == accessToken)
        #expect(live.bytes.count == 48)

        // The file now exists, so the same call replays it. The upstream is a stub with no routes:
        // any request reaching it would fail, and it remembers every request it was sent.
        let network = StubTransport()
        let player = try CassetteTransport(fileURL: file, mode: .recordIfMissing, upstream: network)
        #expect(!player.isRecording)
        let replayed = try await run(player, server: server)
        #expect(network.requests.isEmpty)

        var expected = live
        expected.bearerToken = LoggingMonitor.Redactor.placeholder
        expected.echoedAuthorization = LoggingMonitor.Redactor.placeholder
        expected.echoedAccessToken = LoggingMonitor.Redactor.placeholder
        expected.headerAccessToken = LoggingMonitor.Redactor.placeholder
        #expect(replayed == expected)
        #expect(live.echoedAuthorization == "Bearer \(bearer)")

        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(try Cassette(contentsOf: file).interactions.count == 5)
        #expect(!text.contains(bearer), "the bearer token leaked into the cassette")
        #expect(!text.contains(accessToken), "the access token leaked into the cassette")
        #expect(!text.contains("canary"))
    }
}
