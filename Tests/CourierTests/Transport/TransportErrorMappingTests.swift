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

    @Test(
        "A chunked body cut off by a close is a lost connection, and a GET is retried",
        arguments: TransportUnderTest.allCases)
    func chunkedBodyCutIsConnectionLost(transport: TransportUnderTest) async throws {
        let key = uniqueKey("cut")
        let error = try await error("/chunked-cut/\(key)", transport)
        #expect(error.urlError?.code == .networkConnectionLost, "got \(error)")

        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make()) {
            $0.interceptors = [RetryPolicy(maxAttempts: 3, clock: VirtualClock(autoAdvances: true))]
        }
        let retried = try await #require(throws: HTTPError.self) {
            try await client.send(Request<Data>(path: "/chunked-cut/\(key)"))
        }
        #expect(retried.attempts == 3, "got \(retried)")
        #expect(try await FaultServer().hits(key).hits == 4)
    }

    @Test(
        "A POST whose reused connection the server closes unanswered is a lost connection at once, sent once",
        arguments: TransportUnderTest.allCases)
    func closedUnderAPostIsConnectionLost(transport: TransportUnderTest) async throws {
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make())
        let key = uniqueKey("close-post")
        // The timeout only bounds a hang: the answer must be a lost connection, not a timeout.
        let post = Request<JSON>(
            method: .post, path: "/close-second/\(key)", body: .data(Data("hello".utf8), contentType: "text/plain")
        ).timeout(.seconds(30))
        // The first request on a connection is answered; the next one on it is read whole, then
        // the server closes the connection without a word.
        #expect(try await client.send(post).value["hit"]?.intValue == 1)
        let error = try await #require(throws: HTTPError.self) { try await client.send(post) }
        #expect(error.urlError?.code == .networkConnectionLost, "got \(error)")
        #expect(!error.isTimeout, "got \(error)")
        #expect(try await FaultServer().hits(key).hits == 2, "the POST reached the server more than once")

        // A RetryPolicy retries it when the call says a POST may be sent again.
        let retrying = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make()) {
            $0.interceptors = [RetryPolicy(maxAttempts: 2, clock: VirtualClock(autoAdvances: true))]
        }
        #expect(try await retrying.send(post.retryable()).value["hit"]?.intValue == 3)
        let answered = try await retrying.send(post.retryable())
        #expect(answered.value["hit"]?.intValue == 5, "the refused POST was read once, then sent again once")
    }
}
