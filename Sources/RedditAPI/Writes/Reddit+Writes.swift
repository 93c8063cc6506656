public import Courier
import Foundation

/// Posting, replying, editing, deleting, reporting and flair. Every write is a POST with
/// `api_type=json`; Reddit's refusals (`[code, message, field]` entries, also with HTTP 200, and the
/// 400 `SUBMIT_VALIDATION_ERROR` body) arrive as ``RedditError``. Writes are never retried
/// automatically; ``RedditClient/send(_:ratelimit:)`` opts in to waiting out a `RATELIMIT`.
///
/// ```swift
/// let post = try await reddit.send(Reddit.submitSelf(subreddit: "test", title: "Hello", text: "First post"))
/// let reply = try await reddit.send(Reddit.reply(to: post.name!, text: "And a reply"))
/// ```
extension Reddit {
    // MARK: Submitting

    /// A text post (`/api/submit`, `kind=self`).
    public static func submitSelf(subreddit: String, title: String, text: String, options: SubmitOptions = .init())
        -> Request<SubmittedPost>
    {
        submit(subreddit: subreddit, title: title, kind: "self", ["text": text], options: options)
    }

    /// A text post in rich text (`richtext_json`): a document as ``convertToRichText(_:)``
    /// builds it, which may hold images and videos uploaded with
    /// ``RedditClient/upload(_:filename:mimeType:uploadTransport:)``.
    public static func submitSelf(subreddit: String, title: String, richText: JSON, options: SubmitOptions = .init())
        -> Request<SubmittedPost>
    {
        submit(
            subreddit: subreddit, title: title, kind: "self", ["richtext_json": richText.description], options: options)
    }

    /// A link post (`kind=link`), optionally with text under the link.
    public static func submitLink(
        subreddit: String, title: String, url: String, text: String? = nil, options: SubmitOptions = .init()
    ) -> Request<SubmittedPost> {
        submit(subreddit: subreddit, title: title, kind: "link", ["url": url], text: text, options: options)
    }

    /// A crosspost of another post (`kind=crosspost`). ``SubmitOptions/resubmit`` does not
    /// apply and is not sent.
    public static func submitCrosspost(
        subreddit: String, title: String, of post: Fullname, options: SubmitOptions = .init()
    ) -> Request<SubmittedPost> {
        submit(
            subreddit: subreddit, title: title, kind: "crosspost", ["crosspost_fullname": post.rawValue],
            options: options, omitting: "resubmit")
    }

    /// An image post from an uploaded file (``RedditClient/upload(_:filename:mimeType:uploadTransport:)``'s URL),
    /// optionally with text under it. Reddit answers with no post id: see ``SubmittedPost``.
    public static func submitImage(
        subreddit: String, title: String, imageURL: String, text: String? = nil, options: SubmitOptions = .init()
    ) -> Request<SubmittedPost> {
        submit(subreddit: subreddit, title: title, kind: "image", ["url": imageURL], text: text, options: options)
    }

    /// A video post (`kind=video`, or `videogif` without sound) from uploaded files, optionally
    /// with text under it. Reddit answers with no post id: see ``SubmittedPost``.
    public static func submitVideo(
        subreddit: String, title: String, videoURL: String, posterURL: String, isGIF: Bool = false,
        text: String? = nil, options: SubmitOptions = .init()
    ) -> Request<SubmittedPost> {
        submit(
            subreddit: subreddit, title: title, kind: isGIF ? "videogif" : "video",
            ["url": videoURL, "video_poster_url": posterURL], text: text, options: options)
    }

    /// A poll (`/api/submit_poll_post`, a JSON body) lasting `durationDays` (1 to 7).
    public static func submitPoll(
        subreddit: String, title: String, options pollOptions: [String], durationDays: Int, text: String = "",
        options: SubmitOptions = .init()
    ) -> Request<SubmittedPost> {
        var body = jsonFields(options, subreddit: subreddit, title: title)
        body["options"] = .array(pollOptions.map { .string($0) })
        body["duration"] = .number(Double(durationDays))
        body["text"] = .string(text)
        return postJSON("/api/submit_poll_post", body).reading(SubmitAnswer.self) { $0.post }
    }

    /// A gallery (`/api/submit_gallery_post.json`, a JSON body) of uploaded images, optionally
    /// with text under it.
    public static func submitGallery(
        subreddit: String, title: String, items: [GalleryUploadItem], text: String? = nil,
        options: SubmitOptions = .init()
    ) -> Request<SubmittedPost> {
        var body = jsonFields(options, subreddit: subreddit, title: title)
        // As PRAW sends it: Reddit lists every validation error instead of the first.
        body["show_error_list"] = .bool(true)
        if let text { body["text"] = .string(text) }
        body["items"] = .array(
            items.map { item -> JSON in
                JSON.object([
                    "media_id": JSON.string(item.mediaID), "caption": JSON.string(item.caption),
                    "outbound_url": JSON.string(item.outboundURL),
                ])
            })
        return postJSON("/api/submit_gallery_post.json", body).reading(SubmitAnswer.self) { $0.post }
    }

