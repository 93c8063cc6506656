import Foundation
import TestSupport
import Testing

@testable import RedditCLI

/// `reddit live ID` as a subprocess against the scripted Reddit socket server
/// (`Tests/Servers/reddit_socket_server.py`), which also serves the thread's details: two
/// connections (the first closed by the server, the second ending with the thread closed).
@Suite struct LiveCommandTests {
    static func run(_ extra: [String]) async throws -> BuiltExecutable.Run {
        let server = try TestServers.url(from: "COURIER_REDDIT_SOCKET_URL").absoluteString
        let thread = "t" + UUID().uuidString.prefix(10).lowercased()
        let environment = try BuiltExecutable.isolatedEnvironment([ServiceFactory.publicBaseURLVariable: server])
        return try await BuiltExecutable.run(["live", thread] + extra, environment: environment)
    }

    @Test("--json prints one object a line as the events arrive, across a reconnect, and ends when the thread closes")
    func jsonLines() async throws {
        let run = try await Self.run(["--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"{"count":42,"type":"viewers"}"#,
                #"{"author":"courier_tests","name":"LiveUpdate_11111111-d0a1-11f0-a000-000000000001","text":"Doors open.","type":"update"}"#,
                #"{"name":"LiveUpdate_11111111-d0a1-11f0-a000-000000000001","type":"strike"}"#,
                #"{"name":"LiveUpdate_00000000-d0a1-11f0-a000-000000000000","type":"delete"}"#,
                #"{"author":"courier_tests","name":"LiveUpdate_22222222-d0a1-11f0-a000-000000000002","text":"Second update.","type":"update"}"#,
                #"{"type":"complete"}"#,
            ], "\(run.stdout)")
    }

    @Test("Text lines: the author and the update, strikes and deletes by name")
    func textLines() async throws {
        let run = try await Self.run([])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == """
                viewers: 42
                u/courier_tests: Doors open.
                struck through: LiveUpdate_11111111-d0a1-11f0-a000-000000000001
                deleted: LiveUpdate_00000000-d0a1-11f0-a000-000000000000
                u/courier_tests: Second update.
                the live thread is closed

                """)
    }

    @Test("Offline, live says it needs the network")
    func offline() async throws {
        let run = try await BuiltExecutable.run(
            ["live", "xyu8kmjvfrww", "--offline"], environment: try BuiltExecutable.isolatedEnvironment())
        #expect(run.status != 0)
        #expect(run.stderr.contains("live needs the network"))
    }
}
