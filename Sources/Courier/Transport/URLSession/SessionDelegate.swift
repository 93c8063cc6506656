import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session delegate of ``URLSessionTransport``: it collects each task's response and body,
/// reports progress, writes downloads to their file, answers redirects and authentication
/// challenges, and resumes the task's caller when the task completes.
///
/// One concern a file: this one starts and abandons attempts; each attempt's state is in
/// `SessionDelegate+Transfer.swift`, the response and body in `SessionDelegate+Receiving.swift`,
/// redirects and resends in `SessionDelegate+Redirects.swift`, authentication challenges in
/// `SessionDelegate+Challenges.swift`, and the errors reported in `SessionDelegate+Errors.swift`.
///
/// On Linux it runs on the session's own queue (see ``InlineDelegateQueue``), so it never calls
/// back into URLSession synchronously: `URLSessionTask.cancel()` and a challenge's completion
/// handler (which cancels) wait for that queue, and are sent to another queue.
///
/// `@unchecked Sendable`: `NSObject` is not `Sendable`, but this class has no state of its own
/// outside its `Mutex`, and URLSession calls it serially.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// Every attempt whose task was made and has not completed, by task identifier.
    let transfers = Mutex<[Int: Transfer]>([:])
    #if canImport(Security) && !canImport(FoundationNetworking)
    /// The transport's TLS settings, applied to server trust challenges; nil for the system's.
    let serverTrust: ServerTrustEvaluator?
    /// The identity shown to servers that ask for a client certificate; nil shows none.
    let clientIdentity: ClientIdentity?

    init(serverTrust: ServerTrustEvaluator? = nil, clientIdentity: ClientIdentity? = nil) {
        self.serverTrust = serverTrust
        self.clientIdentity = clientIdentity
    }
    #endif
    #if !canImport(FoundationNetworking)
    /// Why the server's certificate was refused, for tasks that are not transfers (WebSocket
    /// tasks), by task identifier, until their connection takes it (``takeTrustFailure(ofTask:)``).
    let otherTrustFailures = Mutex<[Int: any Error]>([:])

    /// Why the server's certificate was refused for the task with `identifier`, a task that is
    /// not one of this delegate's transfers; nil when it was not. Forgets it.
    func takeTrustFailure(ofTask identifier: Int) -> (any Error)? {
        otherTrustFailures.withLock { $0.removeValue(forKey: identifier) }
    }
    #endif

    /// An attempt of `request` for its caller, not started yet (see ``start(_:making:)``).
    func prepare(
        _ request: HTTPRequest, reader: BodyReader?, continuation: CheckedContinuation<Received, any Error>,
        streamingInto stream: StreamBuffer? = nil, reporting reporter: TransferProgress.Reporter? = nil,
        writingTo downloadFile: DownloadFile? = nil
    ) -> Transfer {
        reporter?.beginAttempt(expectedUpload: request.body == nil ? 0 : request.body?.length)
        return Transfer(
            continuation: continuation, request: request, reporter: reporter, downloadFile: downloadFile,
            stream: stream, reader: reader)
    }

    /// Makes the attempt's task with `makeTask`, registers it and resumes it, off the caller's
    /// thread: FoundationNetworking runs every URLSession of a process on one serial queue, and
    /// making or resuming a task waits for it, so a caller would wait behind every other
    /// session's work (a large upload elsewhere in the process) and its timeout with it. An
    /// attempt abandoned before its task was made never makes one.
    func start(_ transfer: Transfer, making makeTask: @escaping @Sendable () -> URLSessionTask) {
        Self.elsewhere { [self] in
            guard !transfers.withLock({ _ in transfer.abandoned }) else {
                transfer.reader?.close()
                return
            }
            let task = makeTask()
            let abandoned = transfers.withLock { transfers -> Bool in
                transfer.task = task
                guard !transfer.abandoned else { return true }
                transfers[task.taskIdentifier] = transfer
                return false
            }
            if abandoned {
                transfer.reader?.close()
                task.cancel()
            } else {
                task.resume()
            }
        }
    }

    /// Answers the attempt's caller with `error` now (its timeout passed, or it was cancelled),
    /// and cancels its task on another queue; nothing once the task completed.
    ///
    /// Not through the task's completion: FoundationNetworking's one queue for every session
    /// (see ``start(_:making:)``) would hold the answer behind other sessions' work (calls with a
    /// 2 s timeout waited 28 s while other tests uploaded). The task's later callbacks find the
    /// transfer abandoned and change nothing; its completion closes what it opened.
    func abandon(_ transfer: Transfer, with error: URLError) {
        let (continuation, stream, task) = transfers.withLock {
            _ -> (CheckedContinuation<Received, any Error>?, StreamBuffer?, URLSessionTask?) in
            guard !transfer.finished, !transfer.abandoned else { return (nil, nil, nil) }
            transfer.abandoned = true
            defer { transfer.continuation = nil }
            return (transfer.continuation, transfer.stream, transfer.task)
        }
        // A streamed body's reader gets the error too; a producer blocked on a full stream must
        // let the cancellation through.
        stream?.finish(throwing: error)
        continuation?.resume(throwing: error)
        if let task { Self.elsewhere { task.cancel() } }
    }

    /// Resumes a task suspended because its stream's reader fell behind (Apple platforms).
    func resumeSuspended(_ transfer: Transfer) {
        transfers.withLock { _ in transfer.abandoned || transfer.finished ? nil : transfer.task }?.resume()
    }

    /// Runs `work` off the delegate's queue: what calls into URLSession must not run on the
    /// session's own queue (see the type's documentation).
    static func elsewhere(_ work: @escaping @Sendable () -> Void) {
        #if canImport(FoundationNetworking)
        calls.async(execute: work)
        #else
        work()
        #endif
    }

    #if canImport(FoundationNetworking)
    /// Where `elsewhere` runs its work: a serial queue of its own, which Dispatch gives a thread
    /// even while every thread of the shared pool is busy, so a cancellation is not held up by
    /// the app's work.
    private static let calls = DispatchQueue(label: "Courier.URLSessionTransport.calls")
    #endif
}
