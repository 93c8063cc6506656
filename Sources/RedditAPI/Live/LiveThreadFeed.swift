import Courier
import Foundation

extension RedditClient {
    /// A live thread's events as they happen: new updates, strikes, deletes, the viewer count and
    /// the thread's closing, pushed on the thread's WebSocket.
    ///
    /// The socket's address comes from ``Reddit/liveThreadAbout(_:)`` (`websocket_url`). When the
    /// socket closes, the thread's details are read again for a fresh address and the feed
    /// reconnects (at once after a connection that delivered messages, after a growing pause of
    /// 1 s to 60 s otherwise). When the thread has no socket or it cannot be opened, the feed polls
    /// the thread's first page (``Reddit/liveUpdates(of:page:)``) every `pollInterval` instead:
    /// new updates and strikes are reported, deletes are not (a deleted update just leaves the page).
    /// The feed ends after ``LiveThreadEvent/complete`` or when the thread's state is no longer
    /// `live`; it throws `HTTPError` when reading the thread fails. Nothing happens until it is
    /// iterated; each iteration has its own connection, closed when the iterating task ends.
    ///
    /// ```swift
    /// for try await event in reddit.liveUpdates(of: "xyu8kmjvfrww") {
    ///     if case .update(let update) = event { print(update.author ?? "", update.body) }
    /// }
    /// ```
    public func liveUpdates(of id: String, pollInterval: Duration = .seconds(30)) -> LiveThreadFeed {
        LiveThreadFeed(client: self, id: id, pollInterval: pollInterval)
    }
}

/// The events of one live thread (``RedditClient/liveUpdates(of:pollInterval:)``).
public struct LiveThreadFeed: AsyncSequence, Sendable {
    /// An event.
    public typealias Element = LiveThreadEvent

    let client: RedditClient
    let id: String
    let pollInterval: Duration

    /// Starts following the thread.
    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncThrowingStream<LiveThreadEvent, any Error>.makeStream()
        let follower = LiveThreadFollower(client: client, id: id, pollInterval: pollInterval, out: continuation)
        let task = Task { await follower.run() }
        continuation.onTermination = { _ in task.cancel() }
        return Iterator(base: stream.makeAsyncIterator())
    }

    /// Reads the next event.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<LiveThreadEvent, any Error>.Iterator

        /// The next event; nil once the thread is closed.
        ///
        /// - Throws: `HTTPError` when the thread's details or updates cannot be read.
        public mutating func next() async throws -> LiveThreadEvent? {
            try await base.next()
        }
    }
}

/// The loop behind a ``LiveThreadFeed``: socket while there is one, polling otherwise.
struct LiveThreadFollower: Sendable {
    let client: RedditClient
    let id: String
    let pollInterval: Duration
    let out: AsyncThrowingStream<LiveThreadEvent, any Error>.Continuation

    static let firstPause: Duration = .seconds(1)
    static let longestPause: Duration = .seconds(60)

    func run() async {
        var pause = Self.firstPause
        // Update ids seen while polling, with whether each was struck; nil until the first poll.
        var polled: [String: Bool]? = nil
        do {
            while !Task.isCancelled {
                let about = try await client.send(Reddit.liveThreadAbout(id))
                guard about.isLive else {
                    out.yield(.complete)
                    break
                }
                if let url = about.websocketURL, let socket = await client.openRedditSocket(url) {
                    let (delivered, completed) = await relay(socket)
                    if completed { break }
                    if delivered {
                        pause = Self.firstPause
                    } else {
                        try await Task.sleep(for: pause)
                        pause = min(pause * 2, Self.longestPause)
                    }
                } else {
                    polled = try await poll(seen: polled)
                    try await Task.sleep(for: pollInterval)
                }
            }
            out.finish()
        } catch is CancellationError {
            out.finish()
        } catch {
            out.finish(throwing: error)
        }
    }

    /// Delivers the socket's events until it closes or fails: whether any message arrived, and
    /// whether the thread was closed (``LiveThreadEvent/complete``).
    private func relay(_ socket: WebSocket) async -> (delivered: Bool, completed: Bool) {
        var delivered = false
        do {
            for try await message in socket.messages {
                delivered = true
                guard case .text(let text) = message, let event = LiveThreadEvent(socketMessage: text) else { continue }
                out.yield(event)
                if event == .complete {
                    Task { await socket.close() }
                    return (true, true)
                }
            }
        } catch {
            // A failed socket is reconnected like a closed one.
        }
        return (delivered, false)
    }

    /// One poll of the thread's first page: reports updates not in `seen` (oldest first) and
    /// strikes of seen ones; the first poll (`seen` nil) only records what is there.
    private func poll(seen: [String: Bool]?) async throws -> [String: Bool] {
        let page = try await client.send(Reddit.liveUpdates(of: id))
        var known = seen ?? [:]
        for update in page.items.reversed() {
            if seen != nil {
                if known[update.id] == nil {
                    out.yield(.update(update))
                } else if known[update.id] == false && update.stricken {
                    out.yield(.strike(update.name))
                }
            }
            known[update.id] = update.stricken
        }
        return known
    }
}
