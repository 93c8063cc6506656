import Courier
import CourierTesting
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RedditAPI

/// The calls for one live thread: paging through updates, editing some settings, the models
/// read from the recordings, and the client's send path.
@Suite struct LiveThreadTests {
    /// A page of updates `LiveUpdate_<name>` for each name, with `after` when given.
    static func page(_ names: [String], after: String?) -> Data {
        let children = names.map { name in
            #"{"kind": "LiveUpdate", "data": {"id": "\#(name)", "name": "LiveUpdate_\#(name)", "body": "update \#(name)", "author": "umbrae", "created_utc": 1426261741.0, "stricken": false, "embeds": []}}"#
        }
        let cursor = after.map { "\"LiveUpdate_\($0)\"" } ?? "null"
        return Data(
            #"{"kind": "Listing", "data": {"children": [\#(children.joined(separator: ","))], "after": \#(cursor), "before": null}}"#
                .utf8)
    }

    @Test func everyUpdateFollowsTheCursorUntilRedditSendsNone() async throws {
        let transport = StubTransport { request in
            let body: Data
            switch request.query("after") {
            case nil: body = Self.page(["c", "b"], after: "b")
            case "LiveUpdate_b": body = Self.page(["a"], after: nil)
            default: throw UnmatchedRequest(url: request.url, known: [])
            }
            return HTTPResponse(statusCode: 200, headers: [:], body: body, url: request.url)
        }
        var bodies: [String] = []
        for try await update in try makeClient(transport).live(id: "ukaeu1ik4sw5").allUpdates() {
            bodies.append(update.body)
        }
        #expect(bodies == ["update c", "update b", "update a"])
        #expect(transport.requests.map(\.url.path) == ["/live/ukaeu1ik4sw5", "/live/ukaeu1ik4sw5"])
        #expect(transport.requests.map { $0.query("limit") } == ["100", "100"])
    }

    @Test func aCursorSentAgainEndsThePagesInsteadOfLooping() async throws {
        let transport = StubTransport { request in
            HTTPResponse(statusCode: 200, headers: [:], body: Self.page(["a"], after: "a"), url: request.url)
        }
        var count = 0
        for try await _ in try makeClient(transport).live(id: "x").allUpdates().prefix(5) { count += 1 }
        #expect(count == 2)
        #expect(transport.requests.count == 2)
    }

