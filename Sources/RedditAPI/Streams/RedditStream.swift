public import Courier
import Foundation

/// New items of a listing as they appear, polled the way PRAW's `stream_generator` does.
///
/// Each poll asks the newest-first listing for up to 100 items `before` the newest item seen, so
/// Reddit answers only with newer ones; each new item is yielded once, oldest first. The last
/// ``StreamOptions/rememberedCount`` fullnames are remembered so nothing repeats. When a poll finds
/// nothing the stream pauses (1 s, doubling up to ``StreamOptions/maximumWait``), drops `before`
/// and asks again with a limit of 100, 99, … 71 (as PRAW does, so the answer is never served
/// from a cache); the pause resets when new items arrive. Polls go through the client, sharing
/// its rate-limit budget. The stream ends when the consuming task is cancelled, and throws the
/// client's `HTTPError` when a poll fails.
///
/// ```swift
/// for try await comment in reddit.newComments(in: "swift") {
///     print(comment.author, comment.body)
/// }
/// ```
public struct RedditStream<Element: Sendable>: AsyncSequence, Sendable {
    let client: RedditClient
    let options: StreamOptions
    /// Whether polls after the first send `before` (the newest item seen); sources that do not
    /// page that way (modmail) are polled afresh each time and rely on the remembered names.
    let sendsBefore: Bool
    /// One poll: the items of the newest-first page for these parameters, each with its name.
    let poll: @Sendable (RedditClient, PageParameters) async throws -> [StreamItem<Element>]

    /// Creates a stream of the items `extract` takes from the listing `request` builds.
    public init(
        client: RedditClient, options: StreamOptions = .init(),
        request: @escaping @Sendable (PageParameters) -> Request<Listing>,
        extract: @escaping @Sendable (Thing) -> Element?
    ) {
        self.init(client: client, options: options) { client, page in
            try await client.send(request(page)).children.map { StreamItem(name: $0.fullname, element: extract($0)) }
        }
    }

    /// Creates a stream over any newest-first source: `poll` answers one page as named items.
    init(
        client: RedditClient, options: StreamOptions, sendsBefore: Bool = true,
        poll: @escaping @Sendable (RedditClient, PageParameters) async throws -> [StreamItem<Element>]
    ) {
        self.client = client
        self.options = options
        self.sendsBefore = sendsBefore
        self.poll = poll
    }

    /// Starts polling (on the first call to `next()`).
    public func makeAsyncIterator() -> Iterator { Iterator(stream: self) }

    /// Polls when its buffer of new items is empty.
    public struct Iterator: AsyncIteratorProtocol {
        var poller: StreamPoller<Element>

        init(stream: RedditStream) { poller = StreamPoller(stream: stream) }

        /// The next new item; nil once the task is cancelled.
        public mutating func next() async throws -> Element? {
            while let item = try await poller.nextItem() {
                if let element = item.element { return element }
            }
            return nil
        }
    }
}

/// The polling of a ``RedditStream``: each new item once, oldest first, with its name (what a
/// checkpoint records), items of another kind included (their element nil).
struct StreamPoller<Element: Sendable>: Sendable {
    let stream: RedditStream<Element>
    var buffer: [StreamItem<Element>] = []
    var before: Fullname?
    var withoutBeforeCount = 0
    var responsesSeen = 0
    var seen: RecentNames
    var backoff: StreamBackoff

    init(stream: RedditStream<Element>) {
        self.stream = stream
        seen = RecentNames(capacity: stream.options.rememberedCount)
        backoff = StreamBackoff(maximum: stream.options.maximumWait)
    }

    /// A poller that goes on from a known position: `names` were handled or are queued (never
    /// yielded again), `newest` is the newest of them (what the first poll asks `before`).
    init(stream: RedditStream<Element>, resumingAfter newest: Fullname?, known names: [Fullname]) {
        self.init(stream: stream)
        for name in names { seen.insert(name) }
        before = stream.sendsBefore ? newest : nil
        responsesSeen = 1
    }

    /// The next new item; nil once the task is cancelled.
    mutating func nextItem() async throws -> StreamItem<Element>? {
        while buffer.isEmpty {
            guard !Task.isCancelled else { return nil }
            var limit = 100
            if before == nil {
                limit -= withoutBeforeCount
                withoutBeforeCount = (withoutBeforeCount + 1) % 30
            }
            let items: [StreamItem<Element>]
            do {
                items = try await stream.poll(stream.client, PageParameters(before: before, limit: limit))
            } catch {
                if Task.isCancelled { return nil }
                throw error
            }
            var newest: Fullname?
            for item in items.reversed() {
                guard let name = item.name, !seen.contains(name) else { continue }
                seen.insert(name)
                newest = name
                if !stream.options.skipExisting || responsesSeen > 0 { buffer.append(item) }
            }
            before = stream.sendsBefore ? newest : nil
            responsesSeen += 1
            if newest != nil {
                backoff.reset()
            } else {
                do { try await stream.options.sleep(backoff.next()) } catch { return nil }
            }
        }
        return buffer.removeFirst()
    }
}

/// One item of a poll: its name (what `before` and the remembered names use) and the element it
/// yields, nil for an item of another kind.
struct StreamItem<Element: Sendable>: Sendable {
    let name: Fullname?
    let element: Element?
}

extension Reddit {
    /// A subreddit's newest comments (`/r/SUB/comments`), newest first.
    public static func subredditComments(_ subreddit: String, page: PageParameters = .first) -> Request<Listing> {
        get("/r/" + segment(subreddit) + "/comments", page.queryItems)
    }
}

extension RedditClient {
    /// New posts in a subreddit (`/r/SUB/new`) as they appear.
    public func newPosts(in subreddit: String, options: StreamOptions = .init()) -> RedditStream<Link> {
        RedditStream(
            client: self, options: options, request: { Reddit.listing(.new, subreddit: subreddit, page: $0) },
            extract: \.link)
    }

    /// New comments in a subreddit (`/r/SUB/comments`) as they appear.
    public func newComments(in subreddit: String, options: StreamOptions = .init()) -> RedditStream<Comment> {
        RedditStream(
            client: self, options: options, request: { Reddit.subredditComments(subreddit, page: $0) },
            extract: \.comment)
    }

    /// New unread inbox items (`/message/unread`, not marked read) as they arrive.
    public func newInboxItems(options: StreamOptions = .init()) -> RedditStream<Message> {
        RedditStream(client: self, options: options, request: { Reddit.unread(page: $0) }, extract: \.message)
    }
}
