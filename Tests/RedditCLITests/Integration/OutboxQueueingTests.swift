import Foundation
import RedditAPI
import TestSupport
import Testing

@testable import RedditCLI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `reddit` keeps a write that cannot reach Reddit in the outbox and sends it the next time it
/// runs with the network: against the fake Reddit of Scripts/test, whose writes can be cut
/// before they are applied, halfway through the answer, or after they are applied with no
/// answer. Every write arrives, none is lost, no reply or message arrives twice.
@Suite(.serialized) struct OutboxQueueingTests {
    static func post(_ reddit: URL, _ path: String, _ form: String) async throws {
        var request = URLRequest(url: reddit.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.httpBody = Data(form.utf8)
        _ = try await URLSession.shared.data(for: request)
    }

    /// Every write the fake Reddit applied, as [kind, target, text].
    static func applied(_ reddit: URL) async throws -> [[String]] {
        let (data, _) = try await URLSession.shared.data(from: reddit.appendingPathComponent("test/writes"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (object?["writes"] as? [[Any]] ?? []).map { $0.map { "\($0)" } }
    }

    /// An isolated environment whose `praw.ini` has a site `fake`: the fake Reddit's script app,
    /// signed in as `outboxbot`.
    static func environment(_ reddit: URL, clientID: String) throws -> [String: String] {
        let environment = try BuiltExecutable.isolatedEnvironment()
        let config = URL(fileURLWithPath: environment["XDG_CONFIG_HOME"]!)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let url =
            reddit.absoluteString.hasSuffix("/") ? String(reddit.absoluteString.dropLast()) : reddit.absoluteString
        try Data(
            """
            [fake]
            client_id = \(clientID)
            client_secret = secret
            username = outboxbot
            password = pw
            user_agent = linux:dev.courier.outbox-test:1.0 (by /u/courier_tests)
            oauth_url = \(url)
            reddit_url = \(url)
            """.utf8
        ).write(to: config.appendingPathComponent("praw.ini"))
        return environment
    }

    static func outbox(_ environment: [String: String]) -> Outbox {
        Outbox(
            fileURL: URL(fileURLWithPath: environment["XDG_CONFIG_HOME"]!).appendingPathComponent("reddit/outbox.json"))
    }

    @Test func writesCutOffByTheNetworkAreQueuedAndSentOnceOnTheNextRun() async throws {
        let reddit = try TestServers.url(from: "COURIER_FAKE_REDDIT_URL")
        let run = "q" + UUID().uuidString.lowercased().prefix(8)
        let environment = try Self.environment(reddit, clientID: "cli-" + run)
        let before = try await Self.applied(reddit).count
        var queued = 0
        var sentLater = 0
        var writes = 0
        for cut in ["before", "during", "after"] {
            let tag = run + String(cut.prefix(1))
            let commands: [[String]] = [
                ["vote", "up", "t1_\(tag)"],
                ["save", "t3_\(tag)"],
                ["subscribe", "sub\(tag)"],
                ["reply", "t3_\(tag)", "--text", "reply \(tag)"],
                ["message", "friend", "--subject", "subject \(tag)", "--text", "message \(tag)"],
                ["edit", "t1_\(tag)", "--text", "edited \(tag)"],
            ]
            for command in commands {
                writes += 1
                try await Self.post(reddit, "test/faults", "faults=\(cut)")
                let cutRun = try await BuiltExecutable.run(["--site", "fake"] + command, environment: environment)
                // Whatever the write did, the next request of this test gets no cut.
                try await Self.post(reddit, "test/faults", "faults=")
                #expect(cutRun.status == 0, "\(command) cut \(cut): \(cutRun.stderr)")
                #expect(
                    cutRun.stdout.contains("queued: will be sent when the network is back; `reddit outbox` lists it"),
                    "\(command) cut \(cut): \(cutRun.stdout) \(cutRun.stderr)")
                let waiting = try Self.outbox(environment).entries()
                #expect(waiting.count == 1, "\(command) cut \(cut)")
                queued += waiting.count
                // The next run with the network sends it first, and says so.
                let next = try await BuiltExecutable.run(["--site", "fake", "whoami"], environment: environment)
                #expect(next.status == 0, "\(next.stderr)")
                #expect(next.stderr.contains("outbox: 1 queued write sent"), "\(command) cut \(cut): \(next.stderr)")
                #expect(try Self.outbox(environment).entries().isEmpty, "\(command) cut \(cut)")
                if next.stderr.contains("outbox: 1 queued write sent") { sentLater += 1 }
            }
        }
        let mine = try await Self.applied(reddit).dropFirst(before).filter { $0.joined(separator: " ").contains(run) }
        let replies = mine.filter { $0[0] == "comment" }.map { $0[2] }
        let messages = mine.filter { $0[0] == "message" }.map { $0[2] }
        let edits = Set(mine.filter { $0[0] == "edit" }.map { $0[2] })
        let states = Set(mine.filter { ["vote", "save", "subscribe"].contains($0[0]) }.map { $0[0] + " " + $0[1] })
        let arrived = Set(replies).count + Set(messages).count + edits.count + states.count
        let twice = replies.count - Set(replies).count + messages.count - Set(messages).count
        print(
            "reddit with cuts: \(writes) writes, \(queued) queued, \(sentLater) sent on the next run, \(arrived) "
                + "arrived, \(twice) replies or messages sent twice, \(writes - arrived) lost")
        #expect(queued == writes && sentLater == writes)
        #expect(arrived == writes && twice == 0)
        #expect(Set(replies).count == 3 && Set(messages).count == 3 && edits.count == 3 && states.count == 9)
    }

    /// Offline on purpose with a signed-in account, a write is queued; with the demo recording
    /// (nobody signed in) it is only described, as before.
    @Test func anOfflineWriteIsQueuedOnlyWithASignedInAccount() async throws {
        let demo = try BuiltExecutable.isolatedEnvironment()
        let described = try await BuiltExecutable.run(["--offline", "vote", "up", "t3_3hahrw"], environment: demo)
        #expect(described.status == 0)
        #expect(described.stdout.contains("would send: POST /api/vote"), "\(described.stdout)")
        #expect(try Self.outbox(demo).entries().isEmpty)

        let signedIn = try BuiltExecutable.isolatedEnvironment()
        let folder = URL(fileURLWithPath: signedIn["XDG_CONFIG_HOME"]!).appendingPathComponent("reddit")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: folder.appendingPathComponent("token.json"))
        let kept = try await BuiltExecutable.run(["--offline", "vote", "up", "t3_3hahrw"], environment: signedIn)
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout.contains("queued: will be sent when the network is back"), "\(kept.stdout)")
        #expect(try Self.outbox(signedIn).entries().map(\.write) == [.vote(.up, on: "t3_3hahrw")])
        let listed = try await BuiltExecutable.run(["outbox"], environment: signedIn)
        #expect(listed.stdout.contains("vote up on t3_3hahrw"), "\(listed.stdout)")
    }
}
