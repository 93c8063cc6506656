import Foundation

/// 512 KiB: the stack of a secondary thread on Apple platforms, where Swift code that recurses
/// once per level of its input runs out long before it would on Linux's 8 MiB threads.
public let appleSecondaryThreadStackSize = 512 * 1024

/// Runs `work` on a new thread whose stack is `stackSize` bytes and returns its result.
///
/// The thread is the test's own: the cooperative pool keeps its threads, and a stack overflow
/// shows as the test process crashing, as it would in an app.
public func onThread<T: Sendable>(
    stackSize: Int = appleSecondaryThreadStackSize, _ work: @escaping @Sendable () throws -> T
) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.stackSize = stackSize
        thread.start()
    }
}
