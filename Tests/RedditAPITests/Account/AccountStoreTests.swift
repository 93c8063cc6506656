import Courier
import CourierTesting
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RedditAPI

@Suite struct AccountStoreTests {
    /// Subscriptions over two pages: the recorded page (pointed at a second one) and a small second page.
    static func accountTransport() throws -> StubTransport {
        let me = try Fixture("things/me_2016.json")
        let multis = try Fixture("things/multi_mine.json")
        let subscriptions = try Fixture("things/subreddits_mine_subscriber.json")
        let page1 = String(decoding: subscriptions.body, as: UTF8.self)
            .replacingOccurrences(of: #""after": null"#, with: #""after": "t5_page2""#)
        let page2 = """
            {"kind": "Listing", "data": {"after": null, "before": null, "children": [
              {"kind": "t5", "data": {"id": "zz1", "name": "t5_zz1", "display_name": "Zebra", "created_utc": 1.0}},
              {"kind": "t5", "data": {"id": "aa1", "name": "t5_aa1", "display_name": "aardvark", "created_utc": 2.0}}
            ]}}
            """
        return StubTransport { request in
            let json: HTTPHeaders = ["Content-Type": "application/json"]
            switch request.url.path {
            case "/api/v1/me": return me.response(for: request.url)
            case "/api/multi/mine": return multis.response(for: request.url)
            case "/subreddits/mine/subscriber":
                let body = request.query("after") == "t5_page2" ? page2 : page1
                return HTTPResponse(statusCode: 200, headers: json, body: Data(body.utf8), url: request.url)
            default: throw UnmatchedRequest(url: request.url, known: [])
            }
        }
    }

    @Test func refreshLoadsEveryPageSortedAndPersists() async throws {
        let persistence = InMemoryAccountPersistence()
        let store = AccountStore(client: try makeClient(try Self.accountTransport()), persistence: persistence)
        try await store.refresh()
        let snapshot = await store.snapshot
        #expect(snapshot.account?.name == "PyAPITestUser2")
        #expect(snapshot.subscriptions.count == 12)
        let names = snapshot.subscriptions.map(\.displayName)
        #expect(names.first == "<TEST_SUBREDDIT>")
        #expect(names[1...3] == ["aardvark", "announcements", "PRAW_73oy54eo3a"])
        #expect(names.last == "Zebra")
        #expect(names == names.sorted { $0.lowercased() < $1.lowercased() })
        #expect(snapshot.multireddits.count == 15)
        #expect(try persistence.loadSnapshot() == snapshot)

        // A new store starts from what was persisted, before any network call.
        let offline = StubTransport { request in throw UnmatchedRequest(url: request.url, known: []) }
        let restored = AccountStore(client: try makeClient(offline), persistence: persistence)
        #expect(await restored.snapshot == snapshot)
    }

    /// Persistence that cannot save.
    struct BrokenPersistence: AccountPersistence {
        struct DiskFull: Error {}
        func loadSnapshot() throws -> AccountSnapshot? { nil }
        func saveSnapshot(_ snapshot: AccountSnapshot) async throws { throw DiskFull() }
        func removeSnapshot() async throws { throw DiskFull() }
    }

    @Test func failuresWithNoCallerToThrowToAreKept() async throws {
        let store = AccountStore(client: try makeClient(try Self.accountTransport()), persistence: BrokenPersistence())
        try await store.refresh()
        #expect(await store.snapshot.account?.name == "PyAPITestUser2")
        #expect(await store.lastFailure is BrokenPersistence.DiskFull)

        // A refresh started by follow(signedIn:) that fails is kept too, not swallowed.
        let offline = StubTransport { request in throw UnmatchedRequest(url: request.url, known: []) }
        let following = AccountStore(client: try makeClient(offline))
        await following.follow(
            signedIn: AsyncStream {
                $0.yield(true)
                $0.finish()
            })
        #expect(await following.lastFailure is HTTPError)
    }

    @Test func snapshotSurvivesEncoding() async throws {
        let store = AccountStore(client: try makeClient(try Self.accountTransport()))
        try await store.refresh()
        let snapshot = await store.snapshot
        let decoded = try JSONDecoder().decode(AccountSnapshot.self, from: JSONEncoder().encode(snapshot))
        #expect(decoded == snapshot)
    }

    @Test func signOutClearsAndSignInRefreshes() async throws {
        let persistence = InMemoryAccountPersistence()
        let store = AccountStore(client: try makeClient(try Self.accountTransport()), persistence: persistence)
        let (states, input) = AsyncStream.makeStream(of: Bool.self)
        input.yield(true)
        input.yield(false)
        input.finish()
        await store.follow(signedIn: states)
        #expect(await store.snapshot == .empty)
        #expect(try persistence.loadSnapshot() == nil)

        let (again, more) = AsyncStream.makeStream(of: Bool.self)
        more.yield(true)
        more.finish()
        await store.follow(signedIn: again)
        #expect(await store.snapshot.account?.name == "PyAPITestUser2")
    }

    @Test func pagesNeedASignedInAccount() async throws {
        let store = AccountStore(client: try makeClient(try Self.accountTransport()))
        await #expect(throws: HTTPError.self) { try await store.saved() }
    }

    static func post() async throws -> Link {
        let listing: Listing = try await FixtureDecodingTests.value("listings/front_hot.json")
        return try #require(listing.links.first)
    }

    @Test func refusedVoteRollsBack() async throws {
        let gate = Gate()
        let refusal = try Fixture("errors/forbidden_403_message_2020.json")
        let transport = StubTransport { request in
            await gate.wait()
            return refusal.response(for: request.url)
        }
        let store = AccountStore(client: try makeClient(transport))
        let post = try await Self.post()
        #expect(post.likes == .none && post.score == 6710)

        let vote = Task { try await store.vote(.up, on: post) }
        try await waitUntil("the vote reaches the transport") { transport.requests.count == 1 }
        // Optimistic: visible before Reddit answers.
        let pending = await store.applying(to: post)
        #expect(pending.likes == .up && pending.score == 6711)

        gate.open()
        let result = await vote.result
        guard case .failure(let error as HTTPError) = result else {
            Issue.record("the refusal was not reported: \(result)")
            return
        }
        #expect(error.redditError?.status == 403)
        let after = await store.applying(to: post)
        #expect(after.likes == .none && after.score == 6710)
        #expect(await store.changes[post.name] == nil)
        #expect(transport.requests.first?.form["dir"] == "1")
    }

    @Test func acceptedSaveStaysAndLaterRefusalRestoresIt() async throws {
        let ok = try Fixture("actions/save_200.json")
        let refusal = try Fixture("errors/internal_server_error_500.json")
        let refuse = Mutex(false)
        let transport = StubTransport { request in
            refuse.withLock { $0 } ? refusal.response(for: request.url) : ok.response(for: request.url)
        }
        let store = AccountStore(client: try makeClient(transport))
        let post = try await Self.post()
        try await store.save(post)
        #expect(await store.applying(to: post).saved)
        refuse.withLock { $0 = true }
        await #expect(throws: HTTPError.self) { try await store.unsave(post) }
        #expect(await store.applying(to: post).saved)
        try? await store.vote(.down, on: post)
        #expect(await store.applying(to: post).likes == .none)
    }
}
