import CourierStore
import Synchronization

/// Collects what a store or cache reports, from any thread.
final class Recorder<Element: Sendable>: Sendable {
    private let elements = Mutex<[Element]>([])
    var all: [Element] { elements.withLock { $0 } }
    func record(_ element: Element) { elements.withLock { $0.append(element) } }
}

/// Collects a document store's events.
typealias EventLog = Recorder<DocumentStoreEvent>
