import Dispatch

/// Runs blocking or CPU-bound work (a read that lasts as long as a child process, a wait for
/// one, a long computation) on a thread of its own and returns its result, so Swift's
/// cooperative pool stays free: it has only as many threads as the machine has cores (two
/// here), and every other test in the process needs them.
///
/// A serial queue of its own, not `DispatchQueue.global()`: on Linux the global queue is the
/// pool Swift's tasks run on, which adds a thread for one that blocks but not for one that
/// computes; a serial queue gets a thread of Dispatch's overcommit pool, which the kernel shares
/// fairly with the rest.
public func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue(label: "TestSupport.offPool").async {
            continuation.resume(with: Result { try work() })
        }
    }
}

/// ``offPool(_:)`` for work that cannot fail.
public func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DispatchQueue(label: "TestSupport.offPool").async {
            continuation.resume(returning: work())
        }
    }
}
