import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

/// Header injection: a header field HTTP does not allow is refused before any transport, and
/// nothing of it reaches the server, a log line or an error's description raw.
@Suite("Header fields HTTP does not allow are refused before anything is sent")
struct HeaderFieldValidationTests {
    /// The ways a field can carry a line break (or a NUL) into the request.
    enum BadField: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case lineBreakInName
        case carriageReturnInValue
        case lineFeedInValue
        case nulInValue

        var name: String { self == .lineBreakInName ? "X-A\r\nX-Injected" : "X-Note" }
        var value: String {
            switch self {
            case .lineBreakInName: "yes"
            case .carriageReturnInValue: "secret-value\rX-Injected: yes"
            case .lineFeedInValue: "secret-value\nX-Injected: yes"
            case .nulInValue: "secret-value\0X-Injected: yes"
            }
        }
        /// How the reason shows the name: control characters escaped.
        var shownName: String { self == .lineBreakInName ? #""X-A\r\nX-Injected""# : #""X-Note""# }
        var testDescription: String { rawValue }
    }

    /// What the fault server's `/raw-headers/KEY` recorded: the header lines of each request.
    private func recorded(_ key: String) async throws -> [[String]] {
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: URLSessionTransport())
        let log = try await client.send(Request<JSON>(path: "/raw-log/\(key)")).value
        return (log["requests"]?.arrayValue ?? []).map { ($0.arrayValue ?? []).compactMap(\.stringValue) }
    }

    /// Sends a well-formed request marked `X-Marker` to the same key on the same client, then
    /// returns what the server recorded: the marker comes after the refused call, so a refused
    /// request that had been sent would be there too.
    private func recordedAfterMarker(_ key: String, client: HTTPClient) async throws -> [[String]] {
        _ = try await client.send(Request<String>(path: "/raw-headers/\(key)", headers: ["X-Marker": "1"]))
        return try await recorded(key)
    }

    private func expectRefused(_ error: HTTPError, naming shownName: String) {
        guard case .invalidRequest(let reason, _) = error.kind else {
            Issue.record("expected invalidRequest, got \(error)")
            return
        }
        #expect(reason.contains(shownName), "\(reason)")
        #expect(!error.description.contains("secret-value"), "the value must not be shown: \(error)")
        for control in ["\r", "\n", "\0"] {
            #expect(!error.description.contains(control), "a raw control character in: \(error.description)")
            #expect(!error.reason.contains(control))
        }
    }

    @Test(
        "A bad name, or CR, LF or NUL in a value: invalidRequest naming the header, and the server sees nothing",
        arguments: TransportUnderTest.allCases, BadField.allCases)
    func refusedBeforeTheTransport(transport: TransportUnderTest, field: BadField) async throws {
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make())
        let key = uniqueKey("inject")
        let request = Request<String>(
            path: "/raw-headers/\(key)", headers: HTTPHeaders([.init(name: field.name, value: field.value)]))
        let error = try await #require(throws: HTTPError.self) { try await client.send(request) }
        expectRefused(error, naming: field.shownName)

        let requests = try await recordedAfterMarker(key, client: client)
        #expect(requests.count == 1, "the server saw more than the marker: \(requests)")
        #expect(requests.first?.contains("X-Marker: 1") == true, "\(requests)")
        #expect(!requests.joined().contains { $0.contains("X-Injected") || $0.contains("secret-value") })
    }

    @Test(
        "A field an interceptor adds after the request was built is refused too; the transport is never called",
        arguments: TransportUnderTest.allCases)
    func addedByAnInterceptor(transport: TransportUnderTest) async throws {
        let recorder = RecordingMonitor()
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make()) {
            $0.interceptors = [.adapt { $0.headers["X-Late"] = "secret-value\r\nX-Injected: yes" }]
            $0.eventMonitors = [recorder]
        }
        let key = uniqueKey("late")
        let error = try await #require(throws: HTTPError.self) {
            try await client.send(Request<String>(path: "/raw-headers/\(key)"))
        }
        expectRefused(error, naming: #""X-Late""#)
        try await recorder.waitForFinishes(1)
        #expect(
            !recorder.events().contains { if case .send = $0 { true } else { false } },
            "the request reached the transport stage: \(recorder.events())")

        let plain = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make())
        let requests = try await recordedAfterMarker(key, client: plain)
        #expect(requests.count == 1, "the server saw more than the marker: \(requests)")
        #expect(!requests.joined().contains { $0.contains("X-Injected") || $0.contains("X-Late") })
    }

    @Test("A transport called directly refuses such a field as well", arguments: TransportUnderTest.allCases)
    func transportsRefuseDirectCalls(transport: TransportUnderTest) async throws {
        let server = try TestServers.faults()
        let key = uniqueKey("direct")
        for field in BadField.allCases {
            let request = HTTPRequest(
                url: server.appendingPathComponent("raw-headers/\(key)"),
                headers: HTTPHeaders([.init(name: field.name, value: field.value)]))
            await #expect(throws: (any Error).self, "\(field)") { try await transport.make().send(request) }
        }
        let client = HTTPClient(baseURL: server, transport: try transport.make())
        let requests = try await recordedAfterMarker(key, client: client)
        #expect(requests.count == 1, "the server saw more than the marker: \(requests)")
    }

    @Test("Names are RFC 9110 tokens: every tchar passes, delimiters, spaces, non-ASCII and empty names do not")
    func tokenRules() async throws {
        let stub = StubTransport(status: 200)
        let client = HTTPClient(baseURL: URL(string: "https://api.example.com"), transport: stub)
        let good = ["X-Custom_1", "!#$%&'*+-.^_`|~09azAZ", "x"]
        for name in good {
            _ = try await client.send(
                Request<Data>(path: "/ok", headers: HTTPHeaders([.init(name: name, value: "v\t1")])))
        }
        #expect(stub.requestCount == good.count)
        let bad = ["", "X A", "X:A", "X(A)", "Ümlaut", "X\u{7F}", "X/A", "X\"A"]
        for name in bad {
            let error = try await #require(throws: HTTPError.self, "\(name)") {
                try await client.send(Request<Data>(path: "/ok", headers: HTTPHeaders([.init(name: name, value: "v")])))
            }
            guard case .invalidRequest = error.kind else {
                Issue.record("\(name): expected invalidRequest, got \(error)")
                continue
            }
        }
        // The client's default headers are checked as well.
        let defaults = HTTPClient(baseURL: URL(string: "https://api.example.com"), transport: stub) {
            $0.headers = ["User-Agent": "App/1.0\r\nX-Injected: yes"]
        }
        await #expect(throws: HTTPError.self) { try await defaults.send(Request<Data>(path: "/ok")) }
        #expect(stub.requestCount == good.count, "a custom transport was handed a request it must never see")
    }

    @Test("Log lines show the refused field escaped; no line holds a raw CR, LF or NUL")
    func logLinesStayOneLine() async throws {
        let lines = LineCollector()
        let stub = StubTransport(status: 200)
        let client = HTTPClient(baseURL: URL(string: "https://api.example.com"), transport: stub) {
            $0.eventMonitors = [LoggingMonitor(verbose: true, output: lines.output)]
        }
        _ = try? await client.send(Request<Data>(path: "/a", headers: ["X-A\r\nX-Injected": "yes"]))
        let late = HTTPClient(baseURL: URL(string: "https://api.example.com"), transport: stub) {
            $0.interceptors = [.adapt { $0.headers["X-Late"] = "v\nX-Injected: yes" }]
            $0.eventMonitors = [LoggingMonitor(verbose: true, output: lines.output)]
        }
        _ = try? await late.send(Request<Data>(path: "/b"))
        // A call refused while it is built ends with `failed` alone (it never started).
        try await waitUntil("two failed lines") { lines.all.filter { $0.contains(" failed ") }.count == 2 }
        let log = lines.all
        // The error field is quoted, so its own backslashes are doubled: `\r` shows as `\\r`.
        #expect(log.contains { $0.contains(" failed GET ") && $0.contains(#"X-A\\r\\nX-Injected"#) }, "\(log)")
        #expect(log.contains { $0.contains(" failed GET ") && $0.contains(#"X-Late"#) }, "\(log)")
        for line in log {
            #expect(!line.contains("\r") && !line.contains("\n") && !line.contains("\0"), "\(line)")
        }
        #expect(stub.requestCount == 0)
    }
}
