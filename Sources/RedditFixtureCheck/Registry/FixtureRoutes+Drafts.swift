import Courier
import RedditAPI

/// The `drafts` area: listing, saving, changing and deleting drafts.
extension FixtureRoutes {
    static let drafts: [FixtureRoute] = [
        FixtureRoute("drafts", call: "Reddit.drafts()") { _ throws(FixtureRouteError) in FixtureCall(Reddit.drafts()) },
        FixtureRoute("draft", call: "Reddit.createDraft(_:), Reddit.updateDraft(_:_:), Reddit.deleteDraft(_:)") {
            r throws(FixtureRouteError) in
            switch r.method {
            case "POST": return FixtureCall(Reddit.createDraft(try draftContent(r)), summary: savedDraft)
            case "PUT":
                return FixtureCall(Reddit.updateDraft(try r.field("id"), try draftContent(r)), summary: savedDraft)
            case "DELETE": return FixtureCall(Reddit.deleteDraft(try r.query("draft_id")), summary: savedDraft)
            default: throw .unsupported("\(r.method) of a draft")
            }
        },
    ]

    /// `draft ID, N drafts`.
    private static func savedDraft(_ saved: (id: String, draftsCount: Int)) -> String {
        "draft \(saved.id), \(saved.draftsCount) drafts"
    }

    /// The content a recorded draft form holds.
    private static func draftContent(_ r: RecordedRequest) throws(FixtureRouteError) -> DraftContent {
        DraftContent(
            title: r.optionalField("title"), kind: try r.field("kind"), body: r.optionalField("body"),
            subreddit: r.optionalField("subreddit").map { Fullname($0) },
            onProfile: r.optionalField("target") == "profile", flairID: r.optionalField("flair_id"),
            flairText: r.optionalField("flair_text"), nsfw: try r.optionalBool("nsfw"), spoiler: try r.bool("spoiler"),
            originalContent: try r.bool("original_content"), sendReplies: try r.bool("send_replies"),
            isPublicLink: try r.bool("is_public_link"))
    }
}
