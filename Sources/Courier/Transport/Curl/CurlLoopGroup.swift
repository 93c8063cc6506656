#if os(Linux)
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
/// `Sendable`: the loops are `Sendable` and the array never changes.
final class CurlLoopGroup: TaskExecutor, Sendable {
    /// The loops, at least two.
    let loops: [CurlEventLoop]

    /// How much more pending work the calling loop may have than the least busy one and still
    /// take new work itself: moving a task to another thread costs a hand-over, so small
    /// differences are left alone.
    private static let slack = 2

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

    func enqueue(_ job: consuming ExecutorJob) {
        loopForWork().enqueue(job)
    }
}
#endif
