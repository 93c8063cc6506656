import Courier
import CourierOAuth
import CourierTesting
import Foundation
import Synchronization
import TestSupport

extension StubTransport {
    /// A stub for unit tests that answers every request from a closure, which gets the request and
    /// its index (from 0), and fails loudly (URLError.badServerResponse) when the closure has no
    /// answer.
    convenience init(_ answer: @escaping @Sendable (HTTPRequest, Int) async throws -> HTTPResponse?) {
        self.init(routes: [
            StubRoute(
                nil, .any,
                respondNumbered: { request, index in
                    guard let response = try await answer(request, index) else {
                        throw URLError(
                            .badServerResponse,
                            userInfo: [
                                NSLocalizedDescriptionKey: "no scripted answer for request \(index) to \(request.url)"
                            ])
                    }
                    return StubResponse(response)
                })
        ])
    }

    /// The form fields of each request sent, in order.
    var forms: [[String: String]] {
        requests.map { request in
            let text = String(decoding: request.body?.data ?? Data(), as: UTF8.self)
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
