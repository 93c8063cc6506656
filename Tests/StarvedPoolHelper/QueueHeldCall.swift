#if canImport(FoundationNetworking)
import Courier
import Foundation
import Synchronization

/// Holds FoundationNetworking's queue (for at most `limit`), sends a request with `timeout` to
/// `url` through `URLSessionTransport` and says how the call ended, and whether the queue was
/// still held then.
func timeoutWhileTheQueueIsHeld(url: URL, timeout: Duration, limit: Duration) async -> String {
    let blocker = QueueBlocker()
    do {
        try await blocker.holdTheQueue(with: url.deletingLastPathComponent().appendingPathComponent("ok"))
    } catch {
        return "the blocker never held the queue: \(error)"
    }
    // The queue is let go after `limit` whatever happens, so the helper always ends.
    let safety = Task {
        try? await Task.sleep(for: limit)
        blocker.release()
    }
    defer { safety.cancel() }
    let client = HTTPClient(configuration: .init(transport: URLSessionTransport()))
    let ended: String
    do {
        let response = try await client.send(Request<Data>(path: url.absoluteString).timeout(timeout))
        ended = "status \(response.raw.statusCode)"
    } catch let error where error.isTimeout {
        ended = "timeout"
    } catch {
        ended = "error: \(error)"
    }
    let held = blocker.isHolding
    blocker.release()
    return held ? "\(ended) while held" : "\(ended) after the queue was let go"
}
#endif
