/// The `data` of an `api_type=json` answer, `{"json": {"errors": [], "data": {...}}}` (errors
/// were already reported by ``RedditErrorDecoder``): a new live thread's id, a saved draft's.
struct JSONDataAnswer<Payload: Decodable & Sendable>: Decodable, Sendable {
    let data: Payload

    private enum Keys: String, CodingKey { case json, data }

    init(from decoder: any Decoder) throws {
        let json = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: Keys.self, forKey: .json)
        data = try json.decode(Payload.self, forKey: .data)
    }
}
