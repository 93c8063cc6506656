import Courier
import CourierTesting
import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// The moderator's commands online: the whole command line runs, and a stub transport under
/// `RedditClient` shows what reached Reddit (the token, the User-Agent, `raw_json`, the form),
/// that the client's rate limiter reads the budget and retries a read after a 429, and that a
/// failed write is not sent again, as for every other call.
@Suite struct ModeratorOnlineTests {
    private static let json: HTTPHeaders = ["Content-Type": "application/json; charset=UTF-8"]

    /// Runs `arguments` through `reddit` with its service on `stub`; the exit status.
    private func run(_ arguments: [String], on stub: StubTransport, service: RedditService? = nil) async throws
        -> Int32
    {
        let environment = try BuiltExecutable.isolatedEnvironment(["REDDIT_CLIENT_ID": "test-client"])
        let service =
            try service
            ?? RedditService(
                userAgent: try UserAgent("test:reddit-cli:1.0 (by /u/tester)"), authentication: .bearer("mod-token"),
                transport: stub)
        let commandLine = RedditCommandLine(environment: environment) { _, _ throws(CLIError) in service }
        return await commandLine.run(arguments)
    }

    @Test func removeWithAReasonSendsBothRequestsWithTheToken() async throws {
        let stub = StubTransport()
        stub.on(.post, .path("/api/remove"), .string("{}", headers: Self.json))
        stub.on(.post, .path("/api/v1/modactions/removal_reasons"), .string("{}", headers: Self.json))
        let status = try await run(["mod", "remove", "t3_hmkbt8", "--spam", "--reason", "15kbmgmhm6mxo"], on: stub)
        #expect(status == 0)
        let requests = stub.requests
        #expect(requests.map(\.url.path) == ["/api/remove", "/api/v1/modactions/removal_reasons"])
        #expect(requests.allSatisfy { $0.url.host == "oauth.reddit.com" })
        #expect(requests.allSatisfy { $0.headers["Authorization"] == "bearer mod-token" }, "\(requests.map(\.headers))")
        #expect(requests.allSatisfy { $0.headers["User-Agent"] == "test:reddit-cli:1.0 (by /u/tester)" })
        #expect(FormFields.of(requests[0]) == ["api_type": "json", "id": "t3_hmkbt8", "spam": "true"])
        let reason = try #require(FormFields.of(requests[1])["json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(reason.utf8)) as? [String: Any])
        #expect(document["item_ids"] as? [String] == ["t3_hmkbt8"])
        #expect(document["reason_id"] as? String == "15kbmgmhm6mxo")
    }

    @Test func aQueueReadFollowsTheRateLimiterAndItsRetryAfterA429() async throws {
        let stub = StubTransport()
        let listing = #"{"kind":"Listing","data":{"after":null,"before":null,"children":[]}}"#
        let budget: HTTPHeaders = [
            "Content-Type": "application/json; charset=UTF-8", "X-Ratelimit-Remaining": "42",
            "X-Ratelimit-Used": "558", "X-Ratelimit-Reset": "120",
        ]
        stub.on(
            .get, .path("/r/swift/about/spam"),
            sequence: [
                .string("slow down", status: 429, headers: ["Retry-After": "0"]), .string(listing, headers: budget),
            ])
        let service = RedditService(
            userAgent: try UserAgent("test:reddit-cli:1.0 (by /u/tester)"), authentication: .bearer("mod-token"),
            transport: stub)
        let status = try await run(["mod", "queue", "swift", "spam", "--only", "links"], on: stub, service: service)
        #expect(status == 0)
        #expect(stub.requests.count == 2, "the limiter retries a read after a 429, as for every read")
        #expect(service.client.rateLimit?.remaining == 42, "the client's limiter read the budget")
        let query = stub.requests.last.flatMap {
            URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.queryItems
        }
        #expect(query?.contains(URLQueryItem(name: "only", value: "links")) == true, "\(String(describing: query))")
        #expect(query?.contains(URLQueryItem(name: "raw_json", value: "1")) == true)
    }

    @Test func aFailedWriteIsNotRetriedAndSaysWhatRedditAnswered() async throws {
        let stub = StubTransport()
        stub.on(.post, .path("/api/mod/conversations/ik72"), .string("busy", status: 503))
        let status = try await run(["modmail", "reply", "ik72", "--text", "On it", "--internal"], on: stub)
        #expect(status == 1)
        #expect(stub.requests.count == 1, "a write is sent once")
        #expect(FormFields.of(stub.requests[0])["isInternal"] == "true")
        #expect(FormFields.of(stub.requests[0])["body"] == "On it")
    }

    @Test func aWikiPageAndTheLogAreReadWithTheirFilters() async throws {
        let stub = StubTransport()
        stub.on(
            .get, .path("/r/swift/about/log"),
            .string(#"{"kind":"Listing","data":{"after":null,"before":null,"children":[]}}"#, headers: Self.json))
        let status = try await run(["mod", "log", "swift", "--type", "removelink", "--mod", "spez"], on: stub)
        #expect(status == 0)
        let query = stub.requests.first.flatMap {
            URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.queryItems
        }
        #expect(query?.contains(URLQueryItem(name: "type", value: "removelink")) == true)
        #expect(query?.contains(URLQueryItem(name: "mod", value: "spez")) == true)
        let flair = StubTransport()
        flair.on(.post, .path("/r/swift/api/flair"), .string(#"{"json":{"errors":[]}}"#, headers: Self.json))
        #expect(try await run(["flair", "swift", "spez", "Helper"], on: flair) == 0)
        #expect(
            FormFields.of(flair.requests[0])["name"] == "spez" && FormFields.of(flair.requests[0])["text"] == "Helper")
    }
}
