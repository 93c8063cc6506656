import Dispatch
import Synchronization

/// What one attempt of ``URLSessionTransport`` shares between its caller, its cancellation
/// handler and its timer: the transfer once there is one, whether the caller was cancelled
/// first, and the timer to stop when the attempt returns.
final class AttemptHandle: Sendable {
    private struct State {
        var transfer: SessionDelegate.Transfer?
        var cancelled = false
        var timer: DispatchWorkItem?
    }

    /// `@unchecked Sendable`: the work item is only set, cancelled and read under the lock;
    /// `DispatchWorkItem` is thread-safe but not marked `Sendable` on every platform.
    private struct Box: @unchecked Sendable { var state = State() }

    private let box = Mutex(Box())

    /// Records the transfer; false when the caller was cancelled before it existed.
    func begin(_ transfer: SessionDelegate.Transfer) -> Bool {
        box.withLock { box in
            guard !box.state.cancelled else { return false }
            box.state.transfer = transfer
            return true
        }
    }

    /// Marks the attempt cancelled; the transfer to abandon, when there is one yet.
    func cancel() -> SessionDelegate.Transfer? {
        box.withLock { box in
            box.state.cancelled = true
            return box.state.transfer
        }
    }

    /// The request's timer, stopped by ``cancelTimer()``.
    func setTimer(_ timer: DispatchWorkItem) { box.withLock { $0.state.timer = timer } }

    /// Stops the request's timer, if it has not fired, and lets go of the transfer: the attempt
    /// returned, or its streamed body ended.
    func cancelTimer() {
        let timer = box.withLock { box in
            defer {
                box.state.timer = nil
                box.state.transfer = nil
            }
            return box.state.timer
        }
        timer?.cancel()
    }
}
