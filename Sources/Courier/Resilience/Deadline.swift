import Synchronization

/// Runs work against a deadline on a clock: the call ends when the deadline passes, whatever
/// the work is doing.
enum Deadline {
    /// The deadline passed before the work finished.
    struct Exceeded: Error {}

    /// Returns what `work` returns, or throws ``Exceeded`` once `deadline` has passed on `clock`.
    ///
    /// The work runs in a task of its own and is cancelled when the deadline passes or the
    /// calling task is cancelled; the call returns at once then, without waiting for the work
    /// to notice, so a transport that is slow to honour cancellation cannot stretch a deadline.
    static func run<C: Clock, Value: Sendable>(
        until deadline: C.Instant?, on clock: C, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        guard let deadline else { return try await work() }
        let race = Race<Value>()
        let worker = Task {
            do { race.finish(.success(try await work())) } catch { race.finish(.failure(error)) }
        }
        let timer = Task {
            // A cancelled timer means the work finished first; nothing to report.
            guard (try? await clock.sleep(until: deadline, tolerance: nil)) != nil else { return }
            race.finish(.failure(Exceeded()))
        }
        defer {
            worker.cancel()
            timer.cancel()
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { race.wait(with: $0) }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// The first of several outcomes, delivered to one waiter.
    private final class Race<Value: Sendable>: Sendable {
        private enum State {
            case waiting(CheckedContinuation<Value, any Error>?)
            case finished(Result<Value, any Error>)
            case delivered
        }

        private let state = Mutex(State.waiting(nil))

        /// Registers the waiter; resumes it at once when an outcome is already known.
        func wait(with continuation: CheckedContinuation<Value, any Error>) {
            let outcome = state.withLock { state -> Result<Value, any Error>? in
                guard case .finished(let outcome) = state else {
                    state = .waiting(continuation)
                    return nil
                }
                state = .delivered
                return outcome
            }
            if let outcome { continuation.resume(with: outcome) }
        }

        /// Reports an outcome; only the first one counts.
        func finish(_ outcome: Result<Value, any Error>) {
            let waiter = state.withLock { state -> CheckedContinuation<Value, any Error>? in
                guard case .waiting(let continuation) = state else { return nil }
                if let continuation {
                    state = .delivered
                    return continuation
                }
                state = .finished(outcome)
                return nil
            }
            waiter?.resume(with: outcome)
        }
    }
}
