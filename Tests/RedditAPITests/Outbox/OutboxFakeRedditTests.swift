import Courier
import CourierOAuth
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The outbox against the fake Reddit of Scripts/test, whose writes can be cut before they are
/// applied, halfway through the answer, or after they are applied with no answer: every write
/// arrives, and no reply or message arrives twice.
@Suite(.serialized) struct OutboxFakeRedditTests {
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

    /// A client signed in to the fake Reddit as `outboxbot`, with a client id of its own.
    static func client(_ reddit: URL) throws -> RedditClient {
        let configuration = OAuthConfiguration(
            authorizationEndpoint: reddit.appendingPathComponent("api/v1/authorize"),
            tokenEndpoint: reddit.appendingPathComponent("api/v1/access_token"),
            clientID: "outbox-" + UUID().uuidString.prefix(8), clientAuthentication: .basic,
            redirectURI: URL(string: "http://127.0.0.1/callback")!, scopes: ["identity"])
        var options = OAuthSession.Options()
        options.automaticSignInGrant = .password(username: "outboxbot", password: "pw")
        options.refreshMargin = .seconds(2)
        // The fake Reddit's tokens live 8 s: a slow run refreshes often.
        options.maximumRefreshes = 1000
        let session = OAuthSession(configuration: configuration, options: options)
        return RedditClient(userAgent: try testAgent(), authentication: .session(session)) { $0.baseURL = reddit }
    }

    @Test func cutsBeforeDuringAndAfterEachWriteLoseNothingAndSendNoReplyOrMessageTwice() async throws {
        let reddit = try TestServers.url(from: "COURIER_FAKE_REDDIT_URL")
        let client = try Self.client(reddit)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = UUID().uuidString.prefix(8)
        let before = try await Self.applied(reddit).count
        var writes: [OutboxWrite] = []
        var cutsApplied = 0
        for cut in ["before", "during", "after"] {
            for index in 0..<4 {
                let tag = "\(run)-\(cut)-\(index)"
                for write in [
                    OutboxWrite.reply(to: Fullname("t3_\(tag)"), text: "reply \(tag)"),
                    .message(to: "friend", subject: "subject \(tag)", text: "message \(tag)"),
                    .vote(.up, on: Fullname("t1_\(tag)")), .save(Fullname("t3_\(tag)"), true),
                ] {
                    // A fresh outbox each time: what a restarted process finds on disk.
                    let outbox = Outbox(fileURL: folder.appendingPathComponent("outbox.json"))
                    try await outbox.add(write)
                    writes.append(write)
                    try await Self.post(reddit, "test/faults", "faults=\(cut)")
                    let cutReport = try await outbox.send(through: client)
                    #expect(cutReport.sent == 0 && cutReport.pending == 1, "\(write.summary) cut \(cut): \(cutReport)")
                    let entry = try #require(try outbox.entries().first)
                    #expect(entry.attempted && entry.lastError != nil)
                    #expect(cutReport.stoppedBecause?.contains("connection") == true, "\(cutReport)")
                    // No cut left for the next send, whatever happened to this one.
                    try await Self.post(reddit, "test/faults", "faults=")
                    if cut != "before" { cutsApplied += 1 }
                    let again = try await Outbox(fileURL: folder.appendingPathComponent("outbox.json"))
                        .send(through: client)
                    #expect(again.pending == 0 && again.sent + again.foundAlreadySent == 1, "\(again)")
                    if !write.isIdempotent {
                        // Cut before Reddit had it: sent again; cut after: found, not sent again.
                        #expect(again.foundAlreadySent == (cut == "before" ? 0 : 1), "\(write.summary) cut \(cut)")
                    }
                }
            }
        }
        let applied = try await Self.applied(reddit).dropFirst(before)
        let mine = applied.filter { $0.joined(separator: " ").contains(run) }
        let replies = mine.filter { $0[0] == "comment" }.map { $0[2] }
        let messages = mine.filter { $0[0] == "message" }.map { $0[2] }
        let states = Set(mine.filter { ["vote", "save"].contains($0[0]) }.map { $0[0] + " " + $0[1] })
        let arrived = Set(replies).count + Set(messages).count + states.count
        let twice = replies.count - Set(replies).count + messages.count - Set(messages).count
        print(
            "outbox with cuts: \(writes.count) writes, \(arrived) arrived, \(twice) replies or messages sent twice, "
                + "\(writes.count - arrived) lost; idempotent writes applied again after a cut: "
                + "\(mine.count - replies.count - messages.count - states.count)")
        #expect(arrived == writes.count)
        #expect(twice == 0)
        #expect(Set(replies).count == 12 && Set(messages).count == 12 && states.count == 24)
    }
}

