#if canImport(FoundationNetworking)
@testable import Courier
import Foundation
import FoundationNetworking
import Synchronization
import TestSupport
import Testing

/// FoundationNetworking runs every URLSession of a process on one serial queue: while one
/// session's work holds it (a delegate that takes long, a large upload), the others wait. A
/// request's timeout must still end the call on time: a deadline is the caller's, not the queue's.
@Suite("URLSessionTransport keeps its timeouts while FoundationNetworking's queue is busy", .serialized)
struct URLSessionCongestionTests {
    @Test(.timeLimit(.minutes(1)))
    func aTimeoutEndsTheCallWhileAnotherSessionHoldsTheQueue() async throws {
        let blocker = QueueBlocker()
        try await blocker.holdTheQueue(with: try TestServers.faults().appendingPathComponent("ok"))
        defer { blocker.release() }

        let client = HTTPClient(baseURL: try TestServers.faults(), transport: URLSessionTransport())
        let outcome = Mutex<Result<Int, HTTPError>?>(nil)
        let call = Task {
            do throws(HTTPError) {
                let response = try await client.send(Request<Data>(path: "/hang").timeout(.milliseconds(300)))
                outcome.withLock { $0 = .success(response.statusCode) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
        }
        // The call ends while the queue is still held (the blocker lets go only afterwards).
        try await waitUntil("the call to end while the queue is held", limit: .seconds(20)) {
            outcome.withLock { $0 != nil }
        }
        #expect(blocker.isHolding)
        blocker.release()
        await call.value
        let result = try #require(outcome.withLock { $0 })
        guard case .failure(let error) = result else {
            Issue.record("expected a timeout, got \(result)")
            return
        }
        #expect(error.urlError?.code == .timedOut, "got \(error)")
    }
}

/// A plain URLSession whose delegate runs on FoundationNetworking's queue (as the transport's
/// does) and blocks in its first data callback until released.
private final class QueueBlocker: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // `@unchecked Sendable`: its state is the two atomics and the semaphore, all thread-safe.
    private let entered = Atomic<Bool>(false)
    private let released = Atomic<Bool>(false)
    private let gate = DispatchSemaphore(value: 0)
    private var session: URLSession?

    var isHolding: Bool { entered.load(ordering: .acquiring) && !released.load(ordering: .acquiring) }

    func holdTheQueue(with url: URL) async throws {
        let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: InlineDelegateQueue())
        self.session = session
        session.dataTask(with: url).resume()
        try await waitUntil("the blocker to hold the queue") { self.entered.load(ordering: .acquiring) }
    }

    func release() {
        guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
        gate.signal()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard !entered.exchange(true, ordering: .acquiringAndReleasing) else { return }
        gate.wait()
    }
}
#endif
