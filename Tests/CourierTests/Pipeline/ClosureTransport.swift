import Courier
import Foundation
import Synchronization

/// A transport for unit tests: answers from a closure and records what it was sent.
final class ClosureTransport: HTTPTransport {
    private let handler: @Sendable (HTTPRequest) async throws -> HTTPResponse
    private let sent = Mutex<[HTTPRequest]>([])

    init(_ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        self.handler = handler
    }

    /// Always answers `status` with `body`.
    convenience init(status: Int = 200, headers: HTTPHeaders = ["Content-Type": "application/json"], body: String = "{}") {
        self.init { request in
            HTTPResponse(statusCode: status, headers: headers, body: Data(body.utf8), url: request.url)
        }
    }

    var requests: [HTTPRequest] { sent.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        sent.withLock { $0.append(request) }
        return try await handler(request)
    }
}
