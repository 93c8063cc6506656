import Foundation

/// The answer of a write that returns nothing: a JSON object (`{}` or `{"json": {"errors": []}}`).
/// Anything else (not JSON, truncated, an array) fails to decode, so a damaged answer is never
/// taken for success. Errors inside were already reported by ``RedditErrorDecoder``.
struct WriteAcknowledgement: Decodable, Sendable {
    init(from decoder: any Decoder) throws {
        _ = try decoder.container(keyedBy: AnyKey.self)
    }
}

/// Any key, for reading objects whose keys do not matter.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// `{"json": {"errors": [], "data": {...}}}` of `/api/submit` and the poll and gallery endpoints.
struct SubmitAnswer: Decodable, Sendable {
    let post: SubmittedPost

    private enum Keys: String, CodingKey { case json, data }
    private enum DataKeys: String, CodingKey {
        case url, id, name
        case draftsCount = "drafts_count"
        case websocketURL = "websocket_url"
        case userSubmittedPage = "user_submitted_page"
    }

    init(from decoder: any Decoder) throws {
        let json = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: Keys.self, forKey: .json)
        let data = try json.nestedContainer(keyedBy: DataKeys.self, forKey: .data)
        let id = try data.decodeIfPresent(String.self, forKey: .id)
        // `/api/submit` sends `id` (base 36) and `name`; the poll and gallery endpoints send the
        // fullname as `id`.
        var name = try data.fullnameIfPresent(.name)
        if name == nil, let id { name = id.hasPrefix("t3_") ? Fullname(id) : Fullname(kind: .link, id: id) }
        let websocketURL = try data.decodeIfPresent(String.self, forKey: .websocketURL)
        guard name != nil || websocketURL != nil else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: data.codingPath,
                    debugDescription: "a submit answer with neither a post id nor a websocket URL"))
        }
        post = SubmittedPost(
            name: name, url: try data.decodeIfPresent(String.self, forKey: .url),
            draftsCount: try data.decodeIfPresent(Int.self, forKey: .draftsCount), websocketURL: websocketURL,
            userSubmittedPage: try data.decodeIfPresent(String.self, forKey: .userSubmittedPage))
    }
}

/// The answer of `/api/comment` and `/api/editusertext`: `{"json": {"data": {"things": [thing]}}}`,
/// or (an edit with `richtext_json`) the edited thing's bare `data` object, without `kind`.
struct EditedThingAnswer: Decodable, Sendable {
    let thing: Thing?

    private enum Keys: String, CodingKey { case json, data, things }
    private enum BareKeys: String, CodingKey { case name }

    init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: Keys.self)
        if root.contains(.json) {
            let json = try root.nestedContainer(keyedBy: Keys.self, forKey: .json)
            guard json.contains(.data) else {
                thing = nil
                return
            }
            let things: [Thing] = try json.nestedContainer(keyedBy: Keys.self, forKey: .data).value(.things, or: [])
            thing = things.first
            return
        }
        // A bare data object: its `name` says what it is.
        let name = try decoder.container(keyedBy: BareKeys.self).fullname(.name)
        switch name.kind {
        case .link: thing = .link(try Link(from: decoder))
        case .comment: thing = .comment(try Comment(from: decoder))
        case .message: thing = .message(try Message(from: decoder))
        default:
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "an edit answer for \(name), neither a post nor a comment"))
        }
    }
}
