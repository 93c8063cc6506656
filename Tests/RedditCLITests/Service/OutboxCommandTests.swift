import Courier
import CourierTesting
import Foundation
import RedditAPI
import Synchronization
import Testing

@testable import RedditCLI

/// `reddit outbox`: a vote that cannot reach Reddit waits in the outbox, `reddit outbox` lists
/// it, `reddit outbox send` sends it once the network is back, `drop` forgets one.
@Suite struct OutboxCommandTests {
    @Test func parsing() throws {
        #expect(try CommandParser.parse(["outbox"]).command == .outbox(.list))
        #expect(try CommandParser.parse(["outbox", "send"]).command == .outbox(.send))
        #expect(try CommandParser.parse(["outbox", "drop", "1a2b"]).command == .outbox(.drop("1a2b")))
        #expect(throws: UsageError.self) { try CommandParser.parse(["outbox", "flush"]) }
    }

    @Test func aVoteCutOffByTheNetworkWaitsAndIsSentLater() async throws {
        let environment = try BuiltExecutable.isolatedEnvironment(["REDDIT_CLIENT_ID": "test-client"])
        let file = URL(fileURLWithPath: environment["XDG_CONFIG_HOME"]!).appendingPathComponent("reddit/outbox.json")
        let online = Mutex(false)
        let refused = URLError(
            .cannotConnectToHost, userInfo: [NSURLErrorFailingURLErrorKey: URL(string: "https://oauth.reddit.com/")!])
        let stub = StubTransport(routes: [
            StubRoute(.post, .path("/api/vote")) { _, _ in
                online.withLock { $0 }
                    ? .string("{}", headers: ["Content-Type": "application/json"]) : .failure(refused)
            }
        ])
        let service = RedditService(
            userAgent: try UserAgent("test:reddit-cli:1.0 (by /u/tester)"), authentication: .bearer("token"),
            transport: stub)
        let commandLine = RedditCommandLine(environment: environment) { _, _ throws(CLIError) in service }

        #expect(await commandLine.run(["vote", "up", "t3_abc"]) == 0)
        let waiting = try Outbox(fileURL: file).entries()
        #expect(waiting.map(\.write) == [.vote(.up, on: "t3_abc")])
        #expect(await commandLine.run(["outbox"]) == 0)
        #expect(OutboxCommand.render(waiting).contains("vote up on t3_abc"))

        // Still no network: the send stops, the vote waits.
        #expect(await commandLine.run(["outbox", "send"]) == 1)
        #expect(try Outbox(fileURL: file).entries().count == 1)
        online.withLock { $0 = true }
        #expect(await commandLine.run(["outbox", "send"]) == 0)
        #expect(try Outbox(fileURL: file).entries().isEmpty)
        #expect(stub.requests.last.map { FormFields.of($0) } == ["api_type": "json", "dir": "1", "id": "t3_abc"])

        let kept = try await Outbox(fileURL: file).add(.save("t3_def", true))
        #expect(await commandLine.run(["outbox", "drop", String(kept.id.uuidString.prefix(6))]) == 0)
        #expect(try Outbox(fileURL: file).entries().isEmpty)
        #expect(await commandLine.run(["outbox", "drop", "ffffffff"]) == 1)
    }
}

extension OutboxCommandTests {
    /// Writes made while the network is down wait in the order they were made, a later one
    /// behind the earlier ones, and the next run with the network sends them in that order
    /// before its own work: a vote then its clearing end cleared on Reddit.
    @Test func writesMadeWhileTheNetworkIsDownAreSentInOrderByTheNextRun() async throws {
        let environment = try BuiltExecutable.isolatedEnvironment(["REDDIT_CLIENT_ID": "test-client"])
        let file = URL(fileURLWithPath: environment["XDG_CONFIG_HOME"]!).appendingPathComponent("reddit/outbox.json")
        let online = Mutex(false)
        let refused = URLError(
            .cannotConnectToHost, userInfo: [NSURLErrorFailingURLErrorKey: URL(string: "https://oauth.reddit.com/")!])
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        let stub = StubTransport(routes: [
            StubRoute(.post, .path("/api/vote")) { _, _ in
                online.withLock { $0 } ? .string("{}", headers: json) : .failure(refused)
            },
            StubRoute(.get, .path("/api/v1/me")) { _, _ in
                online.withLock { $0 }
                    ? .string(#"{"id": "t1", "name": "tester", "created_utc": 1.0}"#, headers: json) : .failure(refused)
            },
        ])
        let service = RedditService(
            userAgent: try UserAgent("test:reddit-cli:1.0 (by /u/tester)"), authentication: .bearer("token"),
            transport: stub)
        let commandLine = RedditCommandLine(environment: environment) { _, _ throws(CLIError) in service }

        #expect(await commandLine.run(["vote", "up", "t3_abc"]) == 0)
        #expect(await commandLine.run(["vote", "clear", "t3_abc"]) == 0)
        #expect(
            try Outbox(fileURL: file).entries().map(\.write) == [.vote(.up, on: "t3_abc"), .vote(.none, on: "t3_abc")])
        // Still down: the run fails, nothing is lost.
        #expect(await commandLine.run(["whoami"]) == 1)
        #expect(try Outbox(fileURL: file).entries().count == 2)

        online.withLock { $0 = true }
        let before = stub.requests.count
        #expect(await commandLine.run(["whoami"]) == 0)
        #expect(try Outbox(fileURL: file).entries().isEmpty)
        let sent = stub.requests.dropFirst(before).filter { $0.url.path == "/api/vote" }.map {
            FormFields.of($0)["dir"]
        }
        #expect(sent == ["1", "0"])
    }
}
