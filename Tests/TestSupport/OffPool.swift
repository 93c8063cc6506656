import Dispatch

/// Runs blocking work (a read that lasts as long as a child process, a wait for one) on a Dispatch
/// thread and returns its result, so Swift's cooperative pool stays free: it has only as many
/// threads as the machine has cores (two here), and every other test in the process needs them.
public func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(with: Result { try work() })
        }
    }
}

/// ``offPool(_:)`` for work that cannot fail.
public func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(returning: work())
        }
    }
}
