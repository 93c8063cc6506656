#if os(Linux)
import Foundation
import Glibc
import Synchronization

/// One thread driving a libcurl multi handle: every transfer of a ``CurlTransport`` runs here.
///
/// The multi handle keeps the connection pool (HTTP/1.1 keep-alive, HTTP/2 streams multiplexed
/// on one connection), the DNS cache and TLS sessions, so consecutive and concurrent requests to
/// a host share connections. Callers hand transfers over through a `Mutex`-protected command
/// queue and wake the thread with `curl_multi_wakeup`; the thread adds and removes easy handles,
/// calls `curl_multi_perform`, resumes the callers of finished transfers and sleeps in
/// `curl_multi_poll` until a socket is ready, a libcurl timer is due, or a command arrives (and,
/// with transfers under way, no longer than it has been quiet: libcurl 7.88 can leave a transfer
/// that is ready to go on unreported, see `performAndFinish`). For 100 µs after any activity it
/// polls without sleeping, yielding the core between polls, which lowers the latency of requests
/// sent one at a time (measured: Benchmarks/README.md, "Measurements behind the code"); an idle
/// transport still sleeps.
///
/// The multi handle opens at most `maximumConnectionsPerHost` connections to a host and keeps
/// further transfers in its own queue. libcurl never times out a queued transfer (its timeout
/// checks need a connection), so the loop ends any transfer whose deadline has passed itself.
///
/// The loop is also a `TaskExecutor` (``CurlTransport/executor``): jobs of tasks that prefer it
/// arrive as commands and run on the loop thread between turns of libcurl, so a caller's task
/// is resumed and sends its next request without waking a thread of the cooperative pool. A
/// transport with several threads has a loop for each, grouped by ``CurlLoopGroup``.
///
/// `@unchecked Sendable`: `active` and the multi handle are touched only by the loop thread;
/// everything callers use (`commands`, `idleHandles`) is behind a `Mutex`, and
/// `curl_multi_wakeup` is documented as safe to call from any thread.
final class CurlEventLoop: TaskExecutor, @unchecked Sendable {
    private enum Command {
        case add(CurlTransfer)
        case cancel(CurlTransfer)
        case resume(CurlTransfer)
        case run(UnownedJob)
        case shutdown
    }

    /// The commands not yet taken by the loop, and whether it still takes any: after
    /// `.shutdown` nothing is queued, since nothing would run it.
    private struct Commands {
        var queue: [Command] = []
        var open = true
        /// The executor jobs run as: the loop itself (nil), or the ``CurlLoopGroup`` it belongs to
        /// (what the tasks prefer, so that a task resumed here finds itself on its preferred
        /// executor and runs on without another hop). Kept here so that the loop reads it with
        /// the commands it takes, under the lock it takes anyway.
        var jobExecutor: UnownedTaskExecutor?
    }

    /// Finished easy handles kept for reuse: allocating them costs, and they are reset (on the
    /// caller's thread, not the loop's) before they serve another request.
    private static let maximumIdleHandles = 64

    /// The fewest idle connections the multi handle keeps (see `init`).
    private static let minimumIdleConnections = 16

    /// The longest the loop sleeps, in milliseconds: libcurl's own timers and a wake-up for a new
    /// command usually end a sleep sooner.
    private static let longestSleepMilliseconds = 1000

    /// The shortest sleep while transfers are under way, in milliseconds. The loop sleeps about
    /// as long as it has already been quiet (1, 2, 4... ms, up to a second), so a transfer that
    /// libcurl stopped reporting (see `performAndFinish`) goes on within a millisecond or two of
    /// the event that left it behind, and a loop waiting on slow servers still sleeps long.
    private static let shortestActiveSleepMilliseconds = 1

    /// How long after the last event the loop polls without sleeping.
    private static let spinWindow = Duration.microseconds(100)

    /// An easy handle no transfer is using.
    ///
    /// `@unchecked Sendable`: a handle in the idle list belongs to no transfer, and whoever
    /// takes it out of the list is its only user until it is put back.
    private struct IdleHandle: @unchecked Sendable {
        let easy: LibCurl.Handle
    }

