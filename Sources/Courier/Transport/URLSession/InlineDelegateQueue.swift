#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking

/// The delegate queue of ``URLSessionTransport``'s session on Linux: it runs each delegate
/// callback at once, on the thread that hands it over, which is the session's own serial queue.
///
/// FoundationNetworking hands every delegate callback (response, each piece of data, completion,
/// redirects, challenges) to the session's delegate queue with `addOperation(_:)`. On an
/// `OperationQueue` each hand-over costs an operation object and a thread switch, where raw
/// `URLSession.data(from:)` completes inline (measured: Benchmarks/README.md, "Measurements
/// behind the code"). The callbacks stay serial, because the session's queue is.
///
/// The price: a callback must not call back into URLSession synchronously, since
/// `URLSessionTask.cancel()` and a challenge's cancellation wait for that same queue; the
/// delegate sends those elsewhere (`SessionDelegate.elsewhere`). `URLSession.data(for:)` has the
/// same inline completion and deadlocks when its task is cancelled while completing, which is why
/// Courier does not use it.
///
/// `@unchecked Sendable`: `OperationQueue` is not `Sendable`; this subclass adds no state.
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    /// A queue that runs blocks at once, and any `Operation` object one at a time.
    override init() {
        super.init()
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
#endif
