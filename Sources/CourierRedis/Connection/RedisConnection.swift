import Dispatch
public import Foundation
import Synchronization

#if os(Linux)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One connection to a Redis server, shared by the fleet stores of a process
/// (``RedisTokenStore`` and `RedisRateBudget` in RedditAPI).
///
/// Calls run one at a time on a queue of the connection's own (hiredis is blocking), never on
/// the caller's thread. When Redis does not answer (a refused connection at once; no connection
/// within 2 s or no reply within 5 s: a loaded machine can hold a loopback reply back for more
/// than a second, and a process that falls back needlessly spends a share the fleet does not
/// see), the call fails with
/// ``RedisError/unreachable(_:)`` and the stores fall back to what one process can do safely;
/// the connection reports ``Event/unreachable(_:)`` once, tries again at most every
/// `retryInterval`, and reports ``Event/recovered`` when Redis answers again. A connection that a
/// ``RedisTokenStore`` uses pings Redis every `retryInterval` while idle, so that the store notices
/// a restart (and puts its token back) even when nobody calls.
public final class RedisConnection: Sendable {
    /// A change in reachability.
    public enum Event: Sendable, Equatable {
        /// Redis stopped answering; the stores use their fallbacks.
        case unreachable(String)
        /// Redis answers again; the stores share state again.
        case recovered
    }

    /// The server's host name or address.
    public let host: String
    /// The server's port.
    public let port: Int
    private let retryInterval: Duration
    private let onEvent: @Sendable (Event) -> Void
    private let queue = DispatchQueue(label: "CourierRedis.connection")
    private let state = Mutex(State())

    private struct State {
        /// The hiredis context's address (an integer, so that the state stays `Sendable`); the
        /// context is used only on `queue`.
        var context: UInt?
        var down = false
        var downSince: ContinuousClock.Instant?
        var lastAttempt: ContinuousClock.Instant?
        var reportedDown = false
        var scripts: [String: String] = [:]
        var connectedOnce = false
        var reconnectHandlers: [@Sendable () -> Void] = []
    }

    /// A connection to `host:port`, opened on the first call.
    ///
    /// - Parameters:
    ///   - host: The server's host name or address.
    ///   - port: The server's port.
    ///   - retryInterval: While Redis is unreachable, calls fail at once except one attempt to
    ///     reconnect per interval.
    ///   - onEvent: Told when Redis becomes unreachable and when it answers again.
    public init(
        host: String, port: Int, retryInterval: Duration = .milliseconds(500),
        onEvent: @escaping @Sendable (Event) -> Void = { _ in }
    ) {
        self.host = host
        self.port = port
        self.retryInterval = retryInterval
        self.onEvent = onEvent
    }

    /// A connection to `redis://host:port` (the port defaults to 6379).
    ///
    /// - Parameters:
    ///   - url: `redis://host:port`.
    ///   - retryInterval: While Redis is unreachable, calls fail at once except one attempt to
    ///     reconnect per interval.
    ///   - onEvent: Told when Redis becomes unreachable and when it answers again.
    /// - Throws: ``RedisError/invalidURL(_:)`` for another scheme or no host.
    public convenience init(
        url: URL, retryInterval: Duration = .milliseconds(500), onEvent: @escaping @Sendable (Event) -> Void = { _ in }
    ) throws(RedisError) {
        guard url.scheme == "redis", let host = url.host, !host.isEmpty else {
            throw .invalidURL(url.absoluteString)
        }
        self.init(host: host, port: url.port ?? 6379, retryInterval: retryInterval, onEvent: onEvent)
    }

    deinit {
        if let address = state.withLock({ $0.context }), let context = Hiredis.Context(bitPattern: address),
            case .success(let hiredis) = Hiredis.loaded
        {
            hiredis.free(context)
        }
    }

