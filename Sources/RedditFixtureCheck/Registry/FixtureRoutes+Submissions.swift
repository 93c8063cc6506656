import Courier
import Foundation
import RedditAPI

/// The `submissions` area: submitting every kind of post, polls and galleries, the media
/// lease, rich text conversion, a post with its comments, hiding, inbox replies and visits.
/// The NSFW, spoiler and original-content marks are served by the `moderation` area.
extension FixtureRoutes {
    static let submissions: [FixtureRoute] = [
        FixtureRoute("submit", call: submitCalls) { r throws(FixtureRouteError) in
            let (subreddit, title, options) = (try r.field("sr"), try r.field("title"), try submitOptions(r))
            let call: FixtureCall
            switch try r.field("kind") {
            case "self" where r.optionalField("richtext_json") != nil:
                call = FixtureCall(
                    Reddit.submitSelf(
                        subreddit: subreddit, title: title, richText: try r.embeddedJSON("richtext_json"),
                        options: options))
            case "self":
                call = FixtureCall(
                    Reddit.submitSelf(subreddit: subreddit, title: title, text: try r.field("text"), options: options))
            case "link":
                call = FixtureCall(
                    Reddit.submitLink(
                        subreddit: subreddit, title: title, url: try r.field("url"), text: r.optionalField("text"),
                        options: options))
            case "crosspost":
                call = FixtureCall(
                    Reddit.submitCrosspost(
                        subreddit: subreddit, title: title, of: try r.fullname("crosspost_fullname"), options: options))
            case "image":
                call = FixtureCall(
                    Reddit.submitImage(
                        subreddit: subreddit, title: title, imageURL: try r.field("url"), text: r.optionalField("text"),
                        options: options))
            case let kind where kind == "video" || kind == "videogif":
                call = FixtureCall(
                    Reddit.submitVideo(
                        subreddit: subreddit, title: title, videoURL: try r.field("url"),
                        posterURL: try r.field("video_poster_url"), isGIF: kind == "videogif",
                        text: r.optionalField("text"), options: options))
            case let kind: throw .unsupported("submit kind=\(kind)")
            }
            return call.sendingDefaults(submitDefaults)
        },
        FixtureRoute("submit_poll_post", call: "Reddit.submitPoll(subreddit:title:options:durationDays:text:options:)")
        {
            r throws(FixtureRouteError) in
            // Some cassettes kept no JSON body; the call is then built with stand-ins and only its
            // method, path and query are compared.
            let choices = (r.json?["options"]?.arrayValue ?? []).compactMap(\.stringValue)
            let days = r.bodyRecorded ? try r.optionalInt("duration") : 1
            guard let days else { throw .missing("field duration") }
            return FixtureCall(
                Reddit.submitPoll(
                    subreddit: try r.field("sr", unrecorded: "unrecorded"), title: try r.field("title", unrecorded: ""),
                    options: choices, durationDays: days, text: try r.field("text", unrecorded: ""),
                    options: try submitOptions(r))
            ).sendingDefaults(submitDefaults)
        },
        FixtureRoute("submit_gallery_post", call: "Reddit.submitGallery(subreddit:title:items:text:options:)") {
            r throws(FixtureRouteError) in
            let items = (r.json?["items"]?.arrayValue ?? []).map { item in
                GalleryUploadItem(
                    mediaID: item["media_id"]?.stringValue ?? "", caption: item["caption"]?.stringValue ?? "",
                    outboundURL: item["outbound_url"]?.stringValue ?? "")
            }
            return FixtureCall(
                Reddit.submitGallery(
                    subreddit: try r.field("sr", unrecorded: "unrecorded"), title: try r.field("title", unrecorded: ""),
                    items: items, text: r.optionalField("text"), options: try submitOptions(r))
            ).sendingDefaults(submitDefaults)
        },
        FixtureRoute("media_asset", call: "Reddit.mediaLease(filename:mimeType:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.mediaLease(filename: try r.field("filepath"), mimeType: try r.field("mimetype")))
        },
        FixtureRoute("convert_rte_body", call: "Reddit.convertToRichText(_:)") { r throws(FixtureRouteError) in
            guard try r.field("output_mode") == "rtjson" else { throw .unsupported("output_mode other than rtjson") }
            return FixtureCall(Reddit.convertToRichText(try r.field("markdown_text")), summary: jsonSummary)
        },
        FixtureRoute("submission", call: "Reddit.comments(of:sort:depth:limit:focusing:context:richText:)") {
            r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.comments(
                    of: try r.path("id"), sort: try r.choice(r.optionalQuery("sort"), "sort", as: CommentSort.self),
                    depth: try r.optionalQueryInt("depth"), limit: try r.optionalQueryInt("limit"),
                    focusing: r.pathParameters["comment"], context: try r.optionalQueryInt("context"),
                    richText: r.optionalQuery("rtj") == "all")
            ).leavingOut("uniq", because: "PRAW 3's cache-busting counter, which selects nothing")
        },
        byFullnames("hide", "Reddit.hide(_:)", Reddit.hide), byFullnames("unhide", "Reddit.unhide(_:)", Reddit.unhide),
        FixtureRoute("sendreplies", call: "Reddit.setInboxReplies(_:_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.setInboxReplies(try r.fullname("id"), try r.bool("state")))
        },
        FixtureRoute("store_visits", call: "Reddit.storeVisits(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.storeVisits(fullnames(try r.field("links"))))
        },
    ]

    private static let submitCalls = [
        "Reddit.submitSelf(subreddit:title:text:options:)", "Reddit.submitSelf(subreddit:title:richText:options:)",
        "Reddit.submitLink(subreddit:title:url:text:options:)", "Reddit.submitCrosspost(subreddit:title:of:options:)",
        "Reddit.submitImage(subreddit:title:imageURL:text:options:)",
        "Reddit.submitVideo(subreddit:title:videoURL:posterURL:isGIF:text:options:)",
    ].joined(separator: ", ")

    /// The options every submission sends, tolerated when an older PRAW did not send them:
    /// Reddit's own defaults, and `validate_on_submit`, which ours turn on unless told otherwise.
    private static let submitDefaults = [
        Field("nsfw", "false"), Field("spoiler", "false"), Field("sendreplies", "true"), Field("resubmit", "true"),
        Field("validate_on_submit", "true"),
    ]

    /// The options a recorded submission sent (the defaults where it sent none).
    static func submitOptions(_ r: RecordedRequest) throws(FixtureRouteError) -> SubmitOptions {
        let zone = try r.optionalField("event_tz").map { name throws(FixtureRouteError) in
            guard let zone = TimeZone(identifier: name) else { throw .unsupported("event_tz=\(name)") }
            return zone
        }
        return SubmitOptions(
            nsfw: try r.optionalBool("nsfw") ?? false, spoiler: try r.optionalBool("spoiler") ?? false,
            sendReplies: try r.optionalBool("sendreplies") ?? true, resubmit: try r.optionalBool("resubmit") ?? true,
            flairID: r.optionalField("flair_id"), flairText: r.optionalField("flair_text"),
            validateOnSubmit: try r.optionalBool("validate_on_submit") ?? true,
            collectionID: r.optionalField("collection_id"), liveChat: r.optionalField("discussion_type") == "CHAT",
            draftID: r.optionalField("draft_id"), eventStart: try eventTime(r, "event_start", zone),
            eventEnd: try eventTime(r, "event_end", zone), eventTimeZone: zone)
    }

    /// An event time (`2018-09-11T12:00:00`, wall-clock time in `zone`, UTC when nil).
    private static func eventTime(_ r: RecordedRequest, _ name: String, _ zone: TimeZone?) throws(FixtureRouteError)
        -> Date?
    {
        guard let text = r.optionalField(name) else { return nil }
        let parts = text.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone ?? TimeZone(identifier: "UTC") ?? .current
        guard parts.count == 6,
            let date = calendar.date(
                from: DateComponents(
                    year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5]))
        else { throw .unsupported("\(name)=\(text)") }
        return date
    }
}

extension PostWithComments: FixtureSummarizable {
    package var fixtureSummary: String {
        "post \(link.name) " + FixtureSummary.quoted(link.title) + ", " + comments.fixtureSummary
    }
}

extension MediaLease: FixtureSummarizable {
    package var fixtureSummary: String { "lease \(assetID), \(fields.count) fields" }
}
