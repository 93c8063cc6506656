#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking
import Synchronization
import TestSupport

/// A plain URLSession whose delegate runs on FoundationNetworking's own queue (as
/// `URLSessionTransport`'s does on Linux) and blocks in its first data callback until released:
/// while it blocks, no URLSession of this process gets any work done.
final class QueueBlocker: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // `@unchecked Sendable`: its state is the two atomics and the semaphore, all thread-safe; the
    // session is set once, before any other thread sees the blocker.
    private let entered = Atomic<Bool>(false)
    private let released = Atomic<Bool>(false)
    private let gate = DispatchSemaphore(value: 0)
    private var session: URLSession?

    /// Whether a callback is blocked in the queue now.
    var isHolding: Bool { entered.load(ordering: .acquiring) && !released.load(ordering: .acquiring) }

    /// Fetches `url` and returns once the first piece of its body holds the queue.
    func holdTheQueue(with url: URL) async throws {
        let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: RunAtOnceQueue())
        self.session = session
        session.dataTask(with: url).resume()
        try await waitUntil("the blocker to hold the queue") { self.entered.load(ordering: .acquiring) }
    }

    /// Lets the queue go (once; later calls do nothing).
    func release() {
        guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
        gate.signal()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard !entered.exchange(true, ordering: .acquiringAndReleasing) else { return }
        gate.wait()
    }
}

/// A delegate queue that runs each callback on the thread that hands it over: FoundationNetworking's.
///
/// `@unchecked Sendable`: `OperationQueue` is not `Sendable`; this subclass adds no state.
private final class RunAtOnceQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
#endif
