#if !canImport(FoundationNetworking)
public import Foundation

extension URLSessionTransport {
    /// Opens a WebSocket on this transport's session (Apple platforms), with
    /// `URLSessionWebSocketTask` (see ``HTTPTransport/openWebSocket(_:options:)``): the answer,
    /// carrying the connection when the server accepted the upgrade. A refusal comes back as its
    /// status and header fields, without its body (`URLSessionWebSocketTask` does not give it),
    /// its task cancelled.
    ///
    /// The session's delegate still answers the session's challenges (server trust); the task's
    /// own delegate, the connection's ``URLSessionWebSocketEvents``, sees the open, the close and
    /// the end.
    public func openWebSocket(_ request: HTTPRequest, options: WebSocket.Options) async throws -> HTTPResponse {
        if let invalid = request.headers.firstInvalidField() { throw invalid }
        let timeout = request.timeout ?? .seconds(60)
        var urlRequest = URLRequest(url: request.url, timeoutInterval: timeout.timeInterval)
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpShouldHandleCookies = false
        let task = session.webSocketTask(with: urlRequest)
        task.maximumMessageSize = options.maximumMessageSize
        let delegate = session.delegate as? SessionDelegate
        let connection = URLSessionWebSocketConnection(task: task, options: options) {
            delegate?.takeTrustFailure(ofTask: $0)
        }
        switch try await connection.open(timeout: timeout) {
        case .accepted(let response):
            var answer = HTTPResponse(response, body: Data(), url: request.url)
            answer.webSocket = connection
            return answer
        case .refused(let response):
            return HTTPResponse(response, body: Data(), url: request.url)
        }
    }
}

/// The task delegate of one `URLSessionWebSocketTask`: it hands the task's events to its
/// connection, which it holds weakly (the task holds its delegate; the connection holds the task).
///
/// `@unchecked Sendable`: `NSObject` is not `Sendable`; the only stored property is a weak
/// reference set once, before the task starts.
final class URLSessionWebSocketEvents: NSObject, URLSessionWebSocketDelegate, @unchecked Sendable {
    weak var connection: URLSessionWebSocketConnection?

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?
    ) {
        connection?.didOpen()
    }

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask,
        didCloseWith closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?
    ) {
        connection?.didReceiveClose(code: closeCode, reason: reason)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        connection?.didComplete(error)
    }
}
#endif
