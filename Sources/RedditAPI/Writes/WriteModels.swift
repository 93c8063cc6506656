import Courier
public import Foundation

/// What `/api/submit` (and the poll and gallery endpoints) answered for a new post.
///
/// Self, link, crosspost, poll and gallery posts come back with their id. Image and video posts
/// do **not**: Reddit first processes the upload and answers only with ``websocketURL`` (where it
/// announces the post once it exists) and ``userSubmittedPage``.
/// The client's `submitImage` and `submitVideo` listen on that socket and answer with the post
/// (``MediaSubmission``).
public struct SubmittedPost: Sendable, Hashable {
    /// The post's fullname (`t3_…`); nil for image and video posts.
    public var name: Fullname?
    /// The post's page; nil for image and video posts.
    public var url: String?
    /// How many drafts the account has (sent by `/api/submit` since 2020).
    public var draftsCount: Int?
    /// For image and video posts: the websocket where Reddit announces the post when it is ready.
    public var websocketURL: String?
    /// For image and video posts: the account's submitted page.
    public var userSubmittedPage: String?

    /// The post's base-36 id; nil for image and video posts.
    public var id: String? { name?.id }

    /// Creates an answer.
    public init(
        name: Fullname?, url: String?, draftsCount: Int? = nil, websocketURL: String? = nil,
        userSubmittedPage: String? = nil
    ) {
        self.name = name
        self.url = url
        self.draftsCount = draftsCount
        self.websocketURL = websocketURL
        self.userSubmittedPage = userSubmittedPage
    }
}

/// Settings shared by every kind of submission.
public struct SubmitOptions: Sendable, Hashable {
    /// Marks the post NSFW.
    public var nsfw = false
    /// Marks the post as a spoiler.
    public var spoiler = false
    /// Sends replies to the inbox.
    public var sendReplies = true
    /// Allows a link that was posted before.
    public var resubmit = true
    /// A flair template to apply (see ``Reddit/flairSelector(subreddit:link:)``).
    public var flairID: String?
    /// The flair's text, for an editable template.
    public var flairText: String?
    /// Whether Reddit checks the post against the subreddit's post requirements and refuses it
    /// with a ``RedditError`` (`SUBMIT_VALIDATION_…`) instead of posting it (`validate_on_submit`).
    public var validateOnSubmit = true
    /// A collection of the subreddit to add the post to, by its id (`collection_id`).
    public var collectionID: String?
    /// Replaces the comments with a live chat (`discussion_type=CHAT`).
    public var liveChat = false
    /// The draft this post is made from, which Reddit then deletes (`draft_id`).
    public var draftID: String?
    /// For an event post: when the event starts (`event_start`, sent in ``eventTimeZone``).
    public var eventStart: Date?
    /// For an event post: when it ends (`event_end`).
    public var eventEnd: Date?
    /// The time zone the event's times are given in (`event_tz`, an IANA name such as
    /// `America/Los_Angeles`); UTC when nil.
    public var eventTimeZone: TimeZone?

    /// The defaults: not NSFW, no spoiler, replies to the inbox, resubmits allowed, no flair,
    /// validated against the subreddit's requirements, comments (not a chat), no collection,
    /// draft or event.
    public init(
        nsfw: Bool = false, spoiler: Bool = false, sendReplies: Bool = true, resubmit: Bool = true,
        flairID: String? = nil, flairText: String? = nil, validateOnSubmit: Bool = true, collectionID: String? = nil,
        liveChat: Bool = false, draftID: String? = nil, eventStart: Date? = nil, eventEnd: Date? = nil,
        eventTimeZone: TimeZone? = nil
    ) {
        self.nsfw = nsfw
        self.spoiler = spoiler
        self.sendReplies = sendReplies
        self.resubmit = resubmit
        self.flairID = flairID
        self.flairText = flairText
        self.validateOnSubmit = validateOnSubmit
        self.collectionID = collectionID
        self.liveChat = liveChat
        self.draftID = draftID
        self.eventStart = eventStart
        self.eventEnd = eventEnd
        self.eventTimeZone = eventTimeZone
    }

