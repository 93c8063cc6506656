import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What one call asks of the transport stage: how it wants the response body, and who hears of
/// the bytes as they move. The parameters of a run of the pipeline (``HTTPClient/run(_:_:context:)``),
/// handed down to stage 5 as arguments; nothing of it travels in the request's options.
struct Exchange: Sendable {
    /// What the caller wants from the response body.
    enum Body: Sendable, Equatable {
        /// The whole body in memory, within the call's limit (``HTTPClient/send(_:)``,
        /// ``HTTPClient/transfer(_:)``).
        case whole
        /// The head as soon as it arrives, the body following while it arrives
        /// (``HTTPClient/stream(_:)``).
        case streamed
        /// A successful body written to this file while it arrives, resuming the bytes on disk
        /// (``HTTPClient/download(_:to:)``).
        case file(DownloadFile)
        /// A WebSocket opening handshake (``HTTPClient/webSocket(_:options:)``): the 101 head,
        /// carrying the connection the transport opened.
        case webSocket(WebSocketUpgrade)
    }

    /// How the body is wanted.
    var body: Body
    /// Hears of the bytes sent and received; nil when nobody watches.
    var progress: TransferProgress.Reporter?

    /// The whole body in memory, nobody watching: ``HTTPClient/send(_:)``.
    static let whole = Exchange(body: .whole, progress: nil)
}

/// A run's answer once stages 1–8 passed, the one value the runner returns: the response (its
/// head alone when streamed), the request the transport was last handed (carried back up the
/// interceptors inside the response), how many attempts it took, and how many body bytes the
/// transport wrote to a download's file instead of the response's body.
struct PipelineOutcome: Sendable {
    let response: HTTPResponse
    let request: HTTPRequest
    let attempts: Int
    /// The body bytes the transport wrote to the download's file; nil when the body is in memory.
    var bytesWrittenToFile: Int64? { response.bytesWrittenToFile }
}

extension HTTPClient {
    /// The most bytes of an error response's body read before the API-error decoder runs, on a
    /// streamed call: the rest is not read and the connection is closed.
    static let streamedErrorBodyLimit = 1 << 20

    /// Stages 1 to 8 for every kind of call; the caller does stage 9 with the outcome (decodes
    /// it, hands its body over, or places its file) and reports the call's end.
    ///
    /// A failure in any stage here is reported (``EventMonitor/requestDidFail(_:requestID:)`` and
    /// the call's metrics) before it is thrown; a streamed head's body is cancelled then.
    func run<Value>(_ request: Request<Value>, _ exchange: Exchange, context: RequestContext)
        async throws(HTTPError) -> PipelineOutcome
    {
        let monitor = context.eventMonitor

        // 1. Build the wire request.
        let wire: HTTPRequest
        do {
            var built = try makeHTTPRequest(request)
            // A streamed body is handed over while it arrives, never held whole: no limit.
            if exchange.body == .streamed { built.maximumResponseBodySize = nil }
            wire = built
        } catch {
            monitor.requestDidFail(error, requestID: context.id)
            throw error.redacted(by: redactor)
        }

        // 2. Observe: the call starts; every way out below reports how it ended.
        monitor.requestDidStart(wire, requestID: context.id)
        // The response once it arrived: a streamed body is cancelled when a later stage fails.
        var received: HTTPResponse?
        do throws(HTTPError) {
            let response: HTTPResponse
            do {
                // 3. De-duplicate: join or refuse an identical call in flight, when asked to.
                // 4. Interceptors, ending in 5. the transport (``transmit(_:context:exchange:)``).
                let mode = Self.deduplicationMode(of: wire, exchange: exchange)
                if mode == .alwaysCreateNew {
                    response = try await intercept(wire, context: context, exchange: exchange, from: 0)
                } else {
                    response = try await deduplication.pass(wire, mode: mode, context: context) {
                        try await self.intercept(wire, context: context, exchange: exchange, from: 0)
                    }
                }
            } catch {
                // Stage 5 wraps what the transport threw with the request it was handed; what is
                // left (a cancellation, an interceptor's own error) is the call's.
                throw HTTPError(wrapping: error, request: wire, attempts: max(context.attempts, 1))
            }
            received = response
            let sent = response.sentRequest ?? wire
            let attempts = max(context.attempts, 1)
            // 6.–8. API-error decoding, status and content validation (on the head alone when
            // the body is streamed: its bytes have not been read yet).
            try check(response, of: sent, attempts: attempts, validators: request.validators)
            return PipelineOutcome(response: response, request: sent, attempts: attempts)
        } catch {
            received?.bodyStream?.cancel()
            let error = error.redacted(by: redactor)
            context.callDidFail(error, request: wire)
            throw error
        }
    }

    /// Stage 3's mode for a call: the one it asked for (``Request/deduplicated()``, ``Request/droppedIfInFlight()``) when it
    /// wants the whole body; a streamed or downloaded body is never shared. Its bytes go to one
    /// reader or one file as they arrive, so a call joining it would get no body, and a download
    /// joining another call would get no file.
    static func deduplicationMode(of request: HTTPRequest, exchange: Exchange) -> DeduplicationMode {
        exchange.body == .whole ? request.options[DeduplicationOption.self] : .alwaysCreateNew
    }

