import Courier
import Foundation
import RedditAPI
import Testing

/// The "Working Offline with Recordings" article of the RedditAPI catalog, run against the
/// cassette `reddit --offline` ships and against a folder of PRAW's recordings, anonymous and
/// signed in. What to open is found in the recordings themselves, not written here, so a
/// rebuilt cassette is read the same way.
@Suite struct RedditOfflineRuns {
    typealias Article = RedditAPIWorkingOfflineSnippetsDeclarations
    static let root = ExtractionTests.root

    /// The first subreddit with a recorded hot listing, and the thread of the first recorded
    /// "load more".
    private func targets(_ recordings: RedditRecordings) throws -> (subreddit: String, thread: String) {
        let requests = recordings.recordedRequests
        let subreddit = try #require(
            requests.lazy.compactMap { line -> String? in
                let parts = line.split(separator: " ")[1].split(separator: "/")
                return parts.count == 3 && parts[0] == "r" && parts[2] == "hot" ? String(parts[1]) : nil
            }.first, "no recorded subreddit listing")
        let threads = requests.filter { $0.hasPrefix("POST /api/morechildren") }.compactMap {
            $0.components(separatedBy: "link_id=t3_").last?.split(separator: "&").first.map(String.init)
        }
        let thread = try #require(
            threads.first { id in requests.contains { $0.hasPrefix("GET /comments/\(id)") } },
            "no recorded 'load more' of a recorded thread")
        return (subreddit, thread)
    }

    @Test(arguments: [false, true]) func theShippedCassette(signedIn: Bool) async throws {
        let recordings = try Article.Overview().shippedRecordings(checkout: Self.root)
        let (subreddit, thread) = try targets(recordings)
        let reading = try await Article.ReadASubredditAThreadAndMoreComments().readOffline(
            recordings, subreddit: subreddit, thread: thread, signedIn: signedIn)
        #expect(!reading.titles.isEmpty)
        #expect(reading.titles.count <= 5)
        #expect(reading.commentsAtFirst > 0)
        #expect(reading.commentsAfterLoadingMore > reading.commentsAtFirst)
    }

    @Test(arguments: [false, true]) func aFolderOfRecordings(signedIn: Bool) async throws {
        let recordings = try Article.Overview().folderOfRecordings(
            Self.root.appendingPathComponent("Tests/RedditAPITests/Fixtures"))
        let (subreddit, thread) = try targets(recordings)
        let reading = try await Article.ReadASubredditAThreadAndMoreComments().readOffline(
            recordings, subreddit: subreddit, thread: thread, signedIn: signedIn)
        #expect(!reading.titles.isEmpty)
        #expect(reading.commentsAtFirst > 0)
        #expect(reading.commentsAfterLoadingMore > reading.commentsAtFirst)
    }

    @Test func aRequestWithNoRecordingSaysSo() async throws {
        let recordings = try Article.Overview().shippedRecordings(checkout: Self.root)
        let reddit = RedditClient(
            userAgent: try UserAgent("linux:com.example.offline:1.0 (by /u/example)"), transport: recordings)
        let error = try await #require(throws: HTTPError.self) {
            _ = try await reddit.send(Reddit.listing(.hot, subreddit: "no_such_recorded_subreddit"))
        }
        #expect(error.description.contains("not available offline"))
    }

    @Test func anUnreadableSourceIsATypedError() throws {
        #expect(throws: RedditUsageError.self) { try RedditRecordings(cassette: URL(fileURLWithPath: "/no/such/file")) }
        // A folder without recordings (a new empty one: the shared temporary directory may hold anything).
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-recordings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: RedditUsageError.self) { try RedditRecordings(folder: empty) }
    }
}
