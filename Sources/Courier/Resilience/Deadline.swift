/// Runs work against a deadline on a clock: the work is cancelled when the deadline passes.
enum Deadline {
    /// The deadline passed before the work finished.
    struct Exceeded: Error {}

    /// Returns what `work` returns, or throws ``Exceeded`` once `deadline` has passed on `clock`
    /// (the work is then cancelled and awaited, so nothing outlives the call).
    ///
    /// Cancelling the calling task cancels both the work and the wait for the deadline.
    static func run<C: Clock, Value: Sendable>(
        until deadline: C.Instant?, on clock: C, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        guard let deadline else { return try await work() }
        return try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await clock.sleep(until: deadline, tolerance: nil)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw Exceeded() }
            return value
        }
    }
}
