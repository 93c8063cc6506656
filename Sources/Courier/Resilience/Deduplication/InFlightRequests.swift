import Synchronization

/// A keyed pool of requests in flight: callers with the same key share one unit of work.
///
/// The first caller for a key starts the work in a task of its own; later callers join it and
/// all receive its result. A caller whose task is cancelled stops waiting at once; the work is
/// cancelled only when its last caller has left. The rules live in ``InFlightStateMachine``;
/// this type holds it behind a lock and runs its actions (resuming callers, starting and
/// cancelling tasks) outside the lock.
final class InFlightRequests<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let state = Mutex(InFlightStateMachine<Key, Value>())
    private let waiterIDs = Atomic<UInt64>(0)

    init() {}

    /// How many shared units of work are in flight.
    var count: Int { state.withLock { $0.count } }
    /// How many callers wait for them.
    var waiterCount: Int { state.withLock { $0.waiterCount } }

    /// Returns the result of the work in flight for `key`, starting `work` when there is none.
    ///
    /// - Parameter joins: Whether to join work in flight; when false, a caller that finds work in
    ///   flight fails with ``InFlightStateMachine/Rejection/duplicate``.
    /// - Throws: The work's error, `CancellationError` when the calling task is cancelled, or
    ///   the rejection.
    func value(for key: Key, joins: Bool, work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let waiter = waiterIDs.add(1, ordering: .relaxed).newValue
        defer { state.withLock { $0.leave(waiter: waiter) } }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let action = state.withLock {
                    $0.enter(key, waiter: waiter, joins: joins, continuation: continuation)
                }
                perform(action, key: key, work: work)
            }
        } onCancel: {
            perform(state.withLock { $0.cancel(waiter: waiter) }, key: key, work: nil)
        }
    }

    private func perform(
        _ action: InFlightStateMachine<Key, Value>.Action, key: Key, work: (@Sendable () async throws -> Value)?
    ) {
        switch action {
        case .none:
            break
        case .resume(let continuation, let result):
            continuation.resume(with: result)
        case .resumeAndCancel(let continuation, let task):
            continuation.resume(throwing: CancellationError())
            task?.cancel()
        case .start(let generation):
            guard let work else { return }
            // A task of its own: the work must outlive the caller that started it when others
            // still wait for it.
            let task = Task {
                let result: Result<Value, any Error>
                do { result = .success(try await work()) } catch { result = .failure(error) }
                let waiters = self.state.withLock { $0.finish(key, generation: generation) }
                for waiter in waiters { waiter.resume(with: result) }
            }
            if !state.withLock({ $0.attach(task, to: key, generation: generation) }) {
                task.cancel()
            }
        }
    }
}
