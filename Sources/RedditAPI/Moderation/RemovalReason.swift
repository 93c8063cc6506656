public import Courier
import Foundation

/// One of a subreddit's removal reasons (`/api/v1/SUB/removal_reasons`): a title for moderators
/// and the message sent to the author.
public struct RemovalReason: Sendable, Hashable, Identifiable, Decodable {
    /// The reason's id, for ``Reddit/applyRemovalReason(_:modNote:to:)``.
    public var id: String
    /// Its title.
    public var title: String
    /// The message in Markdown.
    public var message: String
}

/// Removal reasons: list, create, update, delete (scope `modposts`).
extension Reddit {
    /// A subreddit's removal reasons, in the order moderators see them.
    public static func removalReasons(of subreddit: String) -> Request<[RemovalReason]> {
        decoded("/api/v1/" + segment(subreddit) + "/removal_reasons", as: RemovalReasonList.self) { $0.ordered }
    }

    /// Creates a removal reason; answers with its id.
    public static func createRemovalReason(in subreddit: String, title: String, message: String) -> Request<String> {
        call(
            .post, "/api/v1/" + segment(subreddit) + "/removal_reasons", form: ["title": title, "message": message],
            as: CreatedRemovalReason.self
        ) { $0.id }
    }

    /// Changes a removal reason's title and message.
    public static func updateRemovalReason(_ id: String, in subreddit: String, title: String, message: String)
        -> Request<Void>
    {
        write(.put, removalReasonPath(id, subreddit), form: ["title": title, "message": message])
    }

    /// Deletes a removal reason.
    public static func deleteRemovalReason(_ id: String, in subreddit: String) -> Request<Void> {
        bodiless(.delete, removalReasonPath(id, subreddit))
    }

    private static func removalReasonPath(_ id: String, _ subreddit: String) -> String {
        "/api/v1/" + segment(subreddit) + "/removal_reasons/" + segment(id)
    }
}

/// `{"data": {id: reason}, "order": [id]}`.
struct RemovalReasonList: Decodable, Sendable {
    let data: [String: RemovalReason]
    let order: [String]

    /// The reasons in `order`, then any `order` left out, by id.
    var ordered: [RemovalReason] {
        let listed = order.compactMap { data[$0] }
        let rest = data.values.filter { !order.contains($0.id) }.sorted { $0.id < $1.id }
        return listed + rest
    }

    private enum CodingKeys: String, CodingKey { case data, order }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        data = try c.value(.data, or: [:])
        order = try c.value(.order, or: [])
    }
}

/// `{"id": "..."}`, the answer of a new removal reason.
struct CreatedRemovalReason: Decodable, Sendable {
    let id: String
}
