import Foundation
import TestSupport
import Testing

/// A request's timeout fires on time even while the app keeps every thread of the shared pool
/// busy: in a child process (so this suite's own pool stays free), one request with a 300 ms
/// timeout goes to a server that answers after 3 s, and once the server has it the process keeps
/// all of Dispatch's global threads busy for 5 s. A timeout waiting for one of those threads would fire only after 5 s,
/// when the answer is in: the call would succeed and the server would see no early close.
@Suite("Timeouts with a starved thread pool")
struct TransportTimeoutStarvationTests {
    @Test("The timeout ends the request while the pool is blocked", arguments: TransportUnderTest.allCases)
    func timeoutFiresWhileThePoolIsBlocked(transport: TransportUnderTest) async throws {
        let faults = try FaultServer()
        let key = uniqueKey("starved-\(transport.rawValue)")
        let url = try TestServers.faults().appendingPathComponent("count/\(key)")
        let output = try await ChildProcess.run(
            try HelperExecutable.url(named: "courier-starved-pool-helper"),
            arguments: [
                "pool", transport.rawValue, url.absoluteString + "?delay=3", "300", "5000",
                try TestServers.faults().appendingPathComponent("hits/\(key)").absoluteString,
            ])
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "timeout")
        // The server counts a client that closed before its 3 s were up.
        let hits = try await faults.hits(key)
        #expect(hits.hits == 1 && hits.closed_early == 1, "hits \(hits.hits), closed early \(hits.closed_early)")
    }
}
