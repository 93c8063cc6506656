import Courier
import Foundation
package import RedditAPI

/// Fetches subreddits' front pages and the comments of their top threads for `reddit
/// --offline`: one request at a time through the client, whose rate limiter keeps to Reddit's
/// budget (`X-Ratelimit-*`, or a `--shared` one). A thread or subreddit that fails is reported
/// and the rest goes on; when the connection is lost (``connectionLostAfter`` failures in a
/// row with no answer at all) the sync stops and nothing is written.
package struct OfflineSync: Sendable {
    /// The client the requests go through.
    package let client: RedditClient
    /// How many threads of each front page are fetched with their comments.
    package let threads: Int
    /// Receives each line of progress: one a subreddit, one a failure.
    package let progress: @Sendable (String) -> Void

    /// Failures in a row with no answer from Reddit (cut, refused, timed out) after which the
    /// connection counts as lost.
    package static let connectionLostAfter = 3

    package init(client: RedditClient, threads: Int, progress: @escaping @Sendable (String) -> Void) {
        self.client = client
        self.threads = threads
        self.progress = progress
    }

    /// What a sync did.
    package struct Report: Sendable {
        /// What to write; nil when nothing was fetched or the connection was lost.
        package var contents: SyncedCache.Contents?
        /// Requests made (each counted once, however the pipeline retried it).
        package var requests = 0
        /// Subreddits whose front page was fetched.
        package var subreddits = 0
        /// Threads fetched with their comments.
        package var threads = 0
        /// One line per subreddit or thread that failed.
        package var failures: [String] = []
        /// Why the sync stopped early (the connection was lost), if it did.
        package var stoppedBecause: String?
    }

    /// Fetches `subreddits`, in order.
    package func run(subreddits: [String]) async -> Report {
        var report = Report()
        var answers: [SyncedCache.Contents.Answer] = []
        // Per subreddit, its listing's post objects whose comments were fetched, in hot order.
        var syncedPosts: [[Any]] = []
        var synced: [String] = []
        var failuresInARow = 0
        func fetch<Value: Sendable>(_ request: Request<Value>) async -> Result<Response<Value>, HTTPError> {
            report.requests += 1
            do throws(HTTPError) {
                let response = try await client.response(request)
                failuresInARow = 0
                return .success(response)
            } catch {
                failuresInARow = error.isTransport ? failuresInARow + 1 : 0
                return .failure(error)
            }
        }
        func lost(_ error: HTTPError) -> Bool {
            guard failuresInARow >= Self.connectionLostAfter else { return false }
            report.stoppedBecause =
                "the connection is lost (\(failuresInARow) requests in a row got no answer; the last: "
                + RedditService.describe(error).message + ")"
            return true
        }
        let count = subreddits.count
        subredditLoop: for (index, name) in subreddits.enumerated() {
            let step = "[\(index + 1)/\(count)] r/\(name)"
            let listingRequest = Reddit.listing(
                .hot, subreddit: name, page: PageParameters(limit: max(25, min(threads, 100))))
            let listing: Response<Listing>
            switch await fetch(listingRequest) {
            case .success(let response): listing = response
            case .failure(let error):
                let line = "\(step): failed: \(RedditService.describe(error).message)"
                report.failures.append(line)
                progress(line)
                if lost(error) { break subredditLoop }
                continue
            }
            let fetchedAt = Date()
            answers.append(
                .init(url: "https://oauth.reddit.com/r/\(name)/hot", fetchedAt: fetchedAt, body: listing.data))
            report.subreddits += 1
            synced.append(name)
            let posts = Array(listing.value.links.prefix(threads))
            var fetched: Set<String> = []
            for post in posts {
                switch await fetch(Reddit.comments(of: post.id)) {
                case .success(let page):
                    answers.append(
                        .init(url: "https://oauth.reddit.com/comments/\(post.id)", fetchedAt: Date(), body: page.data))
                    fetched.insert(post.id)
                case .failure(let error):
                    let line =
                        "\(step): thread \(post.id) (\(TextLayout.truncate(post.title, to: 40))) failed: "
                        + RedditService.describe(error).message
                    report.failures.append(line)
                    progress(line)
                    if lost(error) {
                        syncedPosts.append(Self.postObjects(in: listing.data, ids: fetched))
                        break subredditLoop
                    }
                }
            }
            report.threads += fetched.count
            syncedPosts.append(Self.postObjects(in: listing.data, ids: fetched))
            progress(
                "\(step): \(listing.value.links.count) posts, \(fetched.count) of \(posts.count) threads with comments")
        }
        guard report.stoppedBecause == nil, !answers.isEmpty else { return report }
        let front = Self.frontPage(of: syncedPosts)
        answers.insert(.init(url: "https://oauth.reddit.com/hot", fetchedAt: Date(), body: front), at: 0)
        report.contents = SyncedCache.Contents(date: Date(), subreddits: synced, answers: answers)
        return report
    }

    /// The listing's children (`{"kind":"t3",…}`) whose ids are in `ids`, in the listing's order.
    static func postObjects(in listing: Data, ids: Set<String>) -> [Any] {
        guard let root = try? JSONSerialization.jsonObject(with: listing) as? [String: Any],
            let children = (root["data"] as? [String: Any])?["children"] as? [[String: Any]]
        else { return [] }
        return children.filter { child in
            guard let id = (child["data"] as? [String: Any])?["id"] as? String else { return false }
            return ids.contains(id)
        }
    }

    /// The offline first screen: the synced threads, each subreddit's first, then each one's
    /// second, and so on (so every subreddit shows on the first page).
    static func frontPage(of posts: [[Any]]) -> Data {
        var children: [Any] = []
        let depth = posts.map(\.count).max() ?? 0
        for rank in 0..<depth {
            for subreddit in posts where rank < subreddit.count { children.append(subreddit[rank]) }
        }
        let listing: [String: Any] = [
            "kind": "Listing",
            "data": ["children": children, "after": NSNull(), "before": NSNull(), "dist": children.count]
                as [String: Any],
        ]
        return (try? JSONSerialization.data(withJSONObject: listing)) ?? Data()
    }
}
