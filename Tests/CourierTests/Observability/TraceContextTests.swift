import Courier
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// W3C Trace Context: the headers each attempt carries, as real servers saw them, and the spans
/// reported to monitors.
@Suite("Trace context")
struct TraceContextTests {
    /// Records the `traceparent` each attempt carried to the transport.
    private final class SentHeaders: Interceptor {
        let sent = Mutex<[String]>([])
        func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse {
            sent.withLock { $0.append(request.headers["traceparent"] ?? "") }
            return try await next(request)
        }
    }

    private static func isTraceparent(_ value: String, sampled: Bool = true) -> Bool {
        let fields = value.split(separator: "-", omittingEmptySubsequences: false)
        let hex = { (field: Substring) in field.allSatisfy { "0123456789abcdef".contains($0) } }
        return fields.count == 4 && fields[0] == "00" && fields[1].count == 32 && hex(fields[1])
            && fields[2].count == 16 && hex(fields[2]) && fields[3] == (sampled ? "01" : "00")
    }

    private struct EchoedHeaders: Decodable {
        let headers: [String: String]
    }

    @Test("httpbin receives a well-formed traceparent, and the monitors get its span")
    func format() async throws {
        let monitor = RecordingMonitor()
        let client = HTTPClient(baseURL: try TestServers.httpbin()) {
            $0.interceptors = [.traceContext()]
            $0.eventMonitors = [monitor]
        }
        let echoed = try await client.send(Request<EchoedHeaders>(path: "/headers")).value.headers
        let traceparent = try #require(echoed["Traceparent"])
        #expect(Self.isTraceparent(traceparent), "\(traceparent)")
        #expect(echoed["Tracestate"] == nil)
        try await waitUntil("the span is reported") { !monitor.spans.isEmpty }
        let span = try #require(monitor.spans.first)
        #expect(traceparent == "00-\(span.traceID)-\(span.spanID ?? "")-01")
        #expect(span.parentSpanID == nil && span.attempt == 1 && span.statusCode == 200 && span.error == nil)
        #expect(span.end >= span.start)
    }

    @Test("Each retry is a new span of the same trace, and the server sees each one")
    func newSpanPerRetry() async throws {
        let monitor = RecordingMonitor()
        let sent = SentHeaders()
        let policy = RetryPolicy(
            maxAttempts: 3, backoff: .exponential(base: .milliseconds(100)), clock: VirtualClock(autoAdvances: true))
        let client = HTTPClient(baseURL: try TestServers.faults()) {
            $0.interceptors = [policy, .traceContext(samplesNewTraces: false), sent]
            $0.eventMonitors = [monitor]
        }
        let key = uniqueKey("trace-retry")
        let echoed = try await client.send(Request<JSON>(path: "/flaky/\(key)?fail=2&status=503")).value
        let headers = sent.sent.withLock { $0 }
        try #require(headers.count == 3)
        #expect(headers.allSatisfy { Self.isTraceparent($0, sampled: false) }, "\(headers)")
        // The fault server echoes the last attempt's header fields (names lowercased).
        #expect(echoed["headers"]?["traceparent"]?.stringValue == headers[2])
        try await waitUntil("three spans are reported") { monitor.spans.count == 3 }
        let spans = monitor.spans.sorted { $0.attempt < $1.attempt }
        #expect(spans.map(\.attempt) == [1, 2, 3])
        #expect(Set(spans.map(\.spanID)).count == 3)
        #expect(Set(spans.map(\.traceID)).count == 1)
        #expect(spans.map { "00-\($0.traceID)-\($0.spanID ?? "")-00" } == headers)
        #expect(spans.map(\.statusCode) == [503, 503, 200])
    }

    @Test("A trace the caller set for the task is kept: its id, its flag, its tracestate")
    func callersTrace() async throws {
        let client = HTTPClient(baseURL: try TestServers.httpbin()) { $0.interceptors = [.traceContext()] }
        let caller = try #require(
            TraceContext(
                traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00", tracestate: "congo=t61rcWkgMzE")
        )
        let echoed = try await TraceContext.$current.withValue(caller) {
            try await client.send(Request<EchoedHeaders>(path: "/headers")).value.headers
        }
        let traceparent = try #require(echoed["Traceparent"])
        #expect(Self.isTraceparent(traceparent, sampled: false), "\(traceparent)")
        #expect(traceparent.hasPrefix("00-4bf92f3577b34da6a3ce929d0e0e4736-"))
        #expect(!traceparent.contains("00f067aa0ba902b7"), "a span of its own, not the caller's")
        #expect(echoed["Tracestate"] == "congo=t61rcWkgMzE")
    }

    @Test("A valid traceparent the request carries is continued; an invalid one is replaced")
    func requestsOwnHeader() async throws {
        let client = HTTPClient(baseURL: try TestServers.httpbin()) { $0.interceptors = [.traceContext()] }
        let given = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"
        let kept = try await client.send(
            Request<EchoedHeaders>(path: "/headers", headers: ["traceparent": given])
        ).value.headers["Traceparent"]
        #expect(kept?.hasPrefix("00-0af7651916cd43dd8448eb211c80319c-") == true && kept != given, "\(kept ?? "")")
        let bad = "00-00000000000000000000000000000000-b7ad6b7169203331-01"
        let replaced = try await client.send(
            Request<EchoedHeaders>(path: "/headers", headers: ["traceparent": bad])
        ).value.headers["Traceparent"]
        #expect(replaced.map { Self.isTraceparent($0) && !$0.contains("-00000000000000000000000000000000-") } == true)
    }

    @Test(
        "Identifiers that break the W3C rules are refused",
        arguments: [
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",  // uppercase
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",  // trace id all zeros
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",  // span id all zeros
            "00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01",  // short trace id
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",  // version ff
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",  // fields after version 00
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7",  // no flags
            "",
        ])
    func invalid(traceparent: String) {
        #expect(TraceContext(traceparent: traceparent) == nil)
    }

    @Test("Valid forms are read: a later version with more fields, the sampled flag among others")
    func valid() throws {
        let later = try #require(
            TraceContext(traceparent: "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-03-what"))
        #expect(later.traceID == "4bf92f3577b34da6a3ce929d0e0e4736" && later.parentSpanID == "00f067aa0ba902b7")
        #expect(later.sampled)
        #expect(later.spanID == nil, "a context read from a header is no span of its own")
        #expect(TraceContext(traceID: "abc") == nil)
        #expect(TraceContext(traceID: "4bf92f3577b34da6a3ce929d0e0e4736", traceState: "no-equals-sign") == nil)
    }
}
