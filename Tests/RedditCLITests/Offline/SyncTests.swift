import CourierOAuth
import Foundation
import RedditAPI
import Synchronization
import TestSupport
import Testing

@testable import RedditCLI

/// `reddit sync` against the fake Reddit of Scripts/test, and `--offline` reading what it
/// fetched through the demo's code path (``ServiceFactory/offline(userAgent:synced:)``).
@Suite struct SyncTests {
    static let agent = Result { try UserAgent("linux:dev.courier.reddit-cli-tests:1.0 (by /u/courier-tests)") }

    /// Runs a sync, collecting its progress lines.
    static func sync(_ reddit: SyncFakeReddit, _ names: [String], threads: Int) async throws -> (
        OfflineSync.Report, [String]
    ) {
        let lines = Mutex<[String]>([])
        let report = await OfflineSync(client: try reddit.service().client, threads: threads) { line in
            lines.withLock { $0.append(line) }
        }.run(subreddits: names)
        return (report, lines.withLock { $0 })
    }

    static func comments(_ tree: CommentTree) -> [String] {
        tree.rows.compactMap {
            if case .comment(let comment) = $0.content { return comment.body }
            return nil
        }
    }

    @Test func twoSubredditsSyncedAreReadOfflineWithTheirThreadsCommentsAndDate() async throws {
        let reddit = try SyncFakeReddit()
        let a = try await reddit.subreddit("a", posts: 6)
        let b = try await reddit.subreddit("b", posts: 6)
        let folder = try makeTemporaryFolder("sync")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (report, lines) = try await Self.sync(reddit, [a.name, b.name], threads: 4)
        #expect(report.failures.isEmpty && report.stoppedBecause == nil, "\(report.failures)")
        #expect(report.subreddits == 2 && report.threads == 8)
        // One listing a subreddit and one comment page a thread.
        #expect(report.requests == 2 + 8)
        let served = try await reddit.windows()
        #expect(served.map(\.served).reduce(0, +) == 10 && served.allSatisfy { $0.refused == 0 }, "\(served)")
        #expect(
            lines == [
                "[1/2] r/\(a.name): 6 posts, 4 of 4 threads with comments",
                "[2/2] r/\(b.name): 6 posts, 4 of 4 threads with comments",
            ])
        let cache = SyncedCache(dataDirectory: folder, account: "default")
        let contents = try #require(report.contents)
        try cache.write(contents, account: "default")

        // No secret in the cache: not the token, not a header of the requests.
        let text = try String(contentsOf: cache.file, encoding: .utf8)
        let token = try await reddit.session.validToken()
        #expect(!text.contains(token.accessToken))
        #expect(token.refreshToken.map { !text.contains($0) } ?? true)
        #expect(!text.lowercased().contains("authorization") && !text.lowercased().contains("bearer"))

