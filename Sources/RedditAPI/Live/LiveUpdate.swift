public import Courier
public import Foundation

/// One update of a live thread (kind `LiveUpdate`): who posted what, and when.
///
/// It decodes from the update's `data` object, the shape Reddit uses in a thread's listing
/// (``Reddit/liveUpdates(of:page:)``), for one update (``Reddit/liveUpdate(_:in:)``) and in the
/// thread's WebSocket messages, so the same value serves whichever way updates arrive.
public struct LiveUpdate: Sendable, Hashable, Identifiable, Decodable {
    /// The update's id, a UUID (`7827987a-c998-11e4-a0b9-22000b6a88d2`).
    public var id: String
    /// The update's fullname (`LiveUpdate_7827987a-…`), which strike and delete take and which
    /// pages through a thread's updates.
    public var name: Fullname
    /// The text in Markdown.
    public var body: String
    /// The text as HTML.
    public var bodyHTML: String?
    /// Who posted it (nil when the account is gone).
    public var author: String?
    /// When it was posted.
    public var created: Date
    /// Whether a contributor struck it through (marked it as no longer correct).
    public var stricken: Bool
    /// Media Reddit found in the text (`{"url", "width", "height"}` objects), as sent.
    public var embeds: [JSON]

    private enum CodingKeys: String, CodingKey {
        case id, name, body
        case bodyHTML = "body_html"
        case author
        case created = "created_utc"
        case stricken, embeds
    }

    /// Decodes an update's `data` object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.fullname(.name, or: Fullname("LiveUpdate_" + id))
        body = try c.value(.body, or: "")
        bodyHTML = try c.decodeIfPresent(String.self, forKey: .bodyHTML)
        author = try c.decodeIfPresent(String.self, forKey: .author)
        created = try c.date(.created) ?? Date(timeIntervalSince1970: 0)
        stricken = try c.value(.stricken, or: false)
        embeds = try c.value(.embeds, or: [JSON]())
    }
}
