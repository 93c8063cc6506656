import Courier
import Foundation
import TestSupport
import Testing

@Suite("Logging monitor and cURL")
struct LoggingMonitorTests {
    @Test(
        "Basic level writes one fixed-format line per event with id, attempt, method, redacted URL, status, bytes and duration"
    )
    func basicFormat() async throws {
        let lines = LineCollector()
        let recorder = RecordingMonitor()
        let client = HTTPClient(baseURL: try TestServers.httpbin()) {
            $0.eventMonitors = [LoggingMonitor(output: lines.output), recorder]
        }
        let response = try await client.send(Request<Data>(path: "/get", query: [.init(name: "token", value: "t0p")]))
        try await recorder.waitForFinishes(1)
        try await lines.waitForFinishLines(1)
        let id = try #require(recorder.metrics.first?.requestID)
        let url = "\(try TestServers.httpbin().absoluteString)/get?token=<redacted>"
        let log = lines.all
        #expect(log.count == 4, "\(log)")
        #expect(log[0] == "[Courier] #\(id) attempt=1 send GET \(url) bytes=0")
        #expect(
            log[1].hasPrefix(
                "[Courier] #\(id) attempt=1 receive GET \(url) status=200 bytes=\(response.data.count) duration="))
        #expect(log[2] == "[Courier] #\(id) attempt=1 decoded GET \(url) type=Data")
        #expect(
            log[3].hasPrefix(
                "[Courier] #\(id) attempt=1 finish GET \(url) status=200 attempts=1 sent=0 received=\(response.data.count) duration="
            ))
        #expect(log.allSatisfy { !$0.contains("t0p") })
    }

    @Test("Verbose level adds headers and a truncated body with its size")
    func verbose() async throws {
        let lines = LineCollector()
        let recorder = RecordingMonitor()
        let client = HTTPClient(baseURL: try TestServers.httpbin()) {
            $0.eventMonitors = [LoggingMonitor(verbose: true, bodyLimit: 100, output: lines.output), recorder]
        }
        let body = String(repeating: "abcdefghij", count: 50)
        _ = try await client.send(
            Request<Data>(
                method: .post, path: "/post", headers: ["X-Hello": "world"],
                body: .data(Data(body.utf8), contentType: "text/plain")))
        try await recorder.waitForFinishes(1)
        try await lines.waitForFinishLines(1)
        let log = lines.text
        #expect(log.contains("    > X-Hello: world"))
        #expect(log.contains("    > body (500 bytes): " + String(body.prefix(100)) + "… (500 bytes)"))
        #expect(log.contains("    < Content-Type: application/json"))
        #expect(log.contains("    < body ("))
    }

    @Test("Apps can add their own secret names")
    func customNames() async throws {
        let lines = LineCollector()
        let recorder = RecordingMonitor()
        let redactor = LoggingMonitor.Redactor(additionalSecretNames: ["x-house-pass", "pin"])
        let client = HTTPClient(baseURL: try TestServers.httpbin()) {
            $0.eventMonitors = [LoggingMonitor(verbose: true, redactor: redactor, output: lines.output), recorder]
        }
        let request = Request<Data>(
            method: .post, path: "/anything", query: [.init(name: "pin", value: "4321")],
            headers: ["X-House-Pass": "opensesame"], body: .form(["pin": "4321"]))
        let response = try await client.send(request)
        try await recorder.waitForFinishes(1)
        try await lines.waitForFinishLines(1)
        #expect(!lines.text.contains("4321") && !lines.text.contains("opensesame"))
        let curl = response.request.curlDescription(redactor: redactor)
        #expect(!curl.contains("4321") && !curl.contains("opensesame"))
        // One redactor: the client's request hides what its logging monitor hides (issue 45).
        #expect(!response.request.curlDescription.contains("opensesame"), "\(response.request.curlDescription)")
        #expect(!(try client.curlDescription(of: request)).contains("opensesame"))
        // A request built by hand knows only the default rules.
        let bare = HTTPRequest(
            method: response.request.method, url: response.request.url, headers: response.request.headers)
        #expect(bare.curlDescription.contains("opensesame"), "the default rules do not know the app's names")
    }

    @Test("cURL text is a command a shell reads back as the same request")
    func curlShape() throws {
        var request = HTTPRequest(
            method: .post, url: URL(string: "https://example.com/a?b=1")!,
            headers: ["Content-Type": "application/json"], body: Data(#"{"it's":"ok"}"#.utf8))
        request.timeout = .milliseconds(1500)
        #expect(
            request.curlDescription
                == #"curl -X POST -L --max-time 1.5 -H 'Content-Type: application/json' --data-raw '{"it'\''s":"ok"}' 'https://example.com/a?b=1'"#
        )
        let binary = HTTPRequest(
            method: .put, url: URL(string: "https://example.com/f")!, body: Data([0xff, 0xfe, 0x00]))
        #expect(binary.curlDescription.contains("--data-binary '<3 bytes of binary data>'"))
        #expect(
            HTTPRequest(url: URL(string: "https://example.com")!, followsRedirects: false).curlDescription
                == "curl 'https://example.com'")
    }
}
