import Foundation
import Synchronization

@testable import Courier

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stands in for an event-stream server behind the reconnecting sequence's seam (an
/// ``EventStreamOpener``): each connection plays the next script, and the server records the
/// `Last-Event-ID` of each and how each body ended.
final class ScriptedEventServer: Sendable {
    /// What one connection does.
    enum Script: Sendable {
        /// 200 text/event-stream with these chunks, then the end: a clean end of the body
        /// (`drop: false`) or a network failure (`drop: true`).
        case stream([String], drop: Bool)
        /// 200 text/event-stream with these chunks, then stays open until closed.
        case open([String])
        /// A response with this status and content type and an empty body.
        case response(status: Int, contentType: String?)
        /// The open fails before a response: the network is down.
        case networkDown
        /// The open fails with a status the request does not accept.
        case refused(status: Int)
    }

    private struct State {
        var scripts: [Script]
        var lastEventIDs: [String?] = []
        var ends: [HTTPError?] = []
        var closed: Set<Int> = []
    }

    private let state: Mutex<State>
    static let url = URL(string: "https://events.example.com/stream")!

    init(_ scripts: [Script]) { state = Mutex(State(scripts: scripts)) }

    /// The `Last-Event-ID` each connection was opened with, in order.
    var lastEventIDs: [String?] { state.withLock { $0.lastEventIDs } }
    /// How many connections were opened (answered or not).
    var connections: Int { lastEventIDs.count }
    /// How each body ended: nil at its end, the error otherwise (`.cancelled` when closed early).
    var ends: [HTTPError?] { state.withLock { $0.ends } }
    /// How many bodies were closed before their end: cancelled by the reading task, or dropped
    /// or cancelled by the sequence (their producer is then told to stop).
    var closed: Int { state.withLock { $0.closed.count } }

    /// The sequence's seam: opens the next scripted connection.
    var opener: EventStreamOpener {
        { lastEventID throws(HTTPError) in try self.open(lastEventID) }
    }

    private func open(_ lastEventID: String?) throws(HTTPError) -> EventStreamConnection {
        let (script, index) = state.withLock { state -> (Script?, Int) in
            state.lastEventIDs.append(lastEventID)
            return (state.scripts.isEmpty ? nil : state.scripts.removeFirst(), state.lastEventIDs.count)
        }
        var headers: HTTPHeaders = [:]
        if let lastEventID { headers["Last-Event-ID"] = lastEventID }
        let request = HTTPRequest(url: Self.url, headers: headers)
        func eventStream(_ chunks: [String], end: (any Error)??) -> EventStreamConnection {
            let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            continuation.onTermination = { [weak self] termination in
                if case .cancelled = termination { self?.state.withLock { _ = $0.closed.insert(index) } }
            }
            for chunk in chunks { continuation.yield(Data(chunk.utf8)) }
            switch end {
            case .none: break
            case .some(.none): continuation.finish()
            case .some(.some(let error)): continuation.finish(throwing: error)
            }
            let response = HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "text/event-stream; charset=utf-8"], url: Self.url)
            let body = HTTPResponse.ByteStream(stream).attach(request: request, response: response, attempts: 1) {
                [weak self] error in
                self?.state.withLock { state in
                    state.ends.append(error)
                    if error?.isCancelled == true { state.closed.insert(index) }
                }
                // A body dropped or cancelled before its end stops its producer.
                if error?.isCancelled == true { continuation.finish() }
            }
            return EventStreamConnection(request: request, response: response, body: body)
        }
        switch script {
        case .stream(let chunks, let drop):
            return eventStream(chunks, end: .some(drop ? URLError(.networkConnectionLost) : nil))
        case .open(let chunks):
            return eventStream(chunks, end: .none)
        case .response(let status, let contentType):
            var headers: HTTPHeaders = [:]
            if let contentType { headers["Content-Type"] = contentType }
            return EventStreamConnection(
                request: request, response: HTTPResponse(statusCode: status, headers: headers, url: Self.url),
                body: HTTPResponse.ByteStream(Data()))
        case .networkDown:
            throw HTTPError(.transport(URLError(.cannotConnectToHost)), method: .get, url: Self.url)
        case .refused(let status):
            throw HTTPError.unacceptableStatus(HTTPResponse(statusCode: status, url: Self.url), request: request)
        case .none:
            // More connections than scripted: 410 Gone, which the test then sees.
            throw HTTPError.unacceptableStatus(HTTPResponse(statusCode: 410, url: Self.url), request: request)
        }
    }
}
