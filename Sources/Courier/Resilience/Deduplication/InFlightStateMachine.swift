/// The bookkeeping of ``InFlightRequests``, without locks or tasks: each event returns an
/// ``Action`` that the storage performs after releasing its lock.
///
/// An entry is one shared request for one key; its waiters are the callers sharing it. The
/// entry ends when its work finishes (every waiter gets the result) or when its last waiter
/// leaves (the work is cancelled). Entries carry a generation number so a finished or abandoned
/// entry's late events never touch a newer entry for the same key.
struct InFlightStateMachine<Key: Hashable, Value: Sendable> {
    typealias Continuation = CheckedContinuation<Value, any Error>

    /// What the storage must do after an event.
    enum Action {
        /// Nothing.
        case none
        /// Start the work for the entry of this generation, then ``attach(_:to:generation:)`` it.
        case start(generation: UInt64)
        /// Resume a waiter with a result.
        case resume(Continuation, Result<Value, any Error>)
        /// Resume a cancelled waiter and cancel the work it was the last one waiting for.
        case resumeAndCancel(Continuation, Task<Void, Never>?)
    }

    /// Why a waiter was turned away at once.
    enum Rejection: Error {
        /// The waiter asked to be dropped when a duplicate was in flight.
        case duplicate
    }

    private struct Entry {
        let generation: UInt64
        var waiters: [UInt64: Continuation] = [:]
        var task: Task<Void, Never>?
    }

    private var entries: [Key: Entry] = [:]
    /// Which entry each registered waiter waits for.
    private var keyOfWaiter: [UInt64: Key] = [:]
    /// Waiters cancelled before they registered.
    private var cancelledEarly: Set<UInt64> = []
    private var nextGeneration: UInt64 = 0

    /// How many shared requests are in flight.
    var count: Int { entries.count }
    /// How many callers wait for them.
    var waiterCount: Int { keyOfWaiter.count }

    /// A waiter arrives for `key`: it joins the entry in flight, is dropped, or starts a new one.
    mutating func enter(_ key: Key, waiter: UInt64, joins: Bool, continuation: Continuation) -> Action {
        if cancelledEarly.remove(waiter) != nil {
            return .resume(continuation, .failure(CancellationError()))
        }
        if entries[key] != nil {
            guard joins else { return .resume(continuation, .failure(Rejection.duplicate)) }
            entries[key]?.waiters[waiter] = continuation
            keyOfWaiter[waiter] = key
            return .none
        }
        nextGeneration += 1
        entries[key] = Entry(generation: nextGeneration, waiters: [waiter: continuation])
        keyOfWaiter[waiter] = key
        return .start(generation: nextGeneration)
    }

    /// The work of a new entry has started; returns false when every waiter already left, in
    /// which case the caller cancels the task.
    mutating func attach(_ task: Task<Void, Never>, to key: Key, generation: UInt64) -> Bool {
        guard entries[key]?.generation == generation else { return false }
        entries[key]?.task = task
        return true
    }

    /// A waiter's task was cancelled.
    mutating func cancel(waiter: UInt64) -> Action {
        guard let key = keyOfWaiter.removeValue(forKey: waiter) else {
            cancelledEarly.insert(waiter)
            return .none
        }
        guard var entry = entries[key], let continuation = entry.waiters.removeValue(forKey: waiter) else {
            return .none
        }
        if entry.waiters.isEmpty {
            entries[key] = nil
            return .resumeAndCancel(continuation, entry.task)
        }
        entries[key] = entry
        return .resume(continuation, .failure(CancellationError()))
    }

    /// A waiter has its result; forgets any trace of it.
    mutating func leave(waiter: UInt64) {
        cancelledEarly.remove(waiter)
        keyOfWaiter[waiter] = nil
    }

    /// The work of an entry finished; returns the waiters to resume with its result.
    mutating func finish(_ key: Key, generation: UInt64) -> [Continuation] {
        guard let entry = entries[key], entry.generation == generation else { return [] }
        entries[key] = nil
        for waiter in entry.waiters.keys { keyOfWaiter[waiter] = nil }
        return Array(entry.waiters.values)
    }
}
