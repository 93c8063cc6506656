import Foundation
import TestSupport
import Testing

@testable import RedditCLI

#if canImport(Glibc)
import Glibc
#endif

/// The `reddit` executable syncing from the fake Reddit of Scripts/test (through a `praw.ini`
/// site whose URLs are the fake's), then reading offline what it fetched: printed, and browsed
/// in a real terminal (tmux).
@Suite(.serialized) struct SyncExecutableTests {
    /// An isolated environment whose `praw.ini` has the site `fake`, and its data folder.
    static func environment(_ reddit: SyncFakeReddit) async throws -> (environment: [String: String], data: URL) {
        try await reddit.longTokens()
        let environment = try BuiltExecutable.isolatedEnvironment()
        let config = URL(fileURLWithPath: try #require(environment["XDG_CONFIG_HOME"]))
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(reddit.prawINI().utf8).write(to: config.appendingPathComponent("praw.ini"))
        let home = URL(fileURLWithPath: try #require(environment["HOME"]))
        return (environment, home.appendingPathComponent(".local/share"))
    }

    @Test func aSyncIsPrintedAndBrowsedOfflineWithWhenItWasFetched() async throws {
        let reddit = try SyncFakeReddit()
        let a = try await reddit.subreddit("a", posts: 5)
        let b = try await reddit.subreddit("b", posts: 5)
        let (environment, data) = try await Self.environment(reddit)
        defer { try? FileManager.default.removeItem(atPath: environment["HOME"] ?? "/nonexistent") }

        let sync = try await BuiltExecutable.run(
            ["--site", "fake", "sync", "--subreddits", "\(a.name),\(b.name)", "--threads", "3"],
            environment: environment)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.hasPrefix("synced 2 subreddits, 6 threads with comments in "), "\(sync.stdout)")
        #expect(sync.stdout.contains(": 8 requests, "), "\(sync.stdout)")
        #expect(sync.stderr.contains("reddit sync: [1/2] r/\(a.name): 5 posts, 3 of 3 threads with comments"))
        #expect(sync.stderr.contains("reddit sync: [2/2] r/\(b.name): 5 posts, 3 of 3 threads with comments"))
        let file = data.appendingPathComponent("reddit/synced/default.json")
        #expect(FileManager.default.fileExists(atPath: file.path))

        let front = try await BuiltExecutable.run(["--offline"], environment: environment)
        #expect(front.status == 0, "\(front.stderr)")
        #expect(front.stdout.hasPrefix("Synced threads (synced just now, "), "\(front.stdout)")
        #expect(front.stdout.contains("\(a.name) post 1") && front.stdout.contains("\(b.name) post 3"))
        #expect(!front.stdout.contains("\(a.name) post 4"), "only the synced threads are on the first screen")
        #expect(front.stderr.contains("reddit: offline: what reddit sync fetched (synced just now, "))
        let thread = try await BuiltExecutable.run(["--offline", "comments", a.posts[0]], environment: environment)
        #expect(thread.status == 0, "\(thread.stderr)")
        #expect(thread.stdout.contains("comment 1 of \(a.name) post 1"))
        #expect(thread.stdout.contains("reply to comment 1 of \(a.posts[0])"))

        // Browsed: the title line says it on the first screen and in a thread.
        let tmux = try TmuxSession(
            command: try BrowseInTmux.command("", environment: ["XDG_DATA_HOME": data.path]))
        defer { tmux.close() }
        try await tmux.waitFor(text: " reddit · synced threads · offline · synced just now")
        try await BrowseInTmux.select("\(b.name) post 1", in: tmux)
        try tmux.send("Enter")
        try await tmux.waitFor(text: "comment 2 of \(b.name) post 1")
        try await tmux.waitFor(text: "· offline · synced just now")
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)

        // Forgotten: the demo again.
        let clear = try await BuiltExecutable.run(["sync", "--clear"], environment: environment)
        #expect(clear.status == 0 && clear.stdout.hasPrefix("forgot the synced cache"), "\(clear.stdout)")
        let demo = try await BuiltExecutable.run(["--offline"], environment: environment)
        #expect(demo.stdout.hasPrefix(RecordedThreads.heading), "\(demo.stdout.prefix(200))")
    }

    @Test func withoutALoginSyncAsksForSubredditsAndOfflineRefusesToSync() async throws {
        let run = try await BuiltExecutable.run(["sync"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("not signed in, so there are no subscriptions to sync"), "\(run.stderr)")
        let offline = try await BuiltExecutable.run(["--offline", "sync", "--subreddits", "swift"])
        #expect(offline.status == 1 && offline.stderr.contains("reddit sync needs the network"), "\(offline.stderr)")
    }

    /// A sync killed (SIGKILL) while it fetches leaves the previous sync whole, and no temporary file.
    @Test func aSyncKilledMidwayLeavesThePreviousCache() async throws {
        let reddit = try SyncFakeReddit()
        let a = try await reddit.subreddit("a", posts: 3)
        let big = try await reddit.subreddit("k", posts: 60, comments: 1)
        let (environment, data) = try await Self.environment(reddit)
        defer { try? FileManager.default.removeItem(atPath: environment["HOME"] ?? "/nonexistent") }
        let first = try await BuiltExecutable.run(
            ["--site", "fake", "sync", "--subreddits", a.name, "--threads", "2"], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        let file = data.appendingPathComponent("reddit/synced/default.json")
        let before = try Data(contentsOf: file)
        let served = try await reddit.windows().map(\.served).reduce(0, +)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuiltExecutable.path())
        process.arguments = ["--site", "fake", "sync", "--subreddits", big.name, "--threads", "60"]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + .seconds(60)
        while try await reddit.windows().map(\.served).reduce(0, +) < served + 20, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(process.isRunning, "the sync was still fetching when killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try Data(contentsOf: file) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == [
                "default.json"
            ])
    }
}
