import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A bot (courier-stream-helper) reading a resuming stream from the fake Reddit of Scripts/test
/// is killed with SIGKILL at 20 random points of a stream of 3,000 posts and started again each
/// time: in the end every post was handled, none missing, and every post handled twice was
/// handed over the second time flagged as a redelivery.
@Suite(.serialized) struct StreamKillTests {
    static let posts = 3000
    static let kills = 20

    /// One line of the bot's log.
    struct Handled {
        let name: String
        let redelivery: Bool
        let missing: Int?
    }

    static func readLog(_ url: URL) -> [Handled] {
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ").map(String.init)
            guard parts.count == 3 else { return nil }
            return Handled(name: parts[0], redelivery: parts[1] == "R", missing: Int(parts[2]))
        }
    }

    @Test func aBotKilledTwentyTimesHandlesEveryPostAndFlagsEachDuplicate() async throws {
        let reddit = try TestServers.url(from: "COURIER_FAKE_REDDIT_URL")
        let helper = try HelperExecutable.url(named: "courier-stream-helper")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stream-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let subreddit = "kill" + UUID().uuidString.prefix(8).lowercased()
        let log = folder.appendingPathComponent("handled.log")
        // 3,000 posts, 25 a second (two minutes): slow enough that a bot restarted on a loaded
        // machine (seconds to start, an fsync a post) falls less than Reddit's window of 1,000
        // behind, fast enough that every kill falls while posts arrive.
        var request = URLRequest(url: reddit.appendingPathComponent("test/stream"))
        request.httpMethod = "POST"
        request.httpBody = Data("name=\(subreddit)&count=\(Self.posts)&rate=25".utf8)
        _ = try await URLSession.shared.data(for: request)

        let last = "t3_" + String(Self.posts, radix: 36)
        let arguments = [
            "--reddit", reddit.absoluteString, "--subreddit", subreddit, "--state",
            folder.appendingPathComponent("state").path,
            "--log", log.path, "--last", last, "--client-id", "stream-" + subreddit,
        ]
        var generator = SeededGenerator(seed: 49)
        let killPoints = (0..<Self.kills).map { _ in Int.random(in: 1..<(Self.posts - 50), using: &generator) }.sorted()
        var run = 0
        for point in killPoints {
            run += 1
            let bot = try SpawnedProcess(
                helper.path, arguments: arguments, errors: folder.appendingPathComponent("errors-\(run).txt"))
            // Killed once the log holds `point` lines (or at once when it already does).
            let deadline = ContinuousClock.now + .seconds(180)
            while ContinuousClock.now < deadline {
                let lines = Self.readLog(log)
                if lines.count >= point || lines.last?.name == last { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(ContinuousClock.now < deadline, "run \(run): the log never reached \(point) lines")
            kill(bot.pid, SIGKILL)
            let status = await bot.wait()
            #expect(status == 128 + SIGKILL || status == 0, "run \(run) ended with \(status)")
        }
        // The last run, unless a killed one got to the last post: it ends once it handles it.
        if !Self.readLog(log).contains(where: { $0.name == last }) {
            let final = try SpawnedProcess(
                helper.path, arguments: arguments, errors: folder.appendingPathComponent("errors-final.txt"))
            let status = await final.wait()
            let errors =
                (try? String(contentsOf: folder.appendingPathComponent("errors-final.txt"), encoding: .utf8)) ?? ""
            #expect(status == 0, "the last run ended with \(status): \(errors)")
        }

        let handled = Self.readLog(log)
        var seen: [String: Int] = [:]
        var unflaggedDuplicates: [String] = []
        for item in handled {
            seen[item.name, default: 0] += 1
            if seen[item.name]! > 1, !item.redelivery { unflaggedDuplicates.append(item.name) }
        }
        let expected = Set((1...Self.posts).map { "t3_" + String($0, radix: 36) })
        let missing = expected.subtracting(seen.keys)
        let duplicates = seen.values.filter { $0 > 1 }.reduce(0) { $0 + $1 - 1 }
        print(
            "stream kill runs: \(Self.kills) kills at \(killPoints), \(Set(seen.keys).intersection(expected).count) posts handled, "
                + "\(duplicates) handled twice (all flagged: \(unflaggedDuplicates.isEmpty)), \(missing.count) missing, "
                + "gaps reported: \(handled.compactMap(\.missing))")
        #expect(missing.isEmpty, "missing: \(missing.sorted().prefix(20))")
        #expect(unflaggedDuplicates.isEmpty, "handled twice without the flag: \(unflaggedDuplicates)")
        #expect(Set(seen.keys) == expected)
        #expect(handled.allSatisfy { $0.missing == nil })
    }
}
