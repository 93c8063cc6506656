#if os(Linux)
import Courier
import Foundation
import Synchronization

/// libcurl with nothing of Courier around it: one thread drives a multi handle the way a C
/// program would (`curl_multi_perform`, then `curl_multi_poll`), keeping `transfers` GETs in
/// flight over at most `connections` connections to the host, each finished easy handle added
/// again at once with the same options.
///
/// It is not a contender: no caller awaits a response, no task is resumed, no header is parsed,
/// the body is dropped. It shows how much of the distance between ``CurlTransport`` and the
/// socket loop is libcurl's own work, and how much is Courier's: handing each response to the
/// task awaiting it and the next request back to the loop thread.
enum LibCurlLoop {
    /// GETs `path` from 127.0.0.1:`port` until `budget` is spent; one latency per transfer.
    static func run(port: Int, path: String, transfers: Int, connections: Int, budget: Budget) async throws
        -> RunResult
    {
        let curl = try LibCurl.loaded.get()
        let url = "http://127.0.0.1:\(port)\(path)"
        let outcome = Mutex<Result<RunResult, any Error>?>(nil)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // Its own thread, like the socket loop's: the loop blocks in curl_multi_poll.
            let thread = Thread {
                let result = Result {
                    try drive(curl, url: url, transfers: transfers, connections: connections, budget: budget)
                }
                outcome.withLock { $0 = result }
                continuation.resume()
            }
            thread.start()
        }
        guard let result = outcome.withLock({ $0 }) else { throw BenchFailure("the libcurl loop did not run") }
        return try result.get()
    }

    private static func drive(_ curl: LibCurl, url: String, transfers: Int, connections: Int, budget: Budget) throws
        -> RunResult
    {
        guard let multi = curl.multiInit() else { throw BenchFailure("curl_multi_init failed") }
        defer { _ = curl.multiCleanup(multi) }
        _ = curl.multiSetLong(multi, CurlOption.multiMaxHostConnections, connections)
        var handles: [LibCurl.Handle] = []
        defer {
            for easy in handles {
                _ = curl.multiRemove(multi, easy)
                curl.easyCleanup(easy)
            }
        }
        for _ in 0..<transfers {
            guard let easy = curl.easyInit() else { throw BenchFailure("curl_easy_init failed") }
            handles.append(easy)
            _ = curl.setLong(easy, CurlOption.noSignal, 1)
            _ = curl.setLong(easy, CurlOption.httpGet, 1)
            _ = url.withCString { curl.setPointer(easy, CurlOption.url, $0) }
            _ = curl.setCallback(easy, CurlOption.writeFunction) { _, size, count, _ in size * count }
        }
        let clock = ContinuousClock()
        let started = clock.now
        let deadline = budget.deadline(from: started)
        let total = budget.share(of: 0, among: 1)
        var begun: [LibCurl.Handle: ContinuousClock.Instant] = [:]
        var latencies: [Duration] = []
        latencies.reserveCapacity(total ?? 8_192)
        func launch(_ easy: LibCurl.Handle) {
            let now = clock.now
            if let total, begun.count + latencies.count >= total { return }
            if let deadline, now >= deadline { return }
            begun[easy] = now
            _ = curl.multiAdd(multi, easy)
        }
        for easy in handles { launch(easy) }
        var running: Int32 = 0
        while !begun.isEmpty {
            _ = curl.multiPerform(multi, &running)
            while let (easy, code) = curl.nextFinished(multi) {
                _ = curl.multiRemove(multi, easy)
                guard code == 0 else { throw BenchFailure("libcurl error \(code) in the libcurl loop") }
                if let start = begun.removeValue(forKey: easy) { latencies.append(clock.now - start) }
                launch(easy)
            }
            if !begun.isEmpty { _ = curl.multiPoll(multi, nil, 0, 1000, nil) }
        }
        return RunResult(operations: latencies.count, elapsed: clock.now - started, latencies: latencies)
    }
}
#endif
