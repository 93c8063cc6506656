import Courier
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Raw `URLSession` beside the streaming and upload rows, the way an app without Courier would
/// use it: a data task whose delegate (on the session's default `OperationQueue`) counts and drops
/// the bytes, and an `uploadTask(fromFile:)`. It shows how much of a row is FoundationNetworking's
/// own cost. (Courier on `URLSessionTransport` can beat the download row on Linux: its delegate
/// runs on the session's own queue, without the hop to an `OperationQueue` per chunk.)
enum RawURLSessionTransfers {
    /// Seconds to receive `url`'s body, dropping every byte; throws unless `expected` bytes came.
    static func download(_ url: URL, expected: Int) async throws -> Double {
        let counter = Counter()
        let session = URLSession(configuration: .ephemeral, delegate: counter, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let started = ContinuousClock.now
        try await withCheckedThrowingContinuation { continuation in
            counter.continuation.withLock { $0 = continuation }
            session.dataTask(with: url).resume()
        }
        let elapsed = ContinuousClock.now - started
        let received = counter.received.load(ordering: .relaxed)
        guard received == expected else {
            throw BenchFailure("raw URLSession received \(received) of \(expected) bytes")
        }
        return elapsed.timeInterval
    }

    /// Seconds to PUT `file` to `url` with `uploadTask(fromFile:)`.
    static func upload(_ file: URL, to url: URL) async throws -> Double {
        let counter = Counter()
        let session = URLSession(configuration: .ephemeral, delegate: counter, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        request.httpMethod = "PUT"
        let started = ContinuousClock.now
        try await withCheckedThrowingContinuation { continuation in
            counter.continuation.withLock { $0 = continuation }
            session.uploadTask(with: request, fromFile: file).resume()
        }
        return (ContinuousClock.now - started).timeInterval
    }

    /// Counts the bytes received and resumes the waiting task when the transfer ends.
    private final class Counter: NSObject, URLSessionDataDelegate, Sendable {
        let received = Atomic(0)
        let continuation = Mutex<CheckedContinuation<Void, any Error>?>(nil)

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            received.add(data.count, ordering: .relaxed)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let waiting = continuation.withLock { value in
                defer { value = nil }
                return value
            }
            if let error { waiting?.resume(throwing: error) } else { waiting?.resume() }
        }
    }
}