    private static func submit(
        subreddit: String, title: String, kind: String, _ fields: [String: String], text: String? = nil,
        options: SubmitOptions, omitting omitted: String? = nil
    ) -> Request<SubmittedPost> {
        var form = options.formFields.merging(fields) { _, new in new }
        if let omitted { form[omitted] = nil }
        if let text { form["text"] = text }
        form["sr"] = subreddit
        form["title"] = title
        form["kind"] = kind
        return post("/api/submit", form).reading(SubmitAnswer.self) { $0.post }
    }

    private static func jsonFields(_ options: SubmitOptions, subreddit: String, title: String) -> [String: JSON] {
        var body = options.jsonFields
        body["sr"] = .string(subreddit)
        body["title"] = .string(title)
        return body
    }

    // MARK: Commenting and editing

    /// Replies to a post (t3) or comment (t1) with a comment, or answers a message (t4)
    /// (`/api/comment`). The answer is the new ``Thing/comment(_:)`` or ``Thing/message(_:)``; nil
    /// when Reddit returned none (it has, without an error). The message Reddit returns for a
    /// message reply has been seen with a placeholder id and subject: refetch the thread to be sure.
    public static func reply(to parent: Fullname, text: String) -> Request<Thing?> {
        post("/api/comment", ["thing_id": parent.rawValue, "text": text]).reading(EditedThingAnswer.self) { $0.thing }
    }

    /// Replaces the Markdown text of a post or comment (`/api/editusertext`); returns the edited thing.
    ///
    /// With `validateOnSubmit` (the default, as for submissions) Reddit checks the new text
    /// against the subreddit's post requirements and refuses it with a ``RedditError``
    /// (`SUBMIT_VALIDATION_…`) instead of saving it.
    public static func edit(_ id: Fullname, text: String, validateOnSubmit: Bool = true) -> Request<Thing> {
        editedThing(
            post(
                "/api/editusertext",
                ["thing_id": id.rawValue, "text": text, "validate_on_submit": String(validateOnSubmit)]))
    }

    /// Replaces a post's or comment's text with rich text (`richtext_json`, a document as the
    /// editor builds it); Reddit may answer with the bare edited object, which is read too.
    public static func edit(_ id: Fullname, richText: JSON, validateOnSubmit: Bool = true) -> Request<Thing> {
        editedThing(
            post(
                "/api/editusertext",
                [
                    "thing_id": id.rawValue, "richtext_json": richText.description,
                    "validate_on_submit": String(validateOnSubmit),
                ]))
    }

    private static func editedThing(_ request: Request<Void>) -> Request<Thing> {
        request.map { data, _, _ in
            guard let thing = try JSON.TapeDecoder().decode(EditedThingAnswer.self, from: data).thing else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: [], debugDescription: "the edit answer holds no thing"))
            }
            return thing
        }
    }

    /// Deletes your post or comment (`/api/del`).
    public static func delete(_ id: Fullname) -> Request<Void> { post("/api/del", ["id": id.rawValue]) }

    /// Turns inbox replies to your post or comment on or off (`/api/sendreplies`).
    public static func setInboxReplies(_ id: Fullname, _ enabled: Bool) -> Request<Void> {
        post("/api/sendreplies", ["id": id.rawValue, "state": String(enabled)])
    }

    /// Reports a post, comment or message to the moderators (`/api/report`), with a reason of
    /// at most 100 characters (a rule's ``SubredditRules/Rule/violationReason``, or your own).
    public static func report(_ id: Fullname, reason: String) -> Request<Void> {
        post("/api/report", ["id": id.rawValue, "reason": reason])
    }

    // MARK: Flair

    /// The flairs a post may get (`/r/SUB/api/flairselector`): for an existing post, or with
    /// `link` nil for one about to be submitted (`is_newlink`).
    public static func flairSelector(subreddit: String, link: Fullname? = nil) -> Request<FlairSelection> {
        var form = ["is_newlink": link == nil ? "true" : "false"]
        if let link { form["link"] = link.rawValue }
        return post("/r/" + segment(subreddit) + "/api/flairselector", form).reading(FlairSelection.self) { $0 }
    }

    /// Applies a flair template to a post (`/r/SUB/api/selectflair`), with `text` for an editable one.
    public static func selectFlair(subreddit: String, link: Fullname, templateID: String, text: String? = nil)
        -> Request<Void>
    {
        var form = ["link": link.rawValue, "flair_template_id": templateID]
        if let text { form["text"] = text }
        return post("/r/" + segment(subreddit) + "/api/selectflair", form)
    }
}
