import Courier
import CourierTesting
import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// The service the commands run on: raw answers for `--json`, writes through `AccountStore`.
@Suite struct RedditServiceTests {
    private static func subredditPage(_ names: [String], after: String?) -> String {
        let children = names.map {
            #"{"kind":"t5","data":{"display_name":"\#($0)","name":"t5_\#($0)","id":"\#($0)","subscribers":1,"public_description":"","title":"\#($0)","url":"/r/\#($0)/"}}"#
        }
        let afterJSON = after.map { "\"\($0)\"" } ?? "null"
        return
            #"{"kind":"Listing","data":{"after":\#(afterJSON),"before":null,"children":[\#(children.joined(separator: ","))]}}"#
    }

    private func service(_ stub: StubTransport) throws -> RedditService {
        RedditService(
            userAgent: try UserAgent("test:reddit-cli:1.0 (by /u/tester)"), authentication: .bearer("token"),
            transport: stub)
    }

    @Test func subscriptionsAsJSONKeepEveryPage() async throws {
        let stub = StubTransport()
        stub.on(
            .get,
            .custom("second page") {
                $0.url.path.hasSuffix("/subreddits/mine/subscriber") && ($0.url.query ?? "").contains("after=t5_b")
            },
            .string(Self.subredditPage(["c"], after: nil), headers: ["Content-Type": "application/json"]))
        stub.on(
            .get, .pathPrefix("/subreddits/mine/subscriber"),
            .string(Self.subredditPage(["a", "b"], after: "t5_b"), headers: ["Content-Type": "application/json"]))
        let pages = try await service(stub).subscriptionPages()
        #expect(pages.bodies.count == 2, "one body per page")
        #expect(pages.value.map(\.displayName) == ["a", "b", "c"])
        let second = try JSONSerialization.jsonObject(with: pages.bodies[1]) as? [String: Any]
        #expect(((second?["data"] as? [String: Any])?["children"] as? [Any])?.count == 1)
    }

    @Test func aVoteGoesThroughTheAccountStore() async throws {
        let stub = StubTransport()
        stub.on(.post, .path("/api/vote"), .string("{}", headers: ["Content-Type": "application/json"]))
        let service = try service(stub)
        let outcome = try await service.vote(Fullname("t3_abc"), .up)
        #expect(outcome == .sent)
        let changes = await service.account.changes
        #expect(changes[Fullname("t3_abc")]?.vote == .up, "\(changes)")
        #expect(stub.requests.map(\.url.path) == ["/api/vote"])
    }

    @Test func offlineWritesAreDescribedNotSent() async throws {
        let stub = StubTransport()
        var service = try service(stub)
        service.sendsWrites = false
        let outcome = try await service.setSaved(Fullname("t3_abc"), true)
        #expect(outcome == .notSent("POST /api/save api_type=json&id=t3_abc"), "\(outcome)")
        #expect(stub.requests.isEmpty)
    }

    @Test func localChangesShowAVoteAsRedditAPIAppliesIt() {
        var changes = LocalChanges()
        let name = Fullname("t3_abc")
        changes.set(.up, for: name)
        #expect(changes.score(name, recorded: 10, recordedVote: .down) == 12)
        #expect(changes.vote(name, recorded: .down) == .up)
        changes.set(nil, for: name)
        #expect(changes == LocalChanges(), "a change undone leaves nothing behind")
    }
}
