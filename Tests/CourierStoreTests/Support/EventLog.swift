import CourierStore
import Synchronization

/// Collects a store's events.
final class EventLog: Sendable {
    private let events = Mutex<[DocumentStoreEvent]>([])
    var all: [DocumentStoreEvent] { events.withLock { $0 } }
    func record(_ event: DocumentStoreEvent) { events.withLock { $0.append(event) } }
}
