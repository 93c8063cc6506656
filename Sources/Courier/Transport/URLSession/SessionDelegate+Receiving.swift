import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The response, its body and its end, as URLSession reports them for each task.
extension SessionDelegate {
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        var head: (CheckedContinuation<Received, any Error>, Received)?
        defer { if let (continuation, received) = head { continuation.resume(returning: received) } }
        var tooLarge = false
        let failed = transfers.withLock { transfers -> Bool in
            guard let transfer = transfers[dataTask.taskIdentifier], !transfer.abandoned else { return false }
            // FoundationNetworking reports the response again after a suspended task resumes.
            if transfer.streaming { return false }
            transfer.response = http
            // A refused redirect is the transfer's failure, not a head to hand over.
            if transfer.redirectRefusal != nil { return false }
            if transfer.stream != nil, let http, let url = http.url ?? dataTask.currentRequest?.url,
                !Redirects.urlSessionTransportFollows(
                    statusCode: http.statusCode, followsRedirects: transfer.followsRedirects, hasBody: transfer.hasBody)
            {
                // The head goes to the caller now; the body follows in the stream.
                transfer.streaming = true
                if let continuation = transfer.continuation {
                    head = (continuation, Received(response: http, body: Data(), url: url, streamed: true))
                }
                transfer.continuation = nil
                return false
            }
            if let reporter = transfer.reporter {
                reporter.didReceiveResponse(
                    expected: response.expectedContentLength >= 0 ? response.expectedContentLength : nil)
                if let file = transfer.downloadFile, let http, (200..<300).contains(http.statusCode) {
                    let headers = HTTPResponse(http, body: Data(), url: file.destination).headers
                    if let refused = file.plan(status: http.statusCode, headers: headers) {
                        transfer.fileError = refused
                    } else {
                        transfer.file = file.open().map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
                        if transfer.file == nil { transfer.fileError = URLError(.cannotCreateFile) }
                    }
                }
            }
            if transfer.file == nil, transfer.fileError == nil, let http {
                // A body that would be held in memory and announces more than the limit is
                // refused now, before any of it is read.
                let expected = ResponseBodyTooLarge.expectedLength(
                    contentLength: http.value(forHTTPHeaderField: "Content-Length"),
                    contentEncoding: http.value(forHTTPHeaderField: "Content-Encoding"))
                transfer.limitError = ResponseBodyTooLarge.announced(expected, limit: transfer.bodyLimit)
                tooLarge = transfer.limitError != nil
            }
            return transfer.fileError != nil
        }
        // The server may send the rest slowly, or never: the task is cancelled now rather than at
        // its next bytes.
        if tooLarge { Self.elsewhere { dataTask.cancel() } }
        completionHandler(failed ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var streamTo: StreamBuffer?
        let failed = transfers.withLock { transfers -> Bool in
            guard let transfer = transfers[dataTask.taskIdentifier], !transfer.abandoned else { return false }
            if transfer.streaming, let stream = transfer.stream {
                streamTo = stream
                return false
            }
            // FoundationNetworking ignores the `.cancel` answer to the response, so a download
            // whose file could not be created is cancelled at its first bytes.
            if transfer.fileError != nil { return true }
            if let file = transfer.file {
                do {
                    try file.write(contentsOf: data)
                    transfer.fileBytes += Int64(data.count)
                } catch {
                    transfer.fileError = URLError(.cannotWriteToFile)
                    return true
                }
            } else if transfer.limitError != nil {
                // Refused already; the cancellation is on its way and nothing more is kept.
                return false
            } else if let error = ResponseBodyTooLarge.receiving(
                data.count, after: transfer.body.count, limit: transfer.bodyLimit)
            {
                transfer.limitError = error
                return true
            } else if transfer.body.isEmpty {
                transfer.body = data
            } else {
                transfer.body.append(data)
            }
            transfer.reporter?.didReceive(count: Int64(data.count))
            return false
        }
        if failed { Self.elsewhere { dataTask.cancel() } }
        if let streamTo {
            #if canImport(FoundationNetworking)
            // No backpressure here: FoundationNetworking's suspend() removes the transfer from
            // libcurl and starts it again from the first byte on resume(), and blocking this
            // callback would stall every URLSession of the process (their queues share one
            // target queue). Past its bound the buffer spills to a temporary file, up to a
            // limit (see `StreamBuffer`); CurlTransport pauses the transfer instead.
            _ = streamTo.append(data)
            #else
            // A full buffer suspends the task until the reader makes room (the stream's hook).
            if streamTo.append(data) { Self.elsewhere { dataTask.suspend() } }
            #endif
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        // FoundationNetworking reads `totalBytesSent` when the callback runs, not when the bytes
        // went out, so under load many callbacks report the final total; the increments are exact.
        transfers.withLock { $0[task.taskIdentifier]?.reporter }?.didSend(count: bytesSent)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard
            let (transfer, continuation) = transfers.withLock({
                transfers -> (Transfer, CheckedContinuation<Received, any Error>?)? in
                guard let transfer = transfers.removeValue(forKey: task.taskIdentifier) else { return nil }
                transfer.finished = true
                defer { transfer.continuation = nil }
                return (transfer, transfer.continuation)
            })
        else { return }
        transfer.reader?.close()
        if transfer.abandoned {
            // The caller was answered already, and may be making its next attempt at the same
            // download file: only this attempt's handle is closed.
            try? transfer.file?.close()
            return
        }
        if transfer.streaming, let stream = transfer.stream {
            guard let error, transfer.challengedResponse == nil else {
                // A 401 whose challenge was cancelled ends with what it sent, as `send` returns it.
                stream.finish(throwing: nil)
                return
            }
            stream.finish(
                throwing: transfer.failure
                    ?? Self.failure(error, received: 0, of: transfer.response, url: task.originalRequest?.url))
            return
        }
        var bytesWrittenToFile: Int64?
        if let file = transfer.file {
            try? file.close()
            if error == nil, transfer.failure == nil, let short = transfer.downloadFile?.checkComplete() {
                // The body ended before the length its head announced.
                transfer.fileError = short
            } else if error == nil, transfer.failure == nil {
                bytesWrittenToFile = transfer.fileBytes
            } else {
                // The bytes stay to be resumed when they can be.
                transfer.downloadFile?.attemptFailed()
            }
        }
        if let failure = transfer.failure {
            continuation?.resume(throwing: failure)
            return
        }
        if let error {
            if let challenged = transfer.challengedResponse,
                let url = challenged.url ?? task.originalRequest?.url
            {
                continuation?.resume(returning: Received(response: challenged, body: transfer.body, url: url))
            } else {
                let received = transfer.file == nil ? Int64(transfer.body.count) : transfer.fileBytes
                continuation?.resume(
                    throwing: Self.failure(
                        error, received: received, of: transfer.response, url: task.originalRequest?.url)
                )
            }
            return
        }
        guard let response = transfer.response, let url = response.url ?? task.currentRequest?.url else {
            continuation?.resume(throwing: URLError(.badServerResponse))
            return
        }
        continuation?.resume(
            returning: Received(
                response: response, body: transfer.body, url: url, phases: transfer.phases,
                bytesWrittenToFile: bytesWrittenToFile))
    }

    #if !canImport(FoundationNetworking)
    /// URLSession delivers a task's metrics before its completion: kept for the response.
    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        let phases = TaskMetricsPhases.phases(of: metrics)
        transfers.withLock { $0[task.taskIdentifier]?.phases = phases }
    }
    #endif
}