    /// Sends one command and returns its reply; an error reply throws ``RedisError/server(_:)``.
    package func run(_ arguments: [String]) async throws(RedisError) -> RedisReply {
        let result: Result<RedisReply, RedisError> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.runBlocking(arguments)) }
        }
        let reply = try result.get()
        if case .error(let message) = reply { throw .server(message) }
        return reply
    }

    /// Runs a Lua script by its SHA-1 (`EVALSHA`), loading it first when Redis does not know it
    /// (a new or restarted server).
    package func evaluate(_ source: String, keys: [String], arguments: [String]) async throws(RedisError) -> RedisReply
    {
        let tail = [String(keys.count)] + keys + arguments
        if let sha = state.withLock({ $0.scripts[source] }) {
            let result: Result<RedisReply, RedisError>
            do { result = .success(try await run(["EVALSHA", sha] + tail)) } catch { result = .failure(error) }
            // NOSCRIPT: the server restarted and forgot the script; load it again.
            var forgotten = false
            if case .failure(.server(let message)) = result { forgotten = message.hasPrefix("NOSCRIPT") }
            if !forgotten { return try result.get() }
        }
        let loaded = try await run(["SCRIPT", "LOAD", source])
        if let sha = loaded.text { state.withLock { $0.scripts[source] = sha } }
        return try await run(["EVAL", source] + tail)
    }

    /// Runs the Lua script `source` (`EVAL`) every `interval` on the connection's own queue, until
    /// the returned call is cancelled, and hands each outcome to `onResult` (on that queue). Work
    /// that must happen on time (renewing a held lock) goes here rather than in a `Task`: a busy
    /// cooperative pool can hold a task's wake-up back for seconds, the connection's queue not.
    package func repeatedly(
        every interval: Duration, evaluate source: String, keys: [String], arguments: [String],
        onResult: @escaping @Sendable (Result<RedisReply, RedisError>) -> Void
    ) -> RepeatingCall {
        let call = RepeatingCall()
        let command = ["EVAL", source, String(keys.count)] + keys + arguments
        let (seconds, attoseconds) = interval.components
        let delay = Double(seconds) + Double(attoseconds) / 1e18
        @Sendable func schedule() {
            queue.asyncAfter(deadline: .now() + delay) { [weak self] in
                guard let self, !call.isCancelled else { return }
                onResult(self.runBlocking(command))
                schedule()
            }
        }
        schedule()
        return call
    }

    /// A call ``repeatedly(every:evaluate:keys:arguments:onResult:)`` makes until cancelled.
    package final class RepeatingCall: Sendable {
        private let cancelled = Atomic(false)
        /// Whether ``cancel()`` was called.
        package var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
        /// Stops the repetition: no run starts after this returns.
        package func cancel() { cancelled.store(true, ordering: .releasing) }
    }

    /// Calls `handler` (on the connection's queue: it must not wait for a call) each time the
    /// connection is opened again after it broke (Redis restarted, or answered again), so that a
    /// store can put back what Redis may have lost.
    ///
    /// From the first handler on, the connection sends `PING` every `retryInterval` while it is
    /// idle, so that it notices a restart even when nobody calls.
    package func whenReconnected(_ handler: @escaping @Sendable () -> Void) {
        let first = state.withLock { state -> Bool in
            state.reconnectHandlers.append(handler)
            return state.reconnectHandlers.count == 1
        }
        if first { scheduleHeartbeat() }
    }

    private func scheduleHeartbeat() {
        let (seconds, attoseconds) = retryInterval.components
        let delay = Double(seconds) + Double(attoseconds) / 1e18
        queue.asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self else { return }
            _ = self.runBlocking(["PING"])
            self.scheduleHeartbeat()
        }
    }

    /// When a call (or the idle `PING`) first found Redis unreachable; nil while it answers.
    /// Redis went away before this instant.
    package var unreachableSince: ContinuousClock.Instant? { state.withLock { $0.downSince } }

    /// Whether the last call reached Redis.
    public var isReachable: Bool { state.withLock { !$0.down } }

    private func runBlocking(_ arguments: [String]) -> Result<RedisReply, RedisError> {
        let hiredis: Hiredis
        switch Hiredis.loaded {
        case .success(let loaded): hiredis = loaded
        case .failure(let error): return .failure(error)
        }
        let now = ContinuousClock.now
        let context: Hiredis.Context
        switch connectIfNeeded(hiredis, now: now) {
        case .success(let open): context = open
        case .failure(let error): return .failure(error)
        }
        let reply = withArgv(arguments) { argv, lengths in
            hiredis.commandArgv(context, Int32(arguments.count), argv, lengths)
        }
        guard let reply else {
            let reason = hiredis.error(of: context) ?? "the connection broke"
            hiredis.free(context)
            state.withLock { $0.context = nil }
            return .failure(markDown(reason, now: now))
        }
        defer { hiredis.freeReply(reply) }
        markUp()
        return .success(hiredis.reply(reply))
    }

    private func connectIfNeeded(_ hiredis: Hiredis, now: ContinuousClock.Instant) -> Result<
        Hiredis.Context, RedisError
    > {
        let (open, waitRetry) = state.withLock { state -> (UInt?, Bool) in
            if let context = state.context { return (context, false) }
            if state.down, let last = state.lastAttempt, last.duration(to: now) < retryInterval { return (nil, true) }
            state.lastAttempt = now
            return (nil, false)
        }
        if let open, let context = Hiredis.Context(bitPattern: open) { return .success(context) }
        if waitRetry { return .failure(.unreachable("\(host):\(port) did not answer; retrying shortly")) }
        guard let context = hiredis.connect(host, Int32(port), timeval(tv_sec: 2, tv_usec: 0)) else {
            return .failure(markDown("hiredis could not allocate a context", now: now))
        }
        if let reason = hiredis.error(of: context) {
            hiredis.free(context)
            return .failure(markDown(reason, now: now))
        }
        _ = hiredis.setTimeout(context, timeval(tv_sec: 5, tv_usec: 0))
        let address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(context)))
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            state.context = address
            defer { state.connectedOnce = true }
            return state.connectedOnce ? state.reconnectHandlers : []
        }
        for handler in handlers { handler() }
        return .success(context)
    }

    private func markDown(_ reason: String, now: ContinuousClock.Instant) -> RedisError {
        let report = state.withLock { state -> Bool in
            if !state.down { state.downSince = .now }
            state.down = true
            state.lastAttempt = now
            defer { state.reportedDown = true }
            return !state.reportedDown
        }
        let message = "\(host):\(port): \(reason)"
        if report { onEvent(.unreachable(message)) }
        return .unreachable(message)
    }

    private func markUp() {
        let recovered = state.withLock { state -> Bool in
            defer {
                state.down = false
                state.downSince = nil
                state.reportedDown = false
            }
            return state.reportedDown
        }
        if recovered { onEvent(.recovered) }
    }

    private func withArgv<T>(
        _ arguments: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>, UnsafePointer<Int>) -> T
    ) -> T {
        let buffers = arguments.map { Array($0.utf8CString) }
        let lengths = buffers.map { $0.count - 1 }
        let pointers = buffers.map { buffer -> UnsafeMutablePointer<CChar> in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: buffer.count)
            copy.initialize(from: buffer, count: buffer.count)
            return copy
        }
        defer { for pointer in pointers { pointer.deallocate() } }
        let argv: [UnsafePointer<CChar>?] = pointers.map { UnsafePointer($0) }
        return argv.withUnsafeBufferPointer { argvBuffer in
            lengths.withUnsafeBufferPointer { lengthBuffer in body(argvBuffer.baseAddress!, lengthBuffer.baseAddress!) }
        }
    }
}
