import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// A transport that plays a script of outcomes, one per request, repeating the last one.
final class ScriptedTransport: HTTPTransport {
    enum Step: Sendable {
        case status(Int, headers: HTTPHeaders = [:])
        case failure(URLError.Code)
        /// Never answers; ends only when the calling task is cancelled.
        case hang
    }

    private let steps: [Step]
    private let sent = Mutex<[HTTPRequest]>([])

    init(_ steps: [Step]) { self.steps = steps }

    var requests: [HTTPRequest] { sent.withLock { $0 } }
    var count: Int { sent.withLock { $0.count } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let index = sent.withLock { sent in
            sent.append(request)
            return sent.count - 1
        }
        switch steps[min(index, steps.count - 1)] {
        case .status(let status, let headers):
            return HTTPResponse(statusCode: status, headers: headers, body: Data("{\"status\":\(status)}".utf8), url: request.url)
        case .failure(let code):
            throw URLError(code)
        case .hang:
            try await Task.sleep(for: .seconds(3600))
            throw URLError(.unknown)
        }
    }
}
