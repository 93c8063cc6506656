import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SessionDelegate {
    /// A completed transfer as URLSession reported it. The caller converts it to an
    /// ``HTTPResponse`` on its own thread, which keeps that work off the session's serial queue.
    struct Received: Sendable {
        let response: HTTPURLResponse
        let body: Data
        let url: URL
        /// Set when the body follows in the transfer's stream.
        var streamed = false
        /// Where the time went, from URLSession's task metrics (Apple platforms only).
        var phases: PhaseTimings?
        /// The body bytes written to the download's file instead of `body`, if any.
        var bytesWrittenToFile: Int64?

        var raw: HTTPResponse {
            var raw = HTTPResponse(response, body: body, url: url)
            raw.phases = phases
            raw.bytesWrittenToFile = bytesWrittenToFile
            return raw
        }
    }

    /// One attempt's state, from before its task exists until the task completes. A class, so a
    /// callback changes it in place instead of copying it out of the table and back.
    ///
    /// `@unchecked Sendable`: it is read and changed only inside `transfers`' lock (whether it is
    /// in the table yet or not), or by the completion callback after it took the transfer out of
    /// the table and marked it finished, when no one else changes it.
    final class Transfer: @unchecked Sendable {
        /// The caller, until it is resumed: by the task (its head, its completion) or, first, by
        /// ``SessionDelegate/abandon(_:with:)``.
        var continuation: CheckedContinuation<Received, any Error>?
        /// The task, once made; nil until then.
        var task: URLSessionTask?
        /// Set when the caller was answered without the task (a timeout, a cancellation): the
        /// task's later callbacks change nothing.
        var abandoned = false
        /// Set when the task completed.
        var finished = false
        /// The attempt's body reader, closed when the task completes (URLSession reads it until then).
        let reader: BodyReader?
        let followsRedirects: Bool
        /// Whether the request has a body (a 307/308 is then followed by the transport).
        let hasBody: Bool
        var response: HTTPURLResponse?
        var body = Data()
        /// The 401/407 whose authentication challenge was cancelled.
        var challengedResponse: HTTPURLResponse?
        /// Set when libcurl asked for the body again to send the request a second time; the task
        /// was cancelled instead (see ``URLError/refusedResend``).
        var refusedResend = false
        /// Receives progress.
        let reporter: TransferProgress.Reporter?
        /// Where a download's 2xx body goes (with a reporter only); nil keeps it in memory.
        let downloadFile: DownloadFile?
        /// The open temporary file of a download, and what was written to it.
        var file: FileHandle?
        var fileBytes: Int64 = 0
        /// Set when writing the download failed; the task was cancelled.
        var fileError: URLError?
        /// Where a streamed body goes (``URLSessionTransport/stream(_:)``), and whether the head
        /// was handed over already (the continuation is then resumed and the body follows there).
        var stream: StreamBuffer?
        var streaming = false
        /// The most body bytes kept in memory (``HTTPRequest/maximumResponseBodySize``; never for
        /// a streamed body), and why the body was refused (the task was cancelled).
        let bodyLimit: Int?
        var limitError: ResponseBodyTooLarge?
        /// Where the time went, once URLSession delivered the task's metrics (Apple platforms).
        var phases: PhaseTimings?
        /// Why the server's certificate was refused (Apple platforms, with ``TLSSettings``); the
        /// challenge was cancelled.
        var trustFailure: (any Error)?
        /// A redirect to a scheme other than http or https that was not followed.
        var redirectRefusal: RedirectRefused?

        /// Why the transfer failed whatever URLSession reports: the server's certificate was
        /// refused, a redirect to another scheme was refused, the download file could not be
        /// written, the body passed its limit, or the request was not sent a second time.
        var failure: (any Error)? {
            if let trustFailure { return trustFailure }
            if let redirectRefusal { return redirectRefusal }
            if let fileError { return fileError }
            if let limitError { return limitError }
            return refusedResend ? URLError.refusedResend : nil
        }

        init(
            continuation: CheckedContinuation<Received, any Error>, request: HTTPRequest,
            reporter: TransferProgress.Reporter?, downloadFile: DownloadFile?, stream: StreamBuffer?,
            reader: BodyReader?
        ) {
            self.continuation = continuation
            self.reader = reader
            followsRedirects = request.followsRedirects
            hasBody = request.body != nil
            self.reporter = reporter
            self.downloadFile = reporter == nil ? nil : downloadFile
            self.stream = stream
            bodyLimit = stream == nil ? request.maximumResponseBodySize : nil
        }
    }
}