    private let curl: LibCurl
    private let multi: LibCurl.Handle
    private let commands = Mutex(Commands())
    /// Set by the loop, before it last looks at `commands`, when it is about to sleep in
    /// `curl_multi_poll`: only then does a new command need `curl_multi_wakeup` (a write to
    /// libcurl's wake-up socket, and a read on the loop's side). While the loop polls without
    /// sleeping it sees new commands by itself.
    private let sleeping = Atomic<Bool>(false)
    private let idleHandles = Mutex<[IdleHandle]>([])
    private var active: [LibCurl.Handle: CurlTransfer] = [:]
    /// No later than the earliest deadline among `active` (it may be earlier: a transfer that had
    /// it finished). Loop thread only.
    private var earliestDeadline: ContinuousClock.Instant?
    private let maximumConnectionsPerHost: Int
    /// This loop's connections and requests per origin. Kept as long as the loop, so that it
    /// outlives the connections whose sockets it closes (the last ones at `close`).
    let pool = CurlPoolGauges()
    /// The limit as a timeout's description gives it: this loop's share and, with several
    /// loops, the transport's.
    private let connectionLimitDescription: String
    /// The loop thread's `pthread_t`, once it runs (0 before): how ``isCurrentThread`` tells.
    private let thread = Atomic<UInt>(0)
    /// Transfers submitted and not yet ended, plus jobs queued and not yet run: how busy the
    /// loop is, for ``CurlLoopGroup`` to spread work. Any thread reads it; it moves by one.
    private let work = Atomic<Int>(0)

    /// How late past its deadline a transfer libcurl still holds is ended by the loop. libcurl
    /// times out a transfer that has a connection itself; one waiting in its queue for a
    /// connection to the host it never times out, so the loop does.
    private static let deadlineGrace = Duration.milliseconds(20)

    /// Creates the loop and starts its thread: at most `maximumConnectionsPerHost` connections to a
    /// host, this loop's share of the transport's `transportLimit`.
    init(curl: LibCurl, maximumConnectionsPerHost: Int, transportLimit: Int) throws(CurlTransport.Unavailable) {
        guard let multi = curl.multiInit() else {
            throw CurlTransport.Unavailable(reason: "curl_multi_init failed")
        }
        self.curl = curl
        self.multi = multi
        _ = curl.multiSetLong(multi, CurlOption.multiPipelining, CurlOption.multiplex)
        // Transfers beyond the limit wait in libcurl's queue until a connection to their host
        // is free (or, over HTTP/2, share one).
        self.maximumConnectionsPerHost = maximumConnectionsPerHost
        connectionLimitDescription =
            maximumConnectionsPerHost == transportLimit
            ? "at most \(transportLimit) per host"
            : "at most \(maximumConnectionsPerHost) per host on this thread, \(transportLimit) on all of the transport's"
        _ = curl.multiSetLong(multi, CurlOption.multiMaxHostConnections, maximumConnectionsPerHost)
        // libcurl's default keeps 4 idle connections per transfer running at the time: after a
        // burst winds down to one transfer it closes all but 4, and the next burst opens them
        // again (each a TCP handshake, and with TLS a handshake more).
        _ = curl.multiSetLong(
            multi, CurlOption.multiMaxConnects, max(Self.minimumIdleConnections, 4 * maximumConnectionsPerHost))
        let thread = Thread { [self] in
            Self.nameKernelThread("Courier.Curl")
            self.thread.store(UInt(pthread_self()), ordering: .releasing)
            run()
        }
        thread.name = "Courier.CurlTransport"
        thread.start()
    }

    /// Gives the calling thread `name` in the kernel, where `top -H`, `perf` and debuggers
    /// read it (15 bytes at most). On Linux `Thread.name` stays inside Foundation, and a new
    /// thread's kernel name is its creator's: the loop thread would pass for a pool thread.
    private static func nameKernelThread(_ name: String) {
        let file = open("/proc/thread-self/comm", O_WRONLY)
        guard file >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = write(file, bytes, bytes.count)
        _ = Glibc.close(file)
    }

