import Synchronization
import TestSupport
import Testing

@testable import Courier

@Suite("The keyed pool of requests in flight")
struct InFlightRequestsTests {
    /// Work that runs until the test releases it, counting starts and cancellations.
    final class Work: Sendable {
        private let released: AsyncStream<Void>
        private let release: AsyncStream<Void>.Continuation
        private let counts = Mutex((started: 0, cancelled: 0))

        init() { (released, release) = AsyncStream<Void>.makeStream() }

        var started: Int { counts.withLock { $0.started } }
        var cancelled: Int { counts.withLock { $0.cancelled } }

        func finish() { release.yield() }

        func run() async throws -> Int {
            let number = counts.withLock { counts in
                counts.started += 1
                return counts.started
            }
            for await _ in released { break }
            if Task.isCancelled {
                counts.withLock { $0.cancelled += 1 }
                throw CancellationError()
            }
            return number
        }
    }

    func callers(_ count: Int, _ pool: InFlightRequests<String, Int>, _ work: Work, joins: Bool = true) -> [Task<
        Int, any Error
    >] {
        (0..<count).map { _ in Task { try await pool.value(for: "k", joins: joins, work: work.run) } }
    }

    @Test("Callers with one key share one unit of work and its result")
    func shared() async throws {
        let pool = InFlightRequests<String, Int>()
        let work = Work()
        let calls = callers(50, pool, work)
        try await waitUntil("50 callers") { pool.waiterCount == 50 }
        work.finish()
        for call in calls { #expect(try await call.value == 1) }
        #expect(work.started == 1)
        #expect(pool.count == 0)
    }

    @Test("A caller that leaves does not cancel the work others wait for")
    func oneLeaves() async throws {
        let pool = InFlightRequests<String, Int>()
        let work = Work()
        let calls = callers(2, pool, work)
        try await waitUntil("2 callers") { pool.waiterCount == 2 }
        calls[0].cancel()
        await #expect(throws: CancellationError.self) { try await calls[0].value }
        work.finish()
        #expect(try await calls[1].value == 1)
        #expect(work.cancelled == 0)
    }

    @Test("When the last caller leaves, the work is cancelled and the key is free again")
    func allLeave() async throws {
        let pool = InFlightRequests<String, Int>()
        let work = Work()
        let calls = callers(3, pool, work)
        try await waitUntil("3 callers") { pool.waiterCount == 3 }
        for call in calls { call.cancel() }
        for call in calls { await #expect(throws: CancellationError.self) { try await call.value } }
        try await waitUntil("the work to see its cancellation") { work.cancelled == 1 }
        #expect(pool.count == 0)

        let again = Work()
        let next = callers(1, pool, again)
        try await waitUntil("new work to start") { again.started == 1 }
        again.finish()
        #expect(try await next[0].value == 1)
    }

    @Test("A caller already cancelled gets CancellationError and starts nothing")
    func cancelledBeforeJoining() async throws {
        let pool = InFlightRequests<String, Int>()
        let work = Work()
        let call = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await pool.value(for: "k", joins: true, work: work.run)
        }
        await #expect(throws: CancellationError.self) { try await call.value }
        #expect(pool.count == 0)
        #expect(pool.waiterCount == 0)
        #expect(work.started == 0)
    }

    @Test("Without joining, a caller finding work in flight is rejected at once")
    func rejected() async throws {
        let pool = InFlightRequests<String, Int>()
        let work = Work()
        let first = callers(1, pool, work, joins: false)
        try await waitUntil("the first caller") { pool.waiterCount == 1 }
        await #expect(throws: InFlightStateMachine<String, Int>.Rejection.self) {
            try await pool.value(for: "k", joins: false, work: work.run)
        }
        work.finish()
        #expect(try await first[0].value == 1)
        #expect(work.started == 1)
    }
}