    /// The fields as text: the form of `/api/submit`.
    var formFields: [String: String] {
        var form = [
            "nsfw": String(nsfw), "spoiler": String(spoiler), "sendreplies": String(sendReplies),
            "resubmit": String(resubmit), "validate_on_submit": String(validateOnSubmit),
        ]
        form.merge(optionalFields) { _, new in new }
        return form
    }

    /// The fields as JSON: the body of the poll and gallery endpoints.
    var jsonFields: [String: JSON] {
        var body: [String: JSON] = [
            "nsfw": .bool(nsfw), "spoiler": .bool(spoiler), "sendreplies": .bool(sendReplies),
            "resubmit": .bool(resubmit), "validate_on_submit": .bool(validateOnSubmit),
        ]
        for (name, value) in optionalFields { body[name] = .string(value) }
        return body
    }

    /// The fields sent only when set.
    private var optionalFields: [String: String] {
        var fields: [String: String] = [:]
        if let flairID { fields["flair_id"] = flairID }
        if let flairText { fields["flair_text"] = flairText }
        if let collectionID { fields["collection_id"] = collectionID }
        if liveChat { fields["discussion_type"] = "CHAT" }
        if let draftID { fields["draft_id"] = draftID }
        if eventStart != nil || eventEnd != nil {
            let zone = eventTimeZone ?? TimeZone(secondsFromGMT: 0) ?? .current
            if let eventStart { fields["event_start"] = Self.eventTime(eventStart, in: zone) }
            if let eventEnd { fields["event_end"] = Self.eventTime(eventEnd, in: zone) }
            fields["event_tz"] = eventTimeZone?.identifier ?? "UTC"
        }
        return fields
    }

    /// `2018-09-11T12:00:00`: the wall-clock time in `zone`, as Reddit reads event times.
    static func eventTime(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let text = String(value ?? 0)
            return text.count < 2 ? "0" + text : text
        }
        return String(parts.year ?? 1970) + "-" + two(parts.month) + "-" + two(parts.day) + "T" + two(parts.hour)
            + ":" + two(parts.minute) + ":" + two(parts.second)
    }
}

/// One image of a gallery post.
public struct GalleryUploadItem: Sendable, Hashable, Encodable {
    /// The uploaded image's `asset_id` (``MediaLease/assetID``).
    public var mediaID: String
    /// A caption.
    public var caption: String
    /// A link shown with the image.
    public var outboundURL: String

    /// Creates an item.
    public init(mediaID: String, caption: String = "", outboundURL: String = "") {
        self.mediaID = mediaID
        self.caption = caption
        self.outboundURL = outboundURL
    }

    private enum CodingKeys: String, CodingKey {
        case mediaID = "media_id"
        case caption
        case outboundURL = "outbound_url"
    }
}

/// The flair a post has and the flairs it may get (`/r/SUB/api/flairselector`).
public struct FlairSelection: Sendable, Hashable, Decodable {
    /// One flair template.
    public struct Choice: Sendable, Hashable, Decodable {
        /// The template's id, for ``Reddit/selectFlair(subreddit:link:templateID:text:)`` and ``SubmitOptions/flairID``.
        public var templateID: String?
        /// The flair's text.
        public var text: String?
        /// Whether the text may be changed.
        public var isTextEditable: Bool
        /// The CSS class.
        public var cssClass: String?
        /// `left` or `right`.
        public var position: String?

        private enum CodingKeys: String, CodingKey {
            case templateID = "flair_template_id"
            case text = "flair_text"
            case isTextEditable = "flair_text_editable"
            case cssClass = "flair_css_class"
            case position = "flair_position"
        }

        /// Decodes a choice (the current flair has no `flair_text_editable`).
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            templateID = try c.decodeIfPresent(String.self, forKey: .templateID)
            text = try c.decodeIfPresent(String.self, forKey: .text)
            isTextEditable = try c.value(.isTextEditable, or: false)
            cssClass = try c.decodeIfPresent(String.self, forKey: .cssClass)
            position = try c.decodeIfPresent(String.self, forKey: .position)
        }
    }

    /// The flair applied now (its template id is nil when there is none).
    public var current: Choice?
    /// The templates to choose from.
    public var choices: [Choice]
}
