import Courier
import Foundation

extension Reddit {
    /// A GET request decoded as `Response` (with `JSON.TapeDecoder`, not the client's decoder).
    static func get<Response: Decodable & Sendable>(_ path: String, _ query: [(String, String)] = []) -> Request<
        Response
    > {
        Request<Void>(path: path, query: query.map { URLQueryItem(name: $0.0, value: $0.1) }).reading(Response.self) {
            $0
        }
    }

    /// A form POST answered with a JSON object whose content does not matter (`{}` or
    /// `{"json": {"errors": []}}`); `api_type=json` asks Reddit for JSON errors. A body that is
    /// not a JSON object (HTML, truncated) fails with a decoding error rather than passing as success.
    static func post(_ path: String, _ form: [String: String]) -> Request<Void> {
        var fields = form
        fields["api_type"] = "json"
        return Request<Void>(method: .post, path: path, body: .form(fields)).reading(WriteAcknowledgement.self) { _ in
            ()
        }
    }

    /// A POST with a JSON body (the poll and gallery endpoints), `api_type=json` added.
    static func postJSON(_ path: String, _ body: [String: JSON]) -> Request<Void> {
        var fields = body
        fields["api_type"] = .string("json")
        return Request<Void>(method: .post, path: path, body: .json(JSON.object(fields)))
            .reading(WriteAcknowledgement.self) { _ in () }
    }

    /// A GET request for a wrapped thing (`{"kind", "data"}`), returning its `data`.
    static func unwrapped<Value: Decodable & Sendable>(_ path: String) -> Request<Value> {
        decoded(path, as: Wrapped<Value>.self) { $0.value }
    }

    /// A GET request whose body is decoded as `Raw` and then transformed.
    static func decoded<Raw: Decodable & Sendable, Value>(
        _ path: String, query: [(String, String)] = [], as raw: Raw.Type,
        _ transform: @escaping @Sendable (Raw) -> Value
    ) -> Request<Value> {
        Request<Void>(path: path, query: query.map { URLQueryItem(name: $0.0, value: $0.1) }).reading(
            Raw.self, transform)
    }

    /// The most ids `/api/morechildren` takes in one call.
    static let moreChildrenLimit = 100

    /// `/api/morechildren` for ids already known to be at most ``moreChildrenLimit``.
    static func moreChildrenRequest(_ ids: [String], of linkID: Fullname, sort: CommentSort?, depth: Int?) -> Request<
        [Thing]
    > {
        var form = ["link_id": linkID.rawValue, "children": ids.joined(separator: ",")]
        if let sort { form["sort"] = sort.rawValue }
        if let depth { form["depth"] = String(depth) }
        return post("/api/morechildren", form).reading(MoreChildrenAnswer.self) { $0.things }
    }

    /// A user listing (`overview`, `submitted`, `comments`).
    static func userListing(_ username: String, _ kind: String, sort: UserListingSort, page: PageParameters) -> Request<
        Listing
    > {
        get("/user/" + segment(username) + "/" + kind, sort.queryItems + page.queryItems)
    }

    /// A name made safe for one path segment: characters outside letters, digits, `_`, `-` and
    /// `+` (multi-subreddit paths) are percent-encoded, so user input cannot change the path.
    static func segment(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? ""
    }

    /// Built once: making the set from a string costs a few microseconds, as much as the rest of
    /// building a request.
    private static let segmentCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+")
}

/// `/api/search_reddit_names`.
struct SubredditNames: Decodable, Sendable {
    let names: [String]
}

/// `{"kind": "TrophyList", "data": {"trophies": [...]}}`'s data.
struct TrophyList: Decodable, Sendable {
    let trophies: [Trophy]

    private enum CodingKeys: String, CodingKey { case trophies }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        trophies = try c.decode([Wrapped<Trophy>].self, forKey: .trophies).map(\.value)
    }
}

/// `/api/morechildren`'s `{"json": {"errors": [], "data": {"things": [...]}}}`.
struct MoreChildrenAnswer: Decodable, Sendable {
    let things: [Thing]

    private enum Keys: String, CodingKey { case json, data, things }

    init(from decoder: any Decoder) throws {
        let json = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: Keys.self, forKey: .json)
        guard json.contains(.data) else {
            things = []
            return
        }
        things = try json.nestedContainer(keyedBy: Keys.self, forKey: .data).value(.things, or: [])
    }
}

extension Request {
    /// The same call, its body decoded by `JSON.TapeDecoder` as `Raw` (not by the client's
    /// decoder) and then transformed: how every RedditAPI endpoint reads its answer.
    func reading<Raw: Decodable & Sendable, Value>(_ raw: Raw.Type, _ transform: @escaping @Sendable (Raw) -> Value)
        -> Request<Value>
    {
        map { data, _, _ in transform(try JSON.TapeDecoder().decode(Raw.self, from: data)) }
    }
}
