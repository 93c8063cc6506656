import Courier
import Foundation

extension Reddit {
    /// A form request with `api_type=json` for endpoints that answer with a JSON object or with
    /// nothing at all (204, or an empty 200: modmail read marks, removal reasons). A body that is
    /// there but not a JSON object (HTML, truncated) fails with a decoding error, as ``post(_:_:)``'s does.
    static func write(
        _ method: HTTPMethod, _ path: String, form: [String: String] = [:], query: [(String, String)] = []
    ) -> Request<Void> {
        var fields = form
        fields["api_type"] = "json"
        return Request<Void>(
            method: method, path: path, query: query.map { URLQueryItem(name: $0.0, value: $0.1) },
            body: .form(fields)
        ).map { data, _, _ in try acknowledge(data) }
    }

    /// A request without a body (DELETE with a query, POST of a bare action) answered with a JSON
    /// object or nothing.
    static func bodiless(_ method: HTTPMethod, _ path: String, query: [(String, String)] = []) -> Request<Void> {
        Request<Void>(method: method, path: path, query: query.map { URLQueryItem(name: $0.0, value: $0.1) })
            .map { data, _, _ in try acknowledge(data) }
    }

    /// A request whose JSON answer is decoded as `Raw` and transformed, for any method.
    static func call<Raw: Decodable & Sendable, Value>(
        _ method: HTTPMethod, _ path: String, query: [(String, String)] = [], form: [String: String]? = nil,
        as raw: Raw.Type, _ transform: @escaping @Sendable (Raw) throws -> Value
    ) -> Request<Value> {
        var body: RequestBody?
        if var fields = form {
            fields["api_type"] = "json"
            body = .form(fields)
        }
        return Request<Void>(
            method: method, path: path, query: query.map { URLQueryItem(name: $0.0, value: $0.1) }, body: body
        ).readingThrowing(Raw.self, transform)
    }

    /// Accepts an empty body or a JSON object, so neither an HTML page nor a truncated body passes
    /// for success.
    static func acknowledge(_ data: Data) throws {
        guard !isBlank(data) else { return }
        _ = try JSON.TapeDecoder().decode(WriteAcknowledgement.self, from: data)
    }

    /// Whether a body is empty or only JSON whitespace (a 204, an empty 200).
    static func isBlank(_ data: Data) -> Bool {
        data.allSatisfy { [0x20, 0x0A, 0x0D, 0x09].contains($0) }
    }

    /// The form of the endpoints that take one JSON document in a `json` field (removal messages
    /// and removal reasons), as PRAW sends them.
    static func jsonField(_ document: [String: JSON]) -> [String: String] {
        ["json": JSON.object(document).description]
    }
}
