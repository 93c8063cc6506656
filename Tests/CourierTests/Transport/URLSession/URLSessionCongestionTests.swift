#if canImport(FoundationNetworking)
import Foundation
import TestSupport
import Testing

/// FoundationNetworking runs every URLSession of a process on one serial queue: while one
/// session's work holds it (a delegate that takes long, a large upload), the others wait. A
/// request's timeout must still end the call on time: a deadline is the caller's, not the queue's.
///
/// The queue is held in a child process: held in this one, it would stall every other
/// URLSession test running beside this one.
@Suite("URLSessionTransport keeps its timeouts while FoundationNetworking's queue is busy")
struct URLSessionCongestionTests {
    @Test(.timeLimit(.minutes(3)))
    func aTimeoutEndsTheCallWhileAnotherSessionHoldsTheQueue() async throws {
        // Another session's delegate holds the queue for up to 20 s; the call's timeout is 300 ms.
        let output = try await ChildProcess.run(
            try HelperExecutable.url(named: "courier-starved-pool-helper"),
            arguments: [
                "queue", try TestServers.faults().appendingPathComponent("hang").absoluteString, "300", "20000",
            ])
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "timeout while held")
    }
}
#endif
