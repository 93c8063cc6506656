public import Observation
import Synchronization

/// How many calls are in flight, for a loading indicator or a terminal spinner.
///
/// Add it to the clients to watch (one object may watch several):
///
/// ```swift
/// let activity = NetworkActivity()
/// let client = HTTPClient(baseURL: api) { $0.eventMonitors = [activity] }
///
/// // SwiftUI: ProgressView().opacity(activity.isActive ? 1 : 0)
/// // Anywhere: for await count in activity.changes { spinner.isSpinning = count > 0 }
/// ```
///
/// A call counts from its start until it finishes, however it finishes: success, failure or
/// cancellation all bring the count back down. Since monitors receive events just after they
/// happen (see ``EventMonitor``), the count follows the calls closely but not in lock-step.
///
/// It is `Observable` like an `@Observable` class (SwiftUI and `withObservationTracking` see
/// its changes) and safe to read from any thread: the count lives behind a lock, which the
/// `@Observable` macro's plain stored properties would not allow.
public final class NetworkActivity: EventMonitor, Observable {
    private struct State {
        var inFlight = 0
        var observers: [Int: AsyncStream<Int>.Continuation] = [:]
        var nextObserver = 0
    }

    private let state = Mutex(State())
    private let registrar = ObservationRegistrar()

    /// Creates a counter at zero.
    public init() {}

    /// The number of calls in flight.
    public var inFlight: Int {
        registrar.access(self, keyPath: \.inFlight)
        return state.withLock { $0.inFlight }
    }

    /// Whether any call is in flight.
    public var isActive: Bool {
        registrar.access(self, keyPath: \.inFlight)
        return state.withLock { $0.inFlight > 0 }
    }

    /// The number of calls in flight now and after every change. Each use makes a new sequence;
    /// a slow reader skips intermediate counts but always gets the latest.
    public var changes: AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            let id = state.nextObserver
            state.nextObserver += 1
            state.observers[id] = continuation
            continuation.yield(state.inFlight)
            return id
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Counts a call in.
    public func requestDidStart(_ request: HTTPRequest, requestID: UInt64) {
        change(by: 1)
    }

    /// Counts a call out.
    public func requestDidFinish(_ metrics: RequestMetrics, requestID: UInt64) {
        change(by: -1)
    }

    private func change(by delta: Int) {
        registrar.withMutation(of: self, keyPath: \.inFlight) {
            state.withLock { state in
                state.inFlight += delta
                for observer in state.observers.values { observer.yield(state.inFlight) }
            }
        }
    }
}
