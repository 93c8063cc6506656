public import Foundation

/// What Reddit says about a live thread (kind `LiveUpdateEvent`): its title, texts, state and
/// audience, from ``Reddit/liveThreadAbout(_:)``, ``Reddit/liveThreads(_:)`` and
/// ``Reddit/happeningNow()``.
public struct LiveThreadDetails: Sendable, Hashable, Identifiable, Decodable {
    /// The thread's id (`ukaeu1ik4sw5`), as in `reddit.com/live/ukaeu1ik4sw5`.
    public var id: String
    /// The thread's fullname (`LiveUpdateEvent_ukaeu1ik4sw5`).
    public var name: Fullname
    /// The title.
    public var title: String
    /// The description in Markdown.
    public var description: String
    /// The description as HTML.
    public var descriptionHTML: String?
    /// The resources sidebar in Markdown.
    public var resources: String
    /// The resources sidebar as HTML.
    public var resourcesHTML: String?
    /// `live` while updates may be posted, `complete` once the thread is closed.
    public var state: String
    /// Whether the thread is marked NSFW.
    public var nsfw: Bool
    /// When the thread was created.
    public var created: Date
    /// How many people are watching, when Reddit says.
    public var viewerCount: Int?
    /// Whether ``viewerCount`` is rounded for privacy.
    public var viewerCountFuzzed: Bool?
    /// The WebSocket that pushes the thread's new updates while it is live (nil once closed).
    public var websocketURL: String?

    /// Whether updates may still be posted (`state` is `live`).
    public var isLive: Bool { state == "live" }

    private enum CodingKeys: String, CodingKey {
        case id, name, title, description
        case descriptionHTML = "description_html"
        case resources
        case resourcesHTML = "resources_html"
        case state, nsfw
        case created = "created_utc"
        case viewerCount = "viewer_count"
        case viewerCountFuzzed = "viewer_count_fuzzed"
        case websocketURL = "websocket_url"
    }

    /// Decodes a live thread's `data` object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.fullname(.name, or: Fullname("LiveUpdateEvent_" + id))
        title = try c.value(.title, or: "")
        description = try c.value(.description, or: "")
        descriptionHTML = try c.decodeIfPresent(String.self, forKey: .descriptionHTML)
        resources = try c.value(.resources, or: "")
        resourcesHTML = try c.decodeIfPresent(String.self, forKey: .resourcesHTML)
        state = try c.value(.state, or: "live")
        nsfw = try c.value(.nsfw, or: false)
        created = try c.date(.created) ?? Date(timeIntervalSince1970: 0)
        viewerCount = try c.decodeIfPresent(Int.self, forKey: .viewerCount)
        viewerCountFuzzed = try c.decodeIfPresent(Bool.self, forKey: .viewerCountFuzzed)
        websocketURL = try c.decodeIfPresent(String.self, forKey: .websocketURL)
    }
}
