public import Courier
public import CourierTesting
public import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One outcome of a scripted exchange (see ``CourierTesting/StubTransport/init(script:)``).
public enum ScriptStep: Sendable {
    /// Answers with this status, the headers and the body `{"status":<status>}`.
    case status(Int, headers: HTTPHeaders = [:])
    /// Fails the request with a `URLError` of this code.
    case failure(URLError.Code)
    /// Never answers; the call ends only when its task is cancelled.
    case hang

    var response: StubResponse {
        switch self {
        case .status(let status, let headers):
            StubResponse(statusCode: status, headers: headers, body: Data("{\"status\":\(status)}".utf8))
        case .failure(let code): .failure(URLError(code))
        case .hang: .hang
        }
    }
}

extension StubTransport {
    /// A transport that answers the first request with `steps[0]`, the second with `steps[1]`,
    /// and every later one with the last step.
    public convenience init(script steps: [ScriptStep]) {
        self.init(routes: [StubRoute(nil, .any, sequence: steps.map(\.response))])
    }

    /// A transport that answers every request with the wire response `handler` builds; what
    /// `handler` throws fails the request.
    public convenience init(answering handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        self.init(routes: [StubRoute(nil, .any) { request in StubResponse(try await handler(request)) }])
    }

    /// A transport that answers every request with `status`, `headers` and `body`.
    public convenience init(
        status: Int, headers: HTTPHeaders = ["Content-Type": "application/json"], body: String = "{}"
    ) {
        self.init(routes: [
            StubRoute(nil, .any, response: StubResponse(statusCode: status, headers: headers, body: Data(body.utf8)))
        ])
    }
}

extension StubResponse {
    /// The stub answer for a wire response (its status, headers and body).
    public init(_ response: HTTPResponse) {
        self.init(statusCode: response.statusCode, headers: response.headers, body: response.body)
    }
}