    /// Whether the calling thread is this loop's thread.
    var isCurrentThread: Bool { thread.load(ordering: .acquiring) == UInt(pthread_self()) }

    /// Transfers under way and jobs waiting on this loop (a snapshot: other threads move it).
    var pendingWork: Int { work.load(ordering: .relaxed) }

    /// Makes jobs run as `executor`'s: the group this loop serves in.
    func runJobs(as executor: UnownedTaskExecutor) {
        commands.withLock { $0.jobExecutor = executor }
    }

    /// An easy handle for a new transfer: a reset idle one, or a new one.
    func makeEasyHandle() -> LibCurl.Handle? {
        guard let idle = idleHandles.withLock({ $0.popLast()?.easy }) else { return curl.easyInit() }
        curl.easyReset(idle)
        return idle
    }

    /// Takes back a handle no transfer uses any more.
    func recycle(_ easy: LibCurl.Handle) {
        let kept = idleHandles.withLock { handles -> Bool in
            guard handles.count < Self.maximumIdleHandles else { return false }
            handles.append(IdleHandle(easy: easy))
            return true
        }
        if !kept { curl.easyCleanup(easy) }
    }

    /// Starts `transfer`; its continuation is resumed on the loop thread when it ends.
    func submit(_ transfer: CurlTransfer) {
        work.add(1, ordering: .relaxed)
        post(.add(transfer))
    }

    /// Counts a transfer out of ``pendingWork``: it ended, or never started. Loop thread.
    private func retire() { work.subtract(1, ordering: .relaxed) }

    /// Stops `transfer` if it is running; a transfer not yet started sees its `cancelled` flag.
    func cancel(_ transfer: CurlTransfer) { post(.cancel(transfer)) }

    /// Unpauses a streamed transfer whose reader made room in its buffer.
    func resume(_ transfer: CurlTransfer) { post(.resume(transfer)) }

    /// Ends the thread once the commands queued so far have run.
    func shutdown() { post(.shutdown) }

