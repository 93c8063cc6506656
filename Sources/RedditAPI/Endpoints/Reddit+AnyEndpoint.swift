public import Courier
import Foundation

extension Reddit {
    /// Any endpoint, for what this library has no typed call for (as PRAW's `reddit.get` and
    /// `reddit.post`): the path, query and form as given (a form gets `api_type=json`), the
    /// answer as JSON (`null` for an empty body). It takes the path every call takes (token,
    /// `raw_json=1`, rate limiter, no retried writes), and Reddit's refusals are ``RedditError``s.
    ///
    /// ```swift
    /// let karma = try await reddit.send(Reddit.endpoint(.get, "/api/v1/me/karma"))
    /// ```
    public static func endpoint(
        _ method: HTTPMethod = .get, _ path: String, query: [String: String] = [:], form: [String: String]? = nil
    ) -> Request<JSON> {
        var body: RequestBody?
        if var fields = form {
            fields["api_type"] = "json"
            body = .form(fields)
        }
        let items = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        return Request<Void>(method: method, path: path, query: items, body: body).map { data, _, _ in
            isBlank(data) ? .null : try JSON.TapeDecoder().decode(JSON.self, from: data)
        }
    }
}