    /// Stages 6 to 8, for a whole response and for a streamed one's head alike.
    func check(
        _ raw: HTTPResponse, of sent: HTTPRequest, attempts: Int, validators: [HTTPClient.Validator]
    ) throws(HTTPError) {
        // 6. API-error decoding: an error payload wins over everything else.
        if let apiError = configuration.apiErrorDecoder?(raw) {
            throw HTTPError.server(apiError, request: sent, response: raw, attempts: attempts)
        }
        // 7. Status validation, by the rule the request carries.
        guard sent.accepts(statusCode: raw.statusCode) else {
            throw HTTPError.unacceptableStatus(raw, request: sent, attempts: attempts)
        }
        // 8. Content validation: content type, then the client's and the call's validators.
        if let reason = Validation.refusal(
            of: raw, acceptableContentTypes: configuration.acceptableContentTypes,
            validators: configuration.validators + validators)
        {
            throw HTTPError.validationFailed(reason, request: sent, response: raw, attempts: attempts)
        }
    }

    /// Stage 4: runs interceptor `index`, which passes the request on through its `next`
    /// (this stage again for the following interceptor); after the last one, stage 5.
    ///
    /// An error an interceptor lets out that is not an `HTTPError`, a `URLError` or a
    /// cancellation becomes ``HTTPError/Kind/interceptorFailed(_:)`` naming that interceptor.
    func intercept(
        _ request: HTTPRequest, context: RequestContext, exchange: Exchange, from index: Int
    ) async throws -> HTTPResponse {
        let interceptors = configuration.interceptors
        guard index < interceptors.count else {
            return try await transmit(request, context: context, exchange: exchange)
        }
        let interceptor = interceptors[index]
        do {
            return try await interceptor.intercept(request, context: context) { [self] request in
                try await intercept(request, context: context, exchange: exchange, from: index + 1)
            }
        } catch let error where error is HTTPError || error is URLError || error is CancellationError {
            throw error
        } catch {
            throw HTTPError(
                wrapping: error, request: request, attempts: max(context.attempts, 1),
                interceptor: String(describing: type(of: interceptor))
            )
        }
    }

    /// Stage 5: one attempt through the transport, counted, timed and reported. A request the
    /// interceptors left malformed never reaches the transport and is not an attempt.
    private func transmit(_ request: HTTPRequest, context: RequestContext, exchange: Exchange) async throws
        -> HTTPResponse
    {
        try Task.checkCancellation()
        try Self.checkWellFormed(request, attempts: max(context.attempts, 1))
        // A download asks only for the bytes it does not have on disk yet (each attempt anew).
        var request = request
        if case .file(let file) = exchange.body { request = file.prepare(request) }
        let attempt = context.beginAttempt()
        context.eventMonitor.requestWillSend(request, attempt: attempt, requestID: context.id)
        let started = ContinuousClock.now
        do {
            let response = try await callTransport(request, exchange)
            // A transport that does not enforce the limit itself is held to it here.
            if let limit = request.maximumResponseBodySize, response.body.count > limit {
                throw ResponseBodyTooLarge(limit: limit, received: response.body.count, expected: nil)
            }
            // Monitors get the head alone: a body stream they kept would keep its transfer open.
            var reported = response
            reported.bodyStream = nil
            let bytesReceived = response.bytesWrittenToFile ?? Int64(response.body.count)
            context.attemptDidReceive(
                reported, bytesReceived: bytesReceived, for: request, attempt: attempt, started: started)
            // The request as sent goes back up with the response: the run's outcome names it.
            var answered = response
            answered.sentRequest = request
            return answered
        } catch {
            context.attemptDidFail(error, for: request, attempt: attempt, started: started)
            // A timeout names its limit.
            let error = (error as? URLError)?.sayingTimeout(of: request) ?? error
            // Named by the request as sent. A transport's own error (a stub with no route) is a
            // transport failure too; a cancellation stays one, for the stages above.
            throw error is CancellationError ? error : HTTPError(wrapping: error, request: request, attempts: attempt)
        }
    }

    /// The transport call stage 5 makes for what the caller wants: the head and a streamed body,
    /// or the whole response, reported to the exchange's reporter and written to its file by a
    /// transport that can; any other transport's totals are reported once it answered (the
    /// download then writes the body to its file itself).
    private func callTransport(_ request: HTTPRequest, _ exchange: Exchange) async throws -> HTTPResponse {
        let transport = configuration.transport
        let file: DownloadFile?
        switch exchange.body {
        case .streamed: return try await receiveStreamed(request)
        case .webSocket(let upgrade): return try await transport.openWebSocket(request, options: upgrade.options)
        case .whole: file = nil
        case .file(let target): file = target
        }
        guard let progress = exchange.progress else { return try await transport.send(request) }
        if let reporting = transport as? any ProgressReportingTransport {
            return try await reporting.send(request, reporting: progress, writingTo: file)
        }
        progress.beginAttempt(expectedUpload: request.body == nil ? 0 : request.body?.length)
        let response = try await transport.send(request)
        progress.didReceiveResponse(expected: Int64(response.body.count))
        progress.didReceive(count: Int64(response.body.count))
        return response
    }

    /// Stage 5 for a streamed call: asks the transport for the head and, when the status is not
    /// one the request accepts, reads the error body (bounded) so that interceptors, the retry
    /// policy and the API-error decoder see it.
    private func receiveStreamed(_ request: HTTPRequest) async throws -> HTTPResponse {
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
