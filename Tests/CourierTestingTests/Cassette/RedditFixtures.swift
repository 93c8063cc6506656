import Courier
import CourierTesting
import Foundation

/// The recorded Reddit responses in `Fixtures/reddit`, and a cassette built from them.
enum RedditFixtures {
    /// The sidecar describing one recorded response.
    struct Meta: Decodable {
        struct Source: Decodable { let recorded_at: String }
        struct RequestInfo: Decodable {
            let method: String
            let url: String
            let form_body: [String: String]?
            let authorization_scheme: String?
        }
        struct ResponseInfo: Decodable {
            let status_code: Int
            let headers: [String: String?]
        }
        let source: Source
        let request: RequestInfo
        let response: ResponseInfo
    }

    static let names = [
        "listings/subreddit_new_all_before", "things/me_2016", "auth/token_refresh_grant_200", "errors/not_found_404",
    ]

    static func url(_ name: String, _ suffix: String = ".json") throws -> URL {
        guard let root = Bundle.module.resourceURL else { throw CocoaError(.fileNoSuchFile) }
        return root.appending(path: "Fixtures/reddit/\(name)\(suffix)")
    }

    static func body(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

    /// One fixture as the request that was sent and the response that came back. The request
    /// carries made-up credentials, as a live one would, so building the cassette redacts them.
    static func interaction(_ name: String) throws -> Cassette.Interaction {
        let meta = try JSONDecoder().decode(Meta.self, from: Data(contentsOf: url(name, ".meta.json")))
        guard let requestURL = URL(string: meta.request.url) else { throw CocoaError(.fileReadCorruptFile) }
        var headers: HTTPHeaders = ["User-Agent": "linux:courier-tests:1.0 (by /u/courier)"]
        if let scheme = meta.request.authorization_scheme {
            headers["Authorization"] = "\(scheme) made-up-credential"
        }
        var body: Data?
        if let form = meta.request.form_body {
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            body = Data(form.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&").utf8)
        }
        var responseHeaders = HTTPHeaders()
        for (field, value) in meta.response.headers.sorted(by: { $0.key < $1.key }) {
            if let value { responseHeaders.add(name: field, value: value) }
        }
        let recordedAt =
            ISO8601DateFormatter().date(from: meta.source.recorded_at + "Z") ?? Date(timeIntervalSince1970: 0)
        return Cassette.Interaction(
            request: HTTPRequest(
                method: HTTPMethod(rawValue: meta.request.method), url: requestURL, headers: headers,
                body: body.map { .data($0) }),
            response: HTTPResponse(
                statusCode: meta.response.status_code, headers: responseHeaders, body: try self.body(name),
                url: requestURL),
            recordedAt: recordedAt
        )
    }

    /// A cassette holding every fixture above.
    static func cassette() throws -> Cassette {
        Cassette(interactions: try names.map(interaction))
    }
}
