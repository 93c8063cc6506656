import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// What URLSession asks mid-task: whether to follow a redirect, and a body to send again.
extension SessionDelegate {
    /// libcurl asks for the body again (FoundationNetworking passes the question on here) only to
    /// send the request a second time: a reused keep-alive connection died before any answer, and
    /// it would open a new one and send everything again. Refused, as ``CurlTransport`` refuses:
    /// the task is cancelled and fails at once with ``URLError/refusedResend``, a lost
    /// connection, instead of waiting out its timeout for a body that never comes (no stream is
    /// handed over, so FoundationNetworking would go on with an exhausted one).
    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        let known = transfers.withLock { transfers -> Bool in
            guard let transfer = transfers[task.taskIdentifier] else { return false }
            transfer.refusedResend = true
            return true
        }
        completionHandler(nil)
        if known { Self.elsewhere { task.cancel() } }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // FoundationNetworking makes `request` from `Location` however odd its scheme (a
        // `file:///etc/passwd` became a same-origin GET of /etc/passwd, with the credentials):
        // the scheme is read from the response itself.
        let refusal = (response.url ?? task.currentRequest?.url).flatMap {
            Redirects.refusal(after: HTTPResponse(response, body: Data(), url: $0))
        }
        let (follow, hasBody) = transfers.withLock { transfers -> (Bool, Bool) in
            let transfer = transfers[task.taskIdentifier]
            let follow = transfer?.followsRedirects ?? true
            if follow, let refusal { transfer?.redirectRefusal = refusal }
            return (follow, transfer?.hasBody ?? false)
        }
        if follow, refusal != nil {
            completionHandler(nil)
            return
        }
        // 307/308 with a body are followed by the transport itself (see `URLSessionTransport.send`).
        guard follow,
            !Redirects.urlSessionTransportFollows(
                statusCode: response.statusCode, followsRedirects: follow, hasBody: hasBody)
        else {
            completionHandler(nil)
            return
        }
        var next = request
        if let from = response.url ?? task.currentRequest?.url, let to = request.url, !Redirects.sameOrigin(from, to) {
            // FoundationNetworking would forward credentials to the other origin.
            for name in Redirects.credentialHeaders { next.setValue(nil, forHTTPHeaderField: name) }
        }
        completionHandler(next)
    }
}
