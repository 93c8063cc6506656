import Courier
import CourierOAuth
import Foundation
import Synchronization

/// A transport for unit tests that answers from a closure, records every request, and fails
/// loudly (URLError.badServerResponse) when the closure has no answer.
final class ScriptedTransport: HTTPTransport {
    private let answer: @Sendable (HTTPRequest, Int) async throws -> HTTPResponse?
    private let log = Mutex<[HTTPRequest]>([])

    /// `answer` gets each request and its index (from 0).
    init(_ answer: @escaping @Sendable (HTTPRequest, Int) async throws -> HTTPResponse?) {
        self.answer = answer
    }

    var requests: [HTTPRequest] { log.withLock { $0 } }

    /// The form fields of each request sent, in order.
    var forms: [[String: String]] {
        requests.map { request in
            let text = String(decoding: request.body ?? Data(), as: UTF8.self)
            var fields: [String: String] = [:]
            for pair in text.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map {
                    String($0).removingPercentEncoding ?? String($0)
                }
                fields[parts[0]] = parts.count > 1 ? parts[1] : ""
            }
            return fields
        }
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let index = log.withLock { log in
            log.append(request)
            return log.count - 1
        }
        guard let response = try await answer(request, index) else {
            throw URLError(
                .badServerResponse,
                userInfo: [NSLocalizedDescriptionKey: "no scripted answer for request \(index) to \(request.url)"])
        }
        return response
    }

    /// A JSON response.
    static func json(_ text: String, status: Int = 200, for request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(
            statusCode: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8), url: request.url)
    }

    /// A token response with distinct tokens numbered `n`.
    static func token(_ n: Int, expiresIn: Int = 3600, for request: HTTPRequest) -> HTTPResponse {
        json(
            #"{"access_token":"access-\#(n)","token_type":"bearer","expires_in":\#(expiresIn),"refresh_token":"refresh-\#(n)","scope":"read"}"#,
            for: request)
    }
}

/// A clock the test moves by hand.
final class ManualDate: Sendable {
    private let date: Mutex<Date>
    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { date = Mutex(start) }
    var now: Date { date.withLock { $0 } }
    func advance(by seconds: TimeInterval) { date.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

extension OAuthConfiguration {
    /// A configuration pointing at an example server, for unit tests over a scripted transport.
    static let example = OAuthConfiguration(
        authorizationEndpoint: URL(string: "https://auth.example.com/authorize")!,
        tokenEndpoint: URL(string: "https://auth.example.com/token")!,
        revocationEndpoint: URL(string: "https://auth.example.com/revoke")!,
        clientID: "example-client",
        redirectURI: URL(string: "http://127.0.0.1/callback")!,
        scopes: ["read", "write"]
    )
}
