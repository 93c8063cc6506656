import Courier
import Foundation
import TestSupport
import Testing

/// A secret placed in every usual hiding place must never show in logs, cURL text or errors.
@Suite("Secrets never leak")
struct RedactionCanaryTests {
    let secret = "canary-" + UUID().uuidString

    /// The same secret as a bearer token, a cookie, an `access_token` query item and a
    /// `refresh_token` form field, next to harmless values that must stay visible.
    func leakyRequest<Response>(_ request: Request<Response>) -> Request<Response> {
        var request = request
        request.query = [.init(name: "access_token", value: secret), .init(name: "page", value: "2")]
        request.headers = [
            "Authorization": "Bearer \(secret)", "Cookie": "session=\(secret); theme=dark", "X-Trace": "visible-trace",
        ]
        request.body = .form(["refresh_token": secret, "note": "visible-note"])
        return request
    }

    func loggingClient(
        _ baseURL: URL, _ lines: LineCollector, recorder: RecordingMonitor,
        transport: any HTTPTransport = URLSessionTransport()
    ) -> HTTPClient {
        HTTPClient(baseURL: baseURL, transport: transport) {
            $0.eventMonitors = [LoggingMonitor(verbose: true, output: lines.output), recorder]
        }
    }

    @Test("Success: the verbose log and the cURL text show everything but the secret")
    func successPath() async throws {
        let lines = LineCollector()
        let recorder = RecordingMonitor()
        let client = loggingClient(try TestServers.httpbin(), lines, recorder: recorder)
        let request = leakyRequest(Request<JSON>(method: .post, path: "/anything"))
        let response = try await client.send(request)
        // The server did receive the secret everywhere: the request really carried it.
        #expect(response.value["args"]?["access_token"]?.stringValue == secret)
        #expect(response.value["form"]?["refresh_token"]?.stringValue == secret)
        try await recorder.waitForFinishes(1)
        try await lines.waitForFinishLines(1)

        let log = lines.text
        #expect(!log.contains(secret), "log leaked the secret:\n\(log)")
        #expect(log.contains("visible-trace") && log.contains("note=visible-note") && log.contains("page=2"))
        #expect(log.contains("Authorization: <redacted>") && log.contains("Cookie: <redacted>"))
        #expect(log.contains("access_token=<redacted>") && log.contains("refresh_token=<redacted>"))

        for curl in [response.request.curlDescription, try client.curlDescription(of: request)] {
            #expect(!curl.contains(secret), "cURL leaked the secret: \(curl)")
            #expect(curl.contains("visible-trace") && curl.contains("note=visible-note") && curl.contains("<redacted>"))
        }
        // Only an explicit request shows the secret.
        #expect(response.request.unredactedCurlDescription.contains(secret))
    }

    @Test("Failure: an unacceptable status whose body echoes the secret")
    func unacceptableStatus() async throws {
        var request = leakyRequest(Request<JSON>(method: .post, path: "/anything"))
        request.acceptableStatusCodes = [201]
        try await expectNoLeak(request, server: try TestServers.httpbin()) { error in
            #expect(error.statusCode == 200)
            // The echoed body is in the description, redacted.
            #expect(error.description.contains("visible-note"))
        }
    }

    @Test("Failure: a body that cannot be decoded, its snippet echoing the secret")
    func decodingFailure() async throws {
        struct Strict: Decodable, Sendable { let missing: Int }
        let request = leakyRequest(Request<Strict>(method: .post, path: "/anything"))
        try await expectNoLeak(request, server: try TestServers.httpbin()) { error in
            guard case .decodingFailed = error.kind else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    @Test("Failure: the connection is reset")
    func transportFailure() async throws {
        let request = leakyRequest(Request<Data>(method: .post, path: "/reset-before"))
        // A fresh transport: on Linux a POST that is reset on a reused keep-alive connection
        // hangs until the session timeout (60 s) instead of failing at once.
        try await expectNoLeak(request, server: try TestServers.faults(), transport: URLSessionTransport()) { error in
            #expect(error.isTransport)
        }
    }

    @Test("Failure: the server sends secrets back in Set-Cookie and a JSON error body")
    func serverSendsSecrets() async throws {
        var request = leakyRequest(Request<JSON>(method: .post, path: "/response-headers"))
        request.query.append(.init(name: "Set-Cookie", value: "sid=\(secret)"))
        request.acceptableStatusCodes = [204]
        try await expectNoLeak(request, server: try TestServers.httpbin()) { error in
            #expect(error.response?.headers["Set-Cookie"] == "sid=\(secret)")
        }
    }

    /// Sends `request`, expects it to fail, and checks the error description, the verbose log
    /// and the cURL text of the request as sent for the secret.
    private func expectNoLeak<Response: Sendable>(
        _ request: Request<Response>, server: URL, transport: any HTTPTransport = URLSessionTransport(),
        check: (HTTPError) -> Void
    ) async throws {
        let lines = LineCollector()
        let recorder = RecordingMonitor()
        let client = loggingClient(server, lines, recorder: recorder, transport: transport)
        do {
            _ = try await client.send(request)
            Issue.record("the request should have failed")
        } catch {
            #expect(!error.description.contains(secret), "error description leaked the secret: \(error.description)")
            #expect(!String(describing: error).contains(secret))
            #expect(error.description.contains("<redacted>"))
            check(error)
        }
        try await recorder.waitForFinishes(1)
        try await lines.waitForFinishLines(1)
        let log = lines.text
        #expect(!log.contains(secret), "log leaked the secret:\n\(log)")
        #expect(log.contains("failed") && log.contains("visible-trace"))
        #expect(!(try client.curlDescription(of: request)).contains(secret))
    }
}