    @Test func editingSomeSettingsReadsTheOthersFirstAndSendsAllFour() async throws {
        let transport = StubTransport { request in
            if request.url.path == "/api/live/xyu8kmjvfrww/about" {
                return try Fixture("praw/live/liveabout__200__2.json").response(for: request.url)
            }
            return HTTPResponse(
                statusCode: 200, headers: [:], body: Data(#"{"json": {"errors": []}}"#.utf8), url: request.url)
        }
        let thread = try makeClient(transport).live(id: "xyu8kmjvfrww")
        try await thread.edit(title: "new title 2", nsfw: false)
        #expect(transport.requests.map(\.url.path) == ["/api/live/xyu8kmjvfrww/about", "/api/live/xyu8kmjvfrww/edit"])
        #expect(
            transport.requests[1].form == [
                "title": "new title 2", "description": "## old description", "nsfw": "false",
                "resources": "## old resources", "api_type": "json",
            ])

        transport.clearRequests()
        try await thread.edit(title: "t", description: "d", nsfw: true, resources: "r")
        #expect(transport.requests.map(\.url.path) == ["/api/live/xyu8kmjvfrww/edit"])
        transport.clearRequests()
        try await thread.edit()
        #expect(transport.requests.isEmpty)
    }

    @Test func newUpdatesAskForThoseBeforeTheNewestSeen() async throws {
        let transport = StubTransport { request in
            let body: Data
            switch request.query("before") {
            case nil: body = Self.page(["b", "a"], after: nil)
            case "LiveUpdate_b": body = Self.page(["c"], after: nil)
            default: body = Self.page([], after: nil)
            }
            return HTTPResponse(statusCode: 200, headers: [:], body: body, url: request.url)
        }
        let clock = VirtualClock()
        var received: [String] = []
        for try await update in try makeClient(transport).live(id: "x").newUpdates(
            options: StreamOptions(clock: clock))
        {
            received.append(update.id)
            if received.count == 3 { break }
        }
        #expect(received == ["a", "b", "c"])
        #expect(transport.requests.map { $0.query("before") } == [nil, "LiveUpdate_b"])
    }

    @Test func updatesAreNamedByFullnameWhateverFormTheyAreGivenIn() async throws {
        let transport = StubTransport { request in
            HTTPResponse(statusCode: 200, headers: [:], body: Data(#"{"json": {"errors": []}}"#.utf8), url: request.url)
        }
        let client = try makeClient(transport)
        try await client.send(Reddit.strikeLiveUpdate("3e95636e-bf2c-11ea-9488-0e29bbfe5f37", in: "x"))
        try await client.send(Reddit.deleteLiveUpdate("LiveUpdate_3e95636e-bf2c-11ea-9488-0e29bbfe5f37", in: "x"))
        #expect(
            transport.requests.map { $0.form["id"] }
                == Array(repeating: "LiveUpdate_3e95636e-bf2c-11ea-9488-0e29bbfe5f37", count: 2))
        #expect(Reddit.liveUpdate("LiveUpdate_7827987a", in: "x").path == "/live/x/updates/7827987a")
    }

    @Test func permissionsAreWrittenAsPRAWWritesThem() async throws {
        let transport = StubTransport { request in
            HTTPResponse(statusCode: 200, headers: [:], body: Data("{}".utf8), url: request.url)
        }
        let client = try makeClient(transport)
        try await client.send(Reddit.inviteLiveContributor("helper", to: "x"))
        try await client.send(Reddit.inviteLiveContributor("helper", to: "x", permissions: []))
        try await client.send(
            Reddit.setLiveContributorPermissions(of: "helper", in: "x", to: [.update, .edit], invitation: true))
        #expect(transport.requests.map { $0.form["permissions"] } == ["+all", "", "+update,+edit"])
        #expect(
            transport.requests.map { $0.form["type"] } == [
                "liveupdate_contributor_invite", "liveupdate_contributor_invite", "liveupdate_contributor_invite",
            ])
    }

    @Test func theModelsReadTheRecordings() throws {
        let decoder = JSON.TapeDecoder()
        let contributors = try decoder.decode(
            LiveContributors.self, from: try Fixture("praw/live/live_contributors__200__2.json").body)
        #expect(contributors.contributors.map(\.name) == ["<USERNAME>", "nmtake"])
        #expect(contributors.contributors.first?.permissions == ["all"])
        #expect(contributors.contributors.first?.accountID == "t2_12xwv0")
        #expect(contributors.invited.isEmpty)
        let single = try decoder.decode(
            LiveContributors.self, from: try Fixture("praw/live/live_contributors__200__1.json").body)
        #expect(single.contributors.count == 2 && single.invited.isEmpty)

        let now = try decoder.decode(
            Wrapped<LiveThreadDetails>.self, from: try Fixture("praw/live/live_now__200__1.json").body
        ).value
        #expect(now.id == "z2f981agq7ky" && now.isLive && now.viewerCount == 114194)
        #expect(now.websocketURL?.hasPrefix("wss://") == true)
        #expect(now.created == Date(timeIntervalSince1970: 1_496_927_744))

        let updates = try decoder.decode(
            ItemListing<LiveUpdate>.self, from: try Fixture("praw/live/live_updates__200__2.json").body)
        #expect(updates.items.count == 23)
        #expect(updates.items[0].author == "Deimorz" && updates.items[0].name.rawValue.hasPrefix("LiveUpdate_"))
        #expect(updates.items.contains { $0.embeds.first?["url"]?.stringValue == "http://i.imgur.com/Gx1qTT7.png" })
    }

    @Test func noFeaturedThreadIsNilNotAnError() async throws {
        let transport = StubTransport { request in
            HTTPResponse(statusCode: 204, headers: [:], body: Data(), url: request.url)
        }
        #expect(try await makeClient(transport).send(Reddit.happeningNow()) == nil)
    }

    @Test func aWriteGoesThroughTheTokenAndIsNotRetried() async throws {
        let transport = StubTransport { request in
            HTTPResponse(statusCode: 503, headers: [:], body: Data(), url: request.url)
        }
        let client = RedditClient(
            userAgent: try testAgent(), authentication: .tokens(RenewingTestToken()), transport: transport
        ) { $0.interceptors.insert(RetryPolicy(maxAttempts: 3, backoff: .exponential(base: .zero, cap: .zero)), at: 0) }
        let error = await #expect(throws: HTTPError.self) {
            try await client.send(Reddit.addLiveUpdate("hello", to: "x"))
        }
        #expect(error?.statusCode == 503)
        #expect(transport.requests.count == 1)
        #expect(transport.requests.first?.headers["Authorization"] == "bearer test-token")
        #expect(transport.requests.first?.form == ["body": "hello", "api_type": "json"])
    }
}