    /// Runs `job` on the loop thread, after the commands queued before it. Once the loop has
    /// been shut down (its transport released while a task still prefers this executor), a
    /// global-queue thread runs it instead: the task goes on rather than waiting forever.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        work.add(1, ordering: .relaxed)
        guard post(.run(job)) else {
            work.subtract(1, ordering: .relaxed)
            let executor = commands.withLock { $0.jobExecutor } ?? asUnownedTaskExecutor()
            DispatchQueue.global().async { job.runSynchronously(on: executor) }
            return
        }
    }

    /// Queues `command` for the loop; false when the loop has shut down and will not run it.
    /// Only jobs can arrive then (see `enqueue`): a transport's transfers and their
    /// cancellations come while the transport, and so the loop, is alive.
    @discardableResult
    private func post(_ command: Command) -> Bool {
        // Waking under the lock: the loop cannot read a `.shutdown` and free the multi handle
        // before the wake-up call has returned.
        commands.withLock { commands in
            guard commands.open else { return false }
            commands.queue.append(command)
            if case .shutdown = command { commands.open = false }
            // Read under the lock the loop takes after setting it: either the loop sees this
            // command before sleeping, or this sees the flag and wakes it.
            if sleeping.load(ordering: .relaxed) {
                sleeping.store(false, ordering: .relaxed)
                _ = curl.multiWakeup(multi)
            }
            return true
        }
    }

    private func run() {
        var ready: Int32 = 0
        let clock = ContinuousClock()
        var lastActivity = clock.now
        // Whether `curl_multi_perform` has anything to do: it walks every transfer, and each
        // one with a connection checks its socket with a poll of its own, so the loop calls it
        // only after a command, a ready socket, a sleep, or when libcurl's timer is due.
        var needsPerform = true
        while true {
            let (queued, jobExecutor) = commands.withLock { commands in
                defer { commands.queue.removeAll() }
                return (commands.queue, commands.jobExecutor ?? asUnownedTaskExecutor())
            }
            if !queued.isEmpty {
                lastActivity = clock.now
                needsPerform = true
            }
            for command in queued {
                switch command {
                case .add(let transfer): start(transfer)
                case .cancel(let transfer): stop(transfer)
                case .resume(let transfer): unpause(transfer)
                case .run(let job):
                    work.subtract(1, ordering: .relaxed)
                    job.runSynchronously(on: jobExecutor)
                case .shutdown:
                    close()
                    return
                }
            }
            if needsPerform || timerIsDue() {
                let outcome = performAndFinish()
                if outcome.moved { lastActivity = clock.now }
                needsPerform = outcome.again
            }
            if let earliestDeadline, clock.now >= earliestDeadline + Self.deadlineGrace { endOverdueTransfers() }
            if clock.now - lastActivity < Self.spinWindow {
                // Just after activity, the next event (a response on loopback, the next request
                // of a caller going one at a time) usually comes within tens of microseconds:
                // polling without sleeping spares the thread a wake-up, which costs as much as
                // the event itself on an idle core. Bounded, so an idle loop does sleep.
                _ = curl.multiPoll(multi, nil, 0, 0, &ready)
                if ready > 0 {
                    lastActivity = clock.now
                    needsPerform = true
                } else {
                    // Lets whatever else wants this core run first (on a loaded machine, often
                    // the server the response is coming from); on an idle core it returns at
                    // once. Without it, a loaded machine spends CPU time spinning and sends
                    // fewer requests a second one at a time (Benchmarks/README.md, "History:
                    // bringing `CurlTransport` closer to the socket").
                    sched_yield()
                }
            } else {
                sleeping.store(true, ordering: .relaxed)
                if commands.withLock({ !$0.queue.isEmpty }) {
                    sleeping.store(false, ordering: .relaxed)
                    continue
                }
                // Sleeps until a socket is ready, libcurl's next timer, a wake-up, the earliest
                // deadline or a second passes; with transfers under way, at most as long as the
                // loop has been quiet (see `shortestActiveSleepMilliseconds`).
                var longest = Self.longestSleepMilliseconds
                if !active.isEmpty {
                    let quiet = (clock.now - lastActivity).wholeMilliseconds
                    longest = min(longest, max(Self.shortestActiveSleepMilliseconds, quiet))
                }
                if let earliestDeadline {
                    let left = (earliestDeadline + Self.deadlineGrace - clock.now).wholeMilliseconds
                    longest = min(longest, max(0, left + 1))
                }
                let sleep = Int32(longest)
                _ = curl.multiPoll(multi, nil, 0, sleep, &ready)
                sleeping.store(false, ordering: .relaxed)
                needsPerform = true
                if ready > 0 { lastActivity = clock.now }
            }
        }
    }

    /// Whether libcurl's own timer (a timeout, a transfer it wants to run at once) is due.
    private func timerIsDue() -> Bool {
        var milliseconds = -1
        _ = curl.multiTimeout(multi, &milliseconds)
        return milliseconds == 0
    }

    /// Lets libcurl move every transfer along, then resumes the callers of finished ones.
    ///
    /// Returns whether any transfer finished or got a connection (`moved`), and whether libcurl
    /// must be called again at once (`again`).
    ///
    /// When one transfer's progress lets another go on, libcurl (7.88) marks the other with a
    /// timer due at once: a transfer waiting in its queue for a connection, when one finishes or
    /// gets a connection; HTTP/2 streams whose data arrived with another stream's. But at the
    /// end of `curl_multi_perform` it drops, unrun, every timer due before the clock as the last
    /// transfer it ran read it: a transfer marked after its own turn in that call is then
    /// reported by nothing (no socket is ready, no timer due) and waits for the next unrelated
    /// event, with nothing else under way the loop's whole sleep (seen as stalls of a whole
    /// sleep with 100 requests in flight over TLS, every one of them queued for a connection).
    /// `curl_multi_perform` runs every transfer whatever its timers, so after a call that moved
    /// something while transfers wait for a connection, the loop calls it again: a transfer left
    /// behind in the queue gets the connection that was freed. That costs little, since a waiting
    /// transfer has no socket to check. For the rest (HTTP/2 streams), where calling again would
    /// check every stream's socket, the loop's short first sleep after activity bounds the wait
    /// (see `shortestActiveSleepMilliseconds`).
    private func performAndFinish() -> (moved: Bool, again: Bool) {
        let waitingBefore = waitingTransfers()
        var finished = false
        var running: Int32 = 0
        _ = curl.multiPerform(multi, &running)
        while let (easy, code) = curl.nextFinished(multi) {
            _ = curl.multiRemove(multi, easy)
            if let transfer = active.removeValue(forKey: easy) {
                retire()
                transfer.finish(code: code, curl: curl)
            }
            recycle(easy)
            finished = true
        }
        let waitingAfter = waitingTransfers()
        let moved = finished || waitingAfter != waitingBefore
        return (moved, moved && waitingAfter > 0)
    }

    /// How many transfers have not been handed a connection yet (queued in libcurl, or waiting
    /// for their first connection to open).
    private func waitingTransfers() -> Int {
        var count = 0
        for transfer in active.values where !transfer.wasSent { count += 1 }
        return count
    }

    private func start(_ transfer: CurlTransfer) {
        if transfer.cancelled.withLock({ $0 }) {
            retire()
            transfer.fail(CancellationError(), curl: curl)
            recycle(transfer.easy)
            return
        }
        transfer.addedAt = .now
        let code = curl.multiAdd(multi, transfer.easy)
        guard code == 0 else {
            retire()
            transfer.fail(
                URLError(
                    .unknown, userInfo: [NSLocalizedDescriptionKey: "curl_multi_add_handle failed with code \(code)"]),
                curl: curl)
            recycle(transfer.easy)
            return
        }
        active[transfer.easy] = transfer
        transfer.moveInPool(to: .queued)
        if let deadline = transfer.deadline, earliestDeadline.map({ deadline < $0 }) ?? true {
            earliestDeadline = deadline
        }
    }

    /// Fails the transfers whose deadline passed, with a timeout that says whether the request
    /// was still waiting for a connection; notes the next deadline.
    private func endOverdueTransfers() {
        let now = ContinuousClock.now
        var next: ContinuousClock.Instant?
        for (easy, transfer) in active {
            guard let deadline = transfer.deadline else { continue }
            guard now >= deadline + Self.deadlineGrace else {
                if next.map({ deadline < $0 }) ?? true { next = deadline }
                continue
            }
            active[easy] = nil
            retire()
            _ = curl.multiRemove(multi, easy)
            let stage =
                transfer.wasSent
                ? "before the response was complete"
                : "while waiting for a connection (\(connectionLimitDescription))"
            transfer.fail(
                URLError(.timedOut, userInfo: [NSLocalizedDescriptionKey: "the request's timeout passed " + stage]),
                curl: curl)
            recycle(easy)
        }
        earliestDeadline = next
    }

    private func stop(_ transfer: CurlTransfer) {
        // A late cancellation may arrive after the transfer finished and its handle went on to
        // serve another transfer: only the transfer itself is stopped.
        guard let running = active[transfer.easy], running === transfer else { return }
        active[transfer.easy] = nil
        retire()
        _ = curl.multiRemove(multi, transfer.easy)
        transfer.fail(CancellationError(), curl: curl)
        recycle(transfer.easy)
    }

    private func unpause(_ transfer: CurlTransfer) {
        // As in `stop`: only a transfer still running, never the handle's next one.
        guard let running = active[transfer.easy], running === transfer else { return }
        // libcurl may hand over the kept chunk (and more) from inside this call.
        _ = LibCurl.easyPause?(transfer.easy, CurlOption.pauseContinue)
    }

    private func close() {
        for (easy, transfer) in active {
            _ = curl.multiRemove(multi, easy)
            transfer.fail(CancellationError(), curl: curl)
            curl.easyCleanup(easy)
        }
        active.removeAll()
        earliestDeadline = nil
        _ = curl.multiCleanup(multi)
        for idle in idleHandles.withLock({ handles in
            defer { handles.removeAll() }
            return handles
        }) {
            curl.easyCleanup(idle.easy)
        }
    }
}
#endif