        let offline = try ServiceFactory.offline(userAgent: try Self.agent.get(), synced: cache)
        guard case .synced(let date, let subreddits) = offline.offlineSource else {
            Issue.record("the offline service does not read the synced cache: \(offline.offlineSource)")
            return
        }
        #expect(subreddits == [a.name, b.name])
        #expect(abs(date.timeIntervalSinceNow) < 300)
        // The first screen: the synced threads, each subreddit's first, then each one's second…
        let front = try await offline.listing(ListingOptions())
        #expect(front.links.map(\.id) == Array(zip(a.posts.prefix(4), b.posts.prefix(4)).map { [$0, $1] }.joined()))
        for (index, post) in front.links.enumerated() {
            let tree = try await offline.commentTree(CommentsOptions(postID: post.id))
            let place = index % 2 == 0 ? a.name : b.name
            let number = index / 2 + 1
            #expect(
                Self.comments(tree) == [
                    "comment 1 of \(place) post \(number)", "reply to comment 1 of \(post.id)",
                    "comment 2 of \(place) post \(number)", "comment 3 of \(place) post \(number)",
                ])
        }
        // A subreddit's front page as synced; a post beyond the top threads opens without comments.
        let listing = try await offline.listing(ListingOptions(subreddit: a.name))
        #expect(listing.links.map(\.id) == a.posts)
        let unsynced = try await offline.commentTree(CommentsOptions(postID: a.posts[5]))
        #expect(Self.comments(unsynced).isEmpty && unsynced.link.id == a.posts[5])

        // Marked with when it was fetched.
        let later = date.addingTimeInterval(2 * 3600 + 60)
        #expect(offline.offlineSource.label(now: later) == "offline · synced 2h ago")
        #expect(RecordedThreads.title(offline.offlineSource) == "synced threads")
        #expect(
            RecordedThreads.heading(offline.offlineSource, now: later).hasPrefix(
                "Synced threads (synced 2h ago, \(OfflineSource.timestamp(date))) of r/\(a.name), r/\(b.name):"))
    }

    @Test func withoutSubredditsTheSubscriptionsAreSyncedAndNotSignedInIsRefused() async throws {
        let reddit = try SyncFakeReddit()
        let a = try await reddit.subreddit("a", posts: 3, subscribed: true)
        let b = try await reddit.subreddit("b", posts: 3, subscribed: true)
        let folder = try makeTemporaryFolder("sync")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = SyncedCache(dataDirectory: folder, account: "default")
        let command = SyncCommand(options: SyncOptions(threads: 2), cache: cache, account: "default")
        await #expect(throws: CLIError(SyncCommand.notSignedIn)) {
            try await command.run(service: try reddit.service(), signedIn: false)
        }
        #expect(!cache.exists)
        try await command.run(service: try reddit.service(), signedIn: true)
        let (_, source) = try #require(cache.load())
        #expect(source.syncedAt != nil)
        #expect(source == .synced(at: try #require(source.syncedAt), subreddits: [a.name, b.name]))
        // The subscriptions' page, two listings, two threads each.
        #expect(try await reddit.windows().map(\.served).reduce(0, +) == 1 + 2 + 4)
    }

    /// More requests than the fake Reddit's window allows (60 per 6 s): the client's rate
    /// limiter waits for the next window instead of meeting a 429.
    @Test func aSyncLargerThanTheRateWindowKeepsToTheBudget() async throws {
        let reddit = try SyncFakeReddit()
        let a = try await reddit.subreddit("a", posts: 70, comments: 1)
        let b = try await reddit.subreddit("b", posts: 70, comments: 1)
        let started = ContinuousClock.now
        let (report, _) = try await Self.sync(reddit, [a.name, b.name], threads: 64)
        let elapsed = ContinuousClock.now - started
        #expect(report.failures.isEmpty, "\(report.failures)")
        #expect(report.requests == 130 && report.threads == 128)
        let windows = try await reddit.windows()
        print("sync of 2 subreddits x 64 threads: \(report.requests) requests in \(elapsed), windows \(windows)")
        #expect(windows.map(\.served).reduce(0, +) == 130)
        #expect(windows.allSatisfy { $0.refused == 0 && $0.served <= 60 }, "\(windows)")
        // 130 requests fit in no fewer than three windows of 60: the limiter waited for them.
        #expect(windows.filter { $0.served > 0 }.count >= 3, "\(windows)")
    }

    @Test func aThreadThatCannotBeFetchedIsReportedAndTheRestIsSynced() async throws {
        let reddit = try SyncFakeReddit()
        let a = try await reddit.subreddit("a", posts: 5, broken: [2])
        let b = try await reddit.subreddit("b", posts: 5)
        let (report, lines) = try await Self.sync(reddit, [a.name, b.name], threads: 4)
        #expect(report.stoppedBecause == nil)
        #expect(report.failures.count == 1 && report.failures.first?.contains("thread \(a.posts[1])") == true)
        #expect(lines.contains("[1/2] r/\(a.name): 5 posts, 3 of 4 threads with comments"))
        #expect(lines.contains("[2/2] r/\(b.name): 5 posts, 4 of 4 threads with comments"))
        let folder = try makeTemporaryFolder("sync")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = SyncedCache(dataDirectory: folder, account: "default")
        try cache.write(try #require(report.contents), account: "default")
        let offline = try ServiceFactory.offline(userAgent: try Self.agent.get(), synced: cache)
        let front = try await offline.listing(ListingOptions())
        #expect(front.links.count == 7 && !front.links.contains { $0.id == a.posts[1] })
        // The broken post still opens from its subreddit's page, saying its comments were not kept.
        let broken = try await offline.commentTree(CommentsOptions(postID: a.posts[1]))
        #expect(
            broken.rows.contains {
                if case .loadMore(let more) = $0.content { return more.id == OfflineCatalog.unrecordedMarker }
                return false
            })
    }

    /// The network goes away in the middle of a second sync: it stops, says so, and the first
    /// sync's cache is left byte for byte, with no temporary file beside it.
    @Test func aConnectionCutMidSyncLeavesThePreviousCacheIntact() async throws {
        let reddit = try SyncFakeReddit()
        let a = try await reddit.subreddit("a", posts: 4)
        let folder = try makeTemporaryFolder("sync")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = SyncedCache(dataDirectory: folder, account: "default")
        try await SyncCommand(options: SyncOptions(subreddits: [a.name], threads: 3), cache: cache, account: "default")
            .run(service: try reddit.service(), signedIn: true)
        let before = try Data(contentsOf: cache.file)
        let cut = try await reddit.subreddit("c", posts: 8, cutAfter: 3)
        let command = SyncCommand(
            options: SyncOptions(subreddits: [a.name, cut.name], threads: 6), cache: cache, account: "default")
        let service = try reddit.service()
        do throws(CLIError) {
            try await command.run(service: service, signedIn: true)
            Issue.record("a sync whose connection was cut succeeded")
        } catch {
            #expect(error.message.hasPrefix("sync stopped: the connection is lost"), "\(error.message)")
            #expect(error.message.contains("nothing written, the cache of"), "\(error.message)")
        }
        #expect(try Data(contentsOf: cache.file) == before)
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.file.deletingLastPathComponent().path)
        #expect(files == ["default.json"])
    }

    /// A writer killed between writing its temporary file and renaming it leaves that file; the
    /// next write removes it (its process is gone) and the cache is whole.
    @Test func aKilledWritersTemporaryFileIsRemovedByTheNextWrite() throws {
        let folder = try makeTemporaryFolder("sync")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("default.json")
        try AtomicFile.write(Data("old".utf8), to: file)
        let leftover = folder.appendingPathComponent(AtomicFile.temporaryPrefix(of: file) + "\(Int32.max).7.tmp")
        try Data("half a fi".utf8).write(to: leftover)
        try AtomicFile.write(Data("new".utf8), to: file)
        #expect(try Data(contentsOf: file) == Data("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["default.json"])
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func syncArgumentsAreParsed() throws {
        #expect(try CommandParser.parse(["sync"]).command == .sync(SyncOptions()))
        #expect(
            try CommandParser.parse(["sync", "--subreddits", "r/swift,Rust,swift", "--threads", "5"]).command
                == .sync(SyncOptions(subreddits: ["swift", "Rust"], threads: 5)))
        #expect(try CommandParser.parse(["sync", "--clear"]).command == .sync(SyncOptions(clear: true)))
        for bad in [
            ["sync", "--threads", "0"], ["sync", "--threads", "101"], ["sync", "--subreddits", "a-b"],
            ["sync", "--subreddits", ","], ["sync", "--clear", "--threads", "3"], ["sync", "extra"],
        ] {
            #expect(throws: UsageError.self, "\(bad)") { try CommandParser.parse(bad) }
        }
    }
}
