import Courier
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Both transports name the same failure the same way, so that errors read alike and
/// `RetryPolicy` treats them alike.
@Suite("Transport errors say what happened")
struct TransportErrorMappingTests {
    private func error(_ path: String, _ transport: TransportUnderTest) async throws -> HTTPError {
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make())
        return try await #require(throws: HTTPError.self) { try await client.send(Request<Data>(path: path)) }
    }

    @Test(
        "Garbage instead of an HTTP response is a bad server response, not a bad URL",
        arguments: TransportUnderTest.allCases)
    func garbageIsBadServerResponse(transport: TransportUnderTest) async throws {
        let error = try await error("/garbage", transport)
        #expect(error.urlError?.code == .badServerResponse, "got \(error)")
    }

    @Test(
        "A connection reset before or during the response is a lost connection",
        arguments: TransportUnderTest.allCases, ["/reset-before", "/reset-mid-body"])
    func resetIsConnectionLost(transport: TransportUnderTest, path: String) async throws {
        let error = try await error(path, transport)
        #expect(error.urlError?.code == .networkConnectionLost, "got \(error)")
    }

    @Test("A GET whose connection is reset is retried by the RetryPolicy", arguments: TransportUnderTest.allCases)
    func resetGetIsRetried(transport: TransportUnderTest) async throws {
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make()) {
            $0.interceptors = [RetryPolicy(maxAttempts: 3, clock: VirtualClock(autoAdvances: true))]
        }
        let error = try await #require(throws: HTTPError.self) {
            try await client.send(Request<Data>(path: "/reset-before"))
        }
        #expect(error.attempts == 3, "got \(error)")
    }
}
