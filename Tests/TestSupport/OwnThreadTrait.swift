import Dispatch
public import Testing

/// Runs each test case of a test or suite on a thread of its own (a serial Dispatch queue as the
/// task's preferred executor) instead of Swift's cooperative pool.
///
/// For tests that compute for long (decoding every recorded response in a debug build, fuzzing,
/// deep trees): the pool has as many threads as the machine has cores, two here, and two such
/// tests at once held both, so every other test in the process (a timeout to fire, a response
/// to read) waited for them; on a loaded machine for over a minute, long enough for servers to
/// close idle connections. On a thread of its own the test is scheduled by the kernel beside
/// the pool instead of in its place. The code under test runs as it would for a caller on any
/// executor.
public struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test of a suite it is given to.
    public var isRecursive: Bool { true }

    /// Provides a scope for each test case only.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        // Once for each test case: a suite's or a function's own scope would not reach its cases.
        testCase == nil ? nil : self
    }

    /// Runs the test case with a serial queue of its own as the task's preferred executor.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(SerialQueueExecutor()) { try await function() }
    }
}

extension OwnThreadTrait {
    /// Whether the caller runs on a thread of ``OwnThreadTrait`` (for the trait's own test).
    public static var isCurrent: Bool { DispatchQueue.getSpecific(key: SerialQueueExecutor.marker) != nil }
}

extension Trait where Self == OwnThreadTrait {
    /// Runs each test case on a thread of its own, off the cooperative pool (see ``OwnThreadTrait``).
    public static var ownThread: Self { OwnThreadTrait() }
}

/// A task executor over a serial Dispatch queue of its own (a thread of Dispatch's overcommit
/// pool, not of the cooperative one).
final class SerialQueueExecutor: TaskExecutor {
    static let marker = DispatchSpecificKey<Bool>()
    private let queue = DispatchQueue(label: "TestSupport.ownThread")

    init() { queue.setSpecific(key: Self.marker, value: true) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
