import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What an error says in words (issue 46 §3, issue 45 §4): URL errors by name and number, a
/// timeout with its limit, the attempts said once, a test double's candidates readable on one line.
@Suite("HTTPError texts")
struct HTTPErrorTextTests {
    let url = URL(string: "https://h.example/x")!

    @Test(
        "A URLError is named in words beside its number, without Foundation's bare domain text",
        arguments: [
            (URLError.Code.cannotConnectToHost, "-1004 cannot connect to host"),
            (.timedOut, "-1001 timed out"),
            (.networkConnectionLost, "-1005 connection lost"),
            (.cannotParseResponse, "-1017 cannot parse response"),
            (.httpTooManyRedirects, "-1007 too many redirects"),
            (.unsupportedURL, "-1002 unsupported URL"),
            (.cannotWriteToFile, "-3003 cannot write to file"),
            (.serverCertificateUntrusted, "-1202 server certificate untrusted"),
            (.dataLengthExceedsMaximum, "-1103 data length exceeds maximum"),
        ])
    func urlErrorNames(code: URLError.Code, expected: String) {
        let error = HTTPError(.transport(URLError(code)), method: .get, url: url)
        #expect(error.description.contains(expected), "\(error)")
        #expect(!error.description.contains("NSURLErrorDomain"), "\(error)")
        #expect(!error.description.contains("URL error"), "\(error)")
    }

    @Test("A transport's own words follow the code's name")
    func keepsTransportMessage() {
        let underlying = URLError(
            .cannotConnectToHost, userInfo: [NSLocalizedDescriptionKey: "libcurl error 7: refused"])
        let error = HTTPError(.transport(underlying), method: .get, url: url)
        #expect(error.description.contains("-1004 cannot connect to host: libcurl error 7: refused"), "\(error)")
    }

    @Test("Exhausted retries say the number of attempts once")
    func attemptsSaidOnce() {
        let last = HTTPError(.transport(URLError(.networkConnectionLost)), method: .get, url: url, attempts: 4)
        let error = HTTPError(.retriesExhausted(attempts: 4, last: last), method: .get, url: url, attempts: 4)
        let text = error.description
        #expect(text.components(separatedBy: "4 attempts").count == 2, "\(text)")
        #expect(text.contains("connection lost"), "\(text)")
    }

    @Test("A timeout says its limit", arguments: TransportUnderTest.allCases)
    func timeoutSaysItsLimit(transport: TransportUnderTest) async throws {
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make())
        let error = try await #require(throws: HTTPError.self) {
            try await client.send(Request<Data>(path: "/hang").timeout(.milliseconds(300)))
        }
        #expect(error.isTimeout)
        #expect(error.description.contains("0.3 s"), "\(error)")
    }

    @Test("StubTransport's routes stay readable inside an HTTPError's one-line description")
    func stubCandidatesReadable() async throws {
        let stub = StubTransport(routes: [
            StubRoute(.get, .path("/a"), response: .string("{}")),
            StubRoute(.post, .path("/b"), response: .string("{}")),
        ])
        let client = HTTPClient(baseURL: url, transport: stub)
        let error = try await #require(throws: HTTPError.self) { try await client.send(Request<Data>(path: "/c")) }
        let text = error.description
        #expect(!text.contains("\\n"), "\(text)")
        #expect(!text.contains("\n"))
        #expect(text.contains("/a") && text.contains("/b"), "\(text)")
        #expect(text.contains("routes tried: GET"), "\(text)")
    }
}
