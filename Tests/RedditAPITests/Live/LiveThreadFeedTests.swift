import Courier
import CourierTesting
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RedditAPI

/// `liveUpdates(of:)`: a live thread's events from its socket (the scripted server
/// `Tests/Servers/reddit_socket_server.py`, messages written by hand from Reddit's shapes),
/// reconnecting with a fresh address, and polling when there is no socket. Reddit's HTTP side is
/// a stub answering with the recorded thread.
@Suite struct LiveThreadFeedTests {
    static let first = "11111111-d0a1-11f0-a000-000000000001"
    static let second = "22222222-d0a1-11f0-a000-000000000002"
    static let earlier = "00000000-d0a1-11f0-a000-000000000000"

    /// The recorded thread's details with `change` applied to its `data`.
    static func about(_ change: (inout [String: Any]) -> Void) throws -> Data {
        var object =
            try JSONSerialization.jsonObject(with: try Fixture("praw/live/liveabout__200__2.json").body)
            as! [String: Any]
        var data = object["data"] as! [String: Any]
        change(&data)
        object["data"] = data
        return try JSONSerialization.data(withJSONObject: object)
    }

    static func json(_ body: Data, for request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: body, url: request.url)
    }

    @Test("Socket events in order, a reconnect with a fresh address after the server closes, the end at complete")
    func socketEventsAndReconnect() async throws {
        let base = try TestServers.url(from: "COURIER_REDDIT_SOCKET_URL").absoluteString
            .replacingOccurrences(of: "http://", with: "ws://")
        let abouts = Mutex(0)
        let stub = StubTransport { request in
            let part = abouts.withLock {
                $0 += 1
                return $0
            }
            return Self.json(
                try Self.about { $0["websocket_url"] = base + "/live/xyu8kmjvfrww?part=\(part)" }, for: request)
        }
        var events: [LiveThreadEvent] = []
        for try await event in try makeClient(stub).liveUpdates(of: "xyu8kmjvfrww") { events.append(event) }
        let updates = events.compactMap { event -> LiveUpdate? in
            if case .update(let update) = event { update } else { nil }
        }
        #expect(updates.map(\.id) == [Self.first, Self.second])
        #expect(updates.first?.body == "Doors open." && updates.first?.author == "courier_tests")
        guard updates.count == 2 else { return }
        let expected: [LiveThreadEvent] = [
            .viewers(42), .update(updates[0]), .strike(Fullname("LiveUpdate_" + Self.first)),
            .delete(Fullname("LiveUpdate_" + Self.earlier)), .update(updates[1]), .complete,
        ]
        #expect(events == expected, "embeds_ready is not delivered")
        #expect(abouts.withLock { $0 } == 2, "the address was read again after the server closed the socket")
        #expect(stub.requests.allSatisfy { $0.url.path == "/api/live/xyu8kmjvfrww/about" })
    }

    @Test("Without a socket, the thread's page is polled: new updates and strikes are reported")
    func pollingFallback() async throws {
        let listing =
            try JSONSerialization.jsonObject(with: try Fixture("praw/live/live_updates__200__2.json").body)
            as! [String: Any]
        func page(dropNewest: Bool, strikeNewest: Bool) throws -> Data {
            var object = listing
            var data = object["data"] as! [String: Any]
            var children = data["children"] as! [[String: Any]]
            if dropNewest { children.removeFirst() }
            if strikeNewest {
                var newest = children[0]
                var fields = newest["data"] as! [String: Any]
                fields["stricken"] = true
                newest["data"] = fields
                children[0] = newest
            }
            data["children"] = children
            object["data"] = data
            return try JSONSerialization.data(withJSONObject: object)
        }
        let pages = [
            try page(dropNewest: true, strikeNewest: false), try page(dropNewest: false, strikeNewest: false),
            try page(dropNewest: false, strikeNewest: true),
        ]
        let polls = Mutex(0)
        let about = try Self.about { $0["websocket_url"] = nil }
        let stub = StubTransport { request in
            if request.url.path.hasSuffix("/about") { return Self.json(about, for: request) }
            let index = polls.withLock {
                $0 += 1
                return min($0, pages.count) - 1
            }
            return Self.json(pages[index], for: request)
        }
        let newest = "7b78e0e0-e38f-11e4-8fc5-22000b3f8161"
        var events: [LiveThreadEvent] = []
        for try await event in try makeClient(stub).liveUpdates(of: "xyu8kmjvfrww", pollInterval: .milliseconds(1)) {
            events.append(event)
            if events.count == 2 { break }
        }
        guard case .update(let update) = events.first else {
            Issue.record("no update first: \(events)")
            return
        }
        #expect(update.id == newest && !update.stricken)
        #expect(events.last == .strike(Fullname("LiveUpdate_" + newest)))
        #expect(stub.requests.contains { $0.url.path == "/live/xyu8kmjvfrww" })
    }

    @Test("A closed thread ends the feed at once with complete")
    func closedThread() async throws {
        let about = try Self.about { $0["state"] = "complete" }
        let stub = StubTransport { request in Self.json(about, for: request) }
        var events: [LiveThreadEvent] = []
        for try await event in try makeClient(stub).liveUpdates(of: "xyu8kmjvfrww") { events.append(event) }
        #expect(events == [.complete])
    }

    @Test("A failing thread read ends the feed with Reddit's error")
    func failingReadThrows() async throws {
        let stub = StubTransport(status: 404, body: #"{"message": "Not Found", "error": 404}"#)
        do {
            for try await _ in try makeClient(stub).liveUpdates(of: "nope") {}
            Issue.record("no error")
        } catch let error as HTTPError {
            #expect(error.statusCode == 404)
        }
    }

    @Test func socketMessagesAreRead() {
        #expect(LiveThreadEvent(socketMessage: #"{"type":"strike","payload":"abc"}"#) == .strike("LiveUpdate_abc"))
        #expect(
            LiveThreadEvent(socketMessage: #"{"type":"activity","payload":{"count":3,"fuzzed":false}}"#) == .viewers(3))
        #expect(LiveThreadEvent(socketMessage: #"{"type":"settings","payload":{"title":"t"}}"#) == nil)
        #expect(LiveThreadEvent(socketMessage: #"{"type":"update","payload":{}}"#) == nil)
        #expect(LiveThreadEvent(socketMessage: "[") == nil)
    }
}
