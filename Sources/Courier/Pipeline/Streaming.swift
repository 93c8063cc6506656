import Foundation

extension HTTPClient {
    /// Sends a request through the pipeline and returns as soon as the status and headers have
    /// arrived, with the body as an `AsyncSequence` of chunks (``Response/body``) read while it
    /// arrives.
    ///
    /// ```swift
    /// let response = try await client.stream(Request<Data>(path: "/logs/app.log"))
    /// for try await line in response.body.lines {
    ///     print(line)
    /// }
    /// ```
    ///
    /// Everything before the first byte of the body is the pipeline of ``send(_:)``: the
    /// interceptors run, retries happen (a response whose status the request does not accept has
    /// its body read, up to 1 MiB, so the ``Configuration/apiErrorDecoder`` and the retry policy
    /// see it), the status and content type are validated, and each failure is thrown here as
    /// ``HTTPError``. The API-error decoder and the validators see an accepted response with an
    /// empty ``HTTPResponse/body``: its bytes have not been read yet. Once the body has started,
    /// a failure ends the sequence with an ``HTTPError`` and nothing is retried.
    ///
    /// The transport keeps a bounded number of bytes ahead of the reader (see
    /// ``HTTPResponse/ByteStream``). Cancelling the reading task, or dropping the body before its
    /// end, stops the transfer and closes the connection. The body is not limited by
    /// ``Configuration/maximumResponseBodySize``: this is the way to read a larger one. The call's
    /// ``EventMonitor/requestDidFinish(_:requestID:)`` is reported when the body ends. A streamed
    /// call is never de-duplicated.
    ///
    /// - Throws: ``HTTPError``, before the body starts.
    public func stream<Value>(_ request: Request<Value>) async throws(HTTPError) -> Response<HTTPResponse.ByteStream> {
        let context = RequestContext(events: events)
        // 1.–8. as for every call; a failure there is reported and thrown.
        let outcome = try await run(request, Exchange(body: .streamed, progress: nil), context: context)
        // 9. No decoding: the body is handed over; the call ends with it.
        let head = outcome.response
        var metadata = head
        metadata.bodyStream = nil
        metadata.body = Data()
        // The end handler must not capture `head`: it holds the stream, whose handle holds the
        // handler, and that cycle would keep a dropped body's transfer running.
        let sent = outcome.request
        let statusCode = head.statusCode
        let body = (head.bodyStream ?? HTTPResponse.ByteStream(head.body)).attach(
            request: sent, response: metadata, attempts: outcome.attempts
        ) { error in
            if let error { context.eventMonitor.requestDidFail(error, requestID: context.id) }
            context.reportMetrics(of: sent, statusCode: statusCode, error: error)
        }
        return Response(value: body, request: sent, raw: metadata)
    }
}

extension Response where Value == HTTPResponse.ByteStream {
    /// The body of a streamed response (``HTTPClient/stream(_:)``), read while it arrives: the
    /// same as ``value``.
    public var body: HTTPResponse.ByteStream { value }
}