extension OutboxFakeRedditTests {
    /// A process sending an outbox of 40 writes (each taking 100 ms at the fake Reddit) is
    /// killed with SIGKILL at 15 random points, each just after the fake Reddit applied a write,
    /// and started again: every write arrives, no reply or message twice, the outbox ends empty.
    @Test func aSenderKilledAtRandomPointsLosesNothingAndSendsNothingTwice() async throws {
        let reddit = try TestServers.url(from: "COURIER_FAKE_REDDIT_URL")
        let helper = try HelperExecutable.url(named: "courier-stream-helper")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("outbox.json")
        let run = "kill" + UUID().uuidString.prefix(8)
        let outbox = Outbox(fileURL: file)
        for index in 0..<10 {
            let tag = "\(run)-\(index)"
            try await outbox.add(.reply(to: Fullname("t3_\(tag)"), text: "reply \(tag)"))
            try await outbox.add(.message(to: "friend", subject: "subject \(tag)", text: "message \(tag)"))
            try await outbox.add(.vote(.down, on: Fullname("t1_\(tag)")))
            try await outbox.add(.save(Fullname("t3_\(tag)"), true))
        }
        try await Self.post(reddit, "test/faults", "faults=&delay_ms=100")
        defer { Task { try? await Self.post(reddit, "test/faults", "faults=&delay_ms=0") } }
        func mine() async throws -> [[String]] {
            try await Self.applied(reddit).filter { $0.joined(separator: " ").contains(run) }
        }
        let arguments = ["--reddit", reddit.absoluteString, "--outbox", file.path, "--client-id", "outbox-" + run]
        var generator = SeededGenerator(seed: 3)
        let points = (0..<15).map { _ in Int.random(in: 1..<40, using: &generator) }.sorted()
        for (run, point) in points.enumerated() {
            let sender = try SpawnedProcess(
                helper.path, arguments: arguments, errors: folder.appendingPathComponent("errors-\(run).txt"))
            let deadline = ContinuousClock.now + .seconds(120)
            while try await mine().count < point, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            kill(sender.pid, SIGKILL)
            _ = await sender.wait()
        }
        let last = try SpawnedProcess(
            helper.path, arguments: arguments, errors: folder.appendingPathComponent("errors-last.txt"))
        let status = await last.wait()
        let errors = (try? String(contentsOf: folder.appendingPathComponent("errors-last.txt"), encoding: .utf8)) ?? ""
        #expect(status == 0, "\(errors)")

        let applied = try await mine()
        let replies = applied.filter { $0[0] == "comment" }.map { $0[2] }
        let messages = applied.filter { $0[0] == "message" }.map { $0[2] }
        let states = Set(applied.filter { ["vote", "save"].contains($0[0]) }.map { $0[0] + " " + $0[1] })
        let arrived = Set(replies).count + Set(messages).count + states.count
        let twice = replies.count - Set(replies).count + messages.count - Set(messages).count
        print(
            "outbox kill runs: 15 kills after writes \(points), 40 writes, \(arrived) arrived, \(twice) replies or "
                + "messages sent twice, \(40 - arrived) lost; idempotent writes applied again: "
                + "\(applied.count - replies.count - messages.count - states.count)")
        #expect(arrived == 40 && twice == 0)
        #expect(try Outbox(fileURL: file).entries().isEmpty)
    }
}
