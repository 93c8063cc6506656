import Foundation

/// What `/api/submit` (and the poll and gallery endpoints) answered for a new post.
///
/// Self, link, crosspost, poll and gallery posts come back with their id. Image and video posts
/// do **not**: Reddit first processes the upload and answers only with ``websocketURL`` (where it
/// announces the post once it exists) and ``userSubmittedPage``. To find such a post, listen on the
/// websocket or read the newest item of `/user/NAME/submitted` (``Reddit/userSubmitted(_:sort:page:)``).
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

    /// The defaults: not NSFW, no spoiler, replies to the inbox, resubmits allowed, no flair,
    /// validated against the subreddit's requirements.
    public init(
        nsfw: Bool = false, spoiler: Bool = false, sendReplies: Bool = true, resubmit: Bool = true,
        flairID: String? = nil, flairText: String? = nil, validateOnSubmit: Bool = true
    ) {
        self.nsfw = nsfw
        self.spoiler = spoiler
        self.sendReplies = sendReplies
        self.resubmit = resubmit
        self.flairID = flairID
        self.flairText = flairText
        self.validateOnSubmit = validateOnSubmit
    }

    var formFields: [String: String] {
        var form = [
            "nsfw": String(nsfw), "spoiler": String(spoiler), "sendreplies": String(sendReplies),
            "resubmit": String(resubmit), "validate_on_submit": String(validateOnSubmit),
        ]
        if let flairID { form["flair_id"] = flairID }
        if let flairText { form["flair_text"] = flairText }
        return form
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
