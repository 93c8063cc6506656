import Courier
import RedditAPI

/// The `submissions` area: so far the gallery post (its text body and `show_error_list`). The
/// NSFW and spoiler marks are served by the `moderation` area.
extension FixtureRoutes {
    static let submissions: [FixtureRoute] = [
        FixtureRoute("submit_gallery_post", call: "Reddit.submitGallery(subreddit:title:items:text:options:)") {
            r throws(FixtureRouteError) in
            // Some cassettes kept no JSON body; the call is then built with stand-ins and only its
            // method, path and query are compared.
            let items = (r.json?["items"]?.arrayValue ?? []).map { item in
                GalleryUploadItem(
                    mediaID: item["media_id"]?.stringValue ?? "", caption: item["caption"]?.stringValue ?? "",
                    outboundURL: item["outbound_url"]?.stringValue ?? "")
            }
            return FixtureCall(
                Reddit.submitGallery(
                    subreddit: try r.field("sr", unrecorded: "unrecorded"), title: try r.field("title", unrecorded: ""),
                    items: items, text: r.optionalField("text"), options: try submitOptions(r)))
        }
    ]

    /// The options a recorded submission sent (the defaults where it sent none).
    static func submitOptions(_ r: RecordedRequest) throws(FixtureRouteError) -> SubmitOptions {
        SubmitOptions(
            nsfw: try r.optionalBool("nsfw") ?? false, spoiler: try r.optionalBool("spoiler") ?? false,
            sendReplies: try r.optionalBool("sendreplies") ?? true, resubmit: try r.optionalBool("resubmit") ?? true,
            flairID: r.optionalField("flair_id"), flairText: r.optionalField("flair_text"),
            validateOnSubmit: try r.optionalBool("validate_on_submit") ?? true)
    }
}
