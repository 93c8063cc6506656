import Foundation

/// Marks a call made by ``HTTPClient/stream(_:)``: the transport stage then asks the transport
/// for ``HTTPTransport/stream(_:)``.
enum StreamingKey: RequestOptionKey {
    static let defaultValue = false
}

extension HTTPClient {
    /// The most bytes of an error response's body read before the API-error decoder runs: the
    /// rest is not read and the connection is closed.
    static let streamedErrorBodyLimit = 1 << 20

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
        let monitor = context.eventMonitor

        // 1. Build the wire request, marked for the transport stage.
        var wire: HTTPRequest
        do {
            wire = try makeHTTPRequest(request)
        } catch {
            monitor.requestDidFail(error, requestID: context.id)
            throw error
        }
        wire.options[StreamingKey.self] = true
        // A streamed body is handed over while it arrives, never held whole: no limit.
        wire.maximumResponseBodySize = nil

        // 2. Observe.
        monitor.requestDidStart(wire, requestID: context.id)
        // The head once it arrived: its body stream is cancelled when a later stage fails.
        var raw: HTTPResponse?
        do throws(HTTPError) {
            let head: HTTPResponse
            do {
                // 3. No de-duplication: a body read while it arrives cannot be shared.
                // 4. Interceptors, ending in 5. the transport.
                head = try await intercept(wire, context: context, from: 0)
            } catch {
                throw HTTPError(
                    wrapping: error, request: context.lastRequest ?? wire, attempts: max(context.attempts, 1))
            }
            raw = head
            let sent = context.lastRequest ?? wire
            let attempts = max(context.attempts, 1)

            // 6.–8. API-error decoding, status and content validation, on the head.
            try check(head, of: sent, attempts: attempts, validators: request.validators)
            // 9. No decoding: the body is handed over; the call ends with it.
            var metadata = head
            metadata.bodyStream = nil
            metadata.body = Data()
            // The end handler must not capture `head`: it holds the stream, whose handle holds the
            // handler, and that cycle would keep a dropped body's transfer running.
            let statusCode = head.statusCode
            let body = (head.bodyStream ?? HTTPResponse.ByteStream(head.body)).attach(
                request: sent, response: metadata, attempts: attempts
            ) { error in
                if let error { monitor.requestDidFail(error, requestID: context.id) }
                context.reportMetrics(of: sent, statusCode: statusCode, error: error)
            }
            return Response(value: body, request: sent, raw: metadata)
        } catch {
            raw?.bodyStream?.cancel()
            monitor.requestDidFail(error, requestID: context.id)
            context.reportMetrics(of: context.lastRequest ?? wire, statusCode: error.statusCode, error: error)
            throw error
        }
    }

    /// Stage 5 for a streamed call: asks the transport for the head and, when the status is not
    /// one the request accepts, reads the error body (bounded) so that interceptors, the retry
    /// policy and the API-error decoder see it.
    func receiveStreamed(_ request: HTTPRequest) async throws -> HTTPResponse {
        var response = try await configuration.transport.stream(request)
        guard !request.accepts(statusCode: response.statusCode), let body = response.bodyStream else {
            return response
        }
        response.bodyStream = nil
        // The source's own errors (a `URLError`), as the transport stage reports them.
        let source = body.handle.source
        var collected = response.body
        while collected.count < Self.streamedErrorBodyLimit, let chunk = try await source.next() {
            collected.append(chunk.prefix(Self.streamedErrorBodyLimit - collected.count))
        }
        body.cancel()
        response.body = collected
        return response
    }
}

extension Response where Value == HTTPResponse.ByteStream {
    /// The body of a streamed response (``HTTPClient/stream(_:)``), read while it arrives: the
    /// same as ``value``.
    public var body: HTTPResponse.ByteStream { value }
}
