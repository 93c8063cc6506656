// A child process for the timeout tests that block something the whole process shares, so
// that the test process's own threads and queues stay free.
//
// `pool`: it sends one request with a short timeout, then keeps every thread of Dispatch's global
// queue (which Swift's cooperative pool shares on Linux) busy for a while, as an app's long
// computation or a backlog of jobs might, and prints how the call ended. A timeout that waits for
// a pool thread fires only after the blocking ends, and by then the server has answered.
// Usage: courier-starved-pool-helper pool curl|urlSession URL TIMEOUT_MS BLOCK_MS HITS_URL, where
// HITS_URL answers {"hits": N} with N = 1 once the server has the request.
//
// `queue` (Linux): another URLSession's delegate holds FoundationNetworking's one serial queue,
// which every URLSession of a process shares, for at most BLOCK_MS; meanwhile a request with a
// short timeout goes through URLSessionTransport to URL (a server that never answers). Prints
// "timeout while held" when the call ended with a timeout before the queue was let go.
// Usage: courier-starved-pool-helper queue URL TIMEOUT_MS BLOCK_MS
import Courier
import Foundation
import TestSupport

let arguments = Array(CommandLine.arguments.dropFirst())
#if canImport(FoundationNetworking)
if arguments.first == "queue" {
    guard arguments.count == 4, let url = URL(string: arguments[1]), let timeout = Int(arguments[2]),
        let block = Int(arguments[3])
    else { usage() }
    print(await timeoutWhileTheQueueIsHeld(url: url, timeout: .milliseconds(timeout), limit: .milliseconds(block)))
    exit(0)
}
#endif
guard arguments.count == 6, arguments[0] == "pool", let kind = TransportUnderTest(rawValue: arguments[1]),
    let url = URL(string: arguments[2]),
    let timeout = Int(arguments[3]), let block = Int(arguments[4]), let hitsURL = URL(string: arguments[5])
else { usage() }
let client = HTTPClient(configuration: .init(transport: try kind.make()))
let call = Task { try await client.send(Request<Data>(path: url.absoluteString).timeout(.milliseconds(timeout))) }
// The pool's threads are taken once the server has the request.
struct Hits: Decodable { let hits: Int }
while try await client.send(Request<Hits>(path: hitsURL.absoluteString)).value.hits < 1 {
    try await Task.sleep(for: .milliseconds(10))
}
// Busy, not asleep: Linux's Dispatch adds threads to a pool whose threads sleep or wait, not to
// one whose threads run (a long computation, or a backlog of jobs).
let busyUntil = ContinuousClock.now + .milliseconds(block)
for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
    DispatchQueue.global().async {
        while ContinuousClock.now < busyUntil {}
    }
}
let outcome: String
switch await call.result {
case .success(let response): outcome = "status \(response.raw.statusCode)"
case .failure(let error as HTTPError) where error.isTimeout: outcome = "timeout"
case .failure(let error): outcome = "error: \(error)"
}
print(outcome)

func usage() -> Never {
    FileHandle.standardError.write(
        Data(
            """
            usage: courier-starved-pool-helper pool curl|urlSession URL TIMEOUT_MS BLOCK_MS HITS_URL
                   courier-starved-pool-helper queue URL TIMEOUT_MS BLOCK_MS

            """.utf8))
    exit(2)
}
