import Foundation
import TestSupport
import Testing

@testable import Courier

/// The reconnecting sequence on a scripted server (``ScriptedEventServer``) and a virtual clock:
/// what it reads across connections, what it sends, how long it waits and how it ends.
@Suite("Server-sent events: reconnection on a virtual clock")
struct ReconnectionTests {
    typealias Event = HTTPClient.ServerSentEvent

    func events(
        _ server: ScriptedEventServer, clock: VirtualClock = VirtualClock(autoAdvances: true),
        backoff: RetryPolicy.Backoff = .exponential(base: .milliseconds(200), cap: .seconds(5), jitter: false),
        maximumDelay: Duration = .seconds(60), lastEventID: String? = nil
    ) -> HTTPClient.ServerSentEvents {
        HTTPClient.ServerSentEvents(
            configuration: .init(backoff: backoff, maximumDelay: maximumDelay, lastEventID: lastEventID, clock: clock),
            open: server.opener)
    }

    func collect(_ events: HTTPClient.ServerSentEvents) async throws(HTTPError) -> [Event] {
        var received: [Event] = []
        for try await event in events { received.append(event) }
        return received
    }

    @Test("a drop mid-event reconnects with Last-Event-ID after the server's retry time; 204 ends")
    func reconnectsAndResumes() async throws {
        let server = ScriptedEventServer([
            .stream(["retry: 1500\n\nid: 1\ndata: a\n\nid: 2\nda", "ta: b\n\nid: 3\ndata: cut sh"], drop: true),
            .stream(["id: 3\ndata: c\n\n", "data: d\n\nid: 4\ndata: parti"], drop: false),
            .response(status: 204, contentType: nil),
        ])
        let clock = VirtualClock(autoAdvances: true)
        let received = try await collect(events(server, clock: clock))
        #expect(
            received == [
                Event(id: "1", data: "a", retry: nil), Event(id: "2", data: "b"), Event(id: "3", data: "c"),
                Event(id: "3", data: "d"),
            ])
        #expect(server.lastEventIDs == [nil, "2", "3"])
        #expect(clock.sleeps == [.milliseconds(1500), .milliseconds(1500)])
    }

    @Test("the client's backoff is a floor under a short server retry, and grows while reconnections fail")
    func backoffFloor() async throws {
        let server = ScriptedEventServer([
            .stream(["retry: 10\ndata: a\n\n"], drop: false),
            .networkDown, .networkDown,
            .stream(["data: b\n\n"], drop: true),
            .response(status: 204, contentType: nil),
        ])
        let clock = VirtualClock(autoAdvances: true)
        let received = try await collect(events(server, clock: clock))
        #expect(received.map(\.data) == ["a", "b"])
        // 200 ms, then 400 and 800 while the network is down; back to 200 after an event arrived.
        #expect(clock.sleeps == [.milliseconds(200), .milliseconds(400), .milliseconds(800), .milliseconds(200)])
        #expect(server.connections == 5)
    }

    @Test("a long server retry is cut to the maximum delay; before any retry the default 3 s applies")
    func capAndDefault() async throws {
        let server = ScriptedEventServer([
            .stream(["data: a\n\n"], drop: true),
            .stream(["retry: 3600000\ndata: b\n\n"], drop: true),
            .response(status: 204, contentType: nil),
        ])
        let clock = VirtualClock(autoAdvances: true)
        _ = try await collect(events(server, clock: clock, maximumDelay: .seconds(60)))
        #expect(clock.sleeps == [.seconds(3), .seconds(60)])
    }

    @Test("the wait is the server's retry within the backoff floor and the cap")
    func delayRule() {
        let configuration = HTTPClient.EventStreamConfiguration(
            retry: .seconds(3), backoff: .exponential(base: .seconds(1), cap: .seconds(8), jitter: false),
            maximumDelay: .seconds(20))
        func delay(_ reconnection: Int, _ retry: Duration?) -> Duration {
            EventStreamLoop.delay(forReconnection: reconnection, serverRetry: retry, configuration: configuration)
        }
        #expect(delay(1, nil) == .seconds(3))
        #expect(delay(1, .milliseconds(100)) == .seconds(1))
        #expect(delay(3, .milliseconds(100)) == .seconds(4))
        #expect(delay(9, .milliseconds(100)) == .seconds(8))
        #expect(delay(1, .seconds(10)) == .seconds(10))
        #expect(delay(1, .seconds(600)) == .seconds(20))
    }

    @Test("a configured last event id is sent with the first connection")
    func resumesFromStoredID() async throws {
        let server = ScriptedEventServer([
            .stream(["data: a\n\n"], drop: false), .response(status: 204, contentType: nil),
        ])
        let received = try await collect(events(server, lastEventID: "41"))
        #expect(received == [Event(id: "41", data: "a")])
        #expect(server.lastEventIDs == ["41", "41"])
    }

    @Test("204 on the first connection ends the sequence without events, for good")
    func noContentFirst() async throws {
        let server = ScriptedEventServer([.response(status: 204, contentType: nil)])
        var iterator = events(server).makeAsyncIterator()
        #expect(try await iterator.next() == nil)
        #expect(try await iterator.next() == nil)
        #expect(server.connections == 1)
    }

    @Test("a response that is not text/event-stream ends the sequence with validationFailed")
    func notAnEventStream() async throws {
        let server = ScriptedEventServer([
            .stream(["data: a\n\n"], drop: true), .response(status: 200, contentType: "application/json"),
        ])
        var iterator = events(server).makeAsyncIterator()
        #expect(try await iterator.next()?.data == "a")
        let error = await #expect(throws: HTTPError.self) { try await iterator.next() }
        guard case .validationFailed(let reason) = error?.kind else {
            Issue.record("expected validationFailed, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("application/json"))
        #expect(error?.statusCode == 200)
        #expect(try await iterator.next() == nil)
        #expect(server.connections == 2)
    }

    @Test("a refused status on reconnection ends the sequence with that HTTPError")
    func refusedOnReconnection() async throws {
        let server = ScriptedEventServer([.stream(["data: a\n\n"], drop: false), .refused(status: 403)])
        var iterator = events(server).makeAsyncIterator()
        #expect(try await iterator.next()?.data == "a")
        let error = await #expect(throws: HTTPError.self) { try await iterator.next() }
        #expect(error?.statusCode == 403)
        #expect(try await iterator.next() == nil)
        #expect(server.connections == 2)
    }

    @Test("the first connection failing on the network is thrown, not retried")
    func firstConnectionFails() async throws {
        let server = ScriptedEventServer([.networkDown])
        let error = await #expect(throws: HTTPError.self) { try await collect(events(server)) }
        #expect(error?.isConnectivity == true)
        #expect(server.connections == 1)
    }

    @Test("an event larger than the limit ends the sequence with validationFailed and closes the body")
    func eventTooLarge() async throws {
        let server = ScriptedEventServer([.open(["data: " + String(repeating: "x", count: 100)])])
        let sequence = HTTPClient.ServerSentEvents(
            configuration: .init(maximumEventSize: 64, clock: VirtualClock(autoAdvances: true)), open: server.opener)
        let error = await #expect(throws: HTTPError.self) { try await collect(sequence) }
        guard case .validationFailed(let reason) = error?.kind else {
            Issue.record("expected validationFailed, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("64 bytes"))
        try await waitUntil("the body to be closed") { server.closed == 1 }
    }

    @Test("cancelling the reading task closes the open connection and throws cancelled")
    func cancelWhileReading() async throws {
        let server = ScriptedEventServer([.open(["data: a\n\n"])])
        let clock = VirtualClock()
        let sequence = events(server, clock: clock)
        let firstArrived = Gate()
        let reader = Task { () async throws(HTTPError) -> [Event] in
            var received: [Event] = []
            for try await event in sequence {
                received.append(event)
                firstArrived.open()
            }
            return received
        }
        await firstArrived.wait()
        reader.cancel()
        let result = await reader.result
        #expect(throws: HTTPError.self) { try result.get() }
        #expect((try? result.get()) == nil)
        if case .failure(let error) = result { #expect((error as? HTTPError)?.isCancelled == true) }
        try await waitUntil("the body to be closed") { server.closed == 1 }
        #expect(server.connections == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test("cancelling during the wait before a reconnection throws cancelled and opens nothing more")
    func cancelWhileWaiting() async throws {
        let server = ScriptedEventServer([.stream(["retry: 5000\ndata: a\n\n"], drop: true)])
        let clock = VirtualClock()
        let sequence = events(server, clock: clock)
        let reader = Task { () async throws(HTTPError) -> Int in
            var count = 0
            for try await _ in sequence { count += 1 }
            return count
        }
        try await clock.waitForSleepers(1)
        #expect(clock.sleeps == [.seconds(5)])
        reader.cancel()
        let result = await reader.result
        if case .failure(let error) = result {
            #expect((error as? HTTPError)?.isCancelled == true)
        } else {
            Issue.record("expected cancelled")
        }
        #expect(server.connections == 1)
    }

    @Test("breaking out of the loop closes the connection")
    func breakCloses() async throws {
        let server = ScriptedEventServer([.open(["data: a\n\ndata: b\n\n"])])
        for try await event in events(server) where event.data == "a" { break }
        try await waitUntil("the body to be cancelled") { server.ends.count == 1 }
        #expect(server.ends.first??.isCancelled == true)
        try await waitUntil("the body to be closed") { server.closed == 1 }
    }
}
