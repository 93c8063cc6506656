#if os(Linux)
import Foundation
import Synchronization

/// Several event loops serving one ``CurlTransport`` (`threads` above 1), and the task executor
/// that spreads its tasks over their threads.
///
/// One loop thread runs every transfer of its loop and every job of the tasks it hosts, so with
/// many requests in flight that one thread becomes the bound while the other cores wait. A group
/// gives each loop a share of the work: a new transfer goes to the loop of the calling thread
/// when the caller runs on one (its response then resumes it there, without crossing threads),
/// otherwise to the loop with the least pending work; a job goes to the loop it is enqueued from
/// unless that loop has clearly more pending work than another, so tasks keep to one thread while
/// the load is even and move when it is not.
///
/// HTTPS origins are the exception. Each loop opens connections of its own, so spreading the
/// requests for an HTTP/2 server over the loops would open one connection per loop where one
/// multiplexed connection serves them all (RFC 9113 §9.1 asks clients not to open more). So every
/// transfer to an https origin goes to that origin's home loop until a response shows the
/// origin answers in HTTP/1.x; from then on its transfers are spread like plain http ones, and
/// they use every loop's share of the connection limit. A later HTTP/2 answer pins the origin
/// again.
///
/// `Sendable`: the loops are `Sendable` and the array never changes; what the group learned of
/// origins is behind a `Mutex`.
final class CurlLoopGroup: TaskExecutor, Sendable {
    /// The loops, at least two.
    let loops: [CurlEventLoop]

    /// How much more pending work the calling loop may have than the least busy one and still
    /// take new work itself: moving a task to another thread costs a hand-over, so small
    /// differences are left alone.
    private static let slack = 2

    /// The https origins seen to answer in HTTP/1.x (false) or HTTP/2 or later (true).
    private let multiplexing = Mutex<[String: Bool]>([:])

    /// How many origins `multiplexing` remembers; past it, it starts over (a forgotten origin is
    /// only pinned to its home loop until its next response).
    private static let rememberedOrigins = 512

    /// Groups `loops`, whose jobs then run as this group's (the executor their tasks prefer).
    init(loops: [CurlEventLoop]) {
        self.loops = loops
        for loop in loops { loop.runJobs(as: asUnownedTaskExecutor()) }
    }

    /// The loop for new work from the calling thread: its own loop if it runs on one and that loop
    /// is not much busier than the others, else the least busy loop.
    func loopForWork() -> CurlEventLoop {
        var least = loops[0]
        var current: CurlEventLoop?
        for loop in loops {
            if loop.pendingWork < least.pendingWork { least = loop }
            if current == nil, loop.isCurrentThread { current = loop }
        }
        if let current, current.pendingWork <= least.pendingWork + Self.slack { return current }
        return least
    }

    /// The loop for a transfer to `origin` (from ``tlsOrigin(of:)``; nil for plain http): the
    /// origin's home loop unless it is known to answer in HTTP/1.x, else ``loopForWork()``.
    func loop(forOrigin origin: String?) -> CurlEventLoop {
        guard let origin, multiplexing.withLock({ $0[origin] }) != false else { return loopForWork() }
        return loops[Self.home(of: origin, among: loops.count)]
    }

    /// Records the protocol `origin` answered in: whether its transfers are spread or pinned.
    func learn(origin: String, multiplexed: Bool) {
        multiplexing.withLock { known in
            guard known[origin] != multiplexed else { return }
            if known.count >= Self.rememberedOrigins { known.removeAll() }
            known[origin] = multiplexed
        }
    }

    /// `host:port` of an https URL (the key ``loop(forOrigin:)`` and ``learn(origin:multiplexed:)``
    /// take), nil for any other scheme: libcurl speaks HTTP/2 over TLS only.
    static func tlsOrigin(of url: URL) -> String? {
        guard url.scheme?.lowercased() == "https", let host = url.host?.lowercased() else { return nil }
        return "\(host):\(url.port ?? 443)"
    }

    /// The index of `origin`'s home loop: the same in every process.
    static func home(of origin: String, among count: Int) -> Int {
        // FNV-1a: stable across runs, unlike `Hasher`, which is seeded per process.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in origin.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return Int(hash % UInt64(count))
    }

    func enqueue(_ job: consuming ExecutorJob) {
        loopForWork().enqueue(job)
    }
}
#endif
