import Courier
import RedditAPI

/// The `other` area (actions on posts and comments alike): voting, saving, reporting,
/// deleting, editing (with `validate_on_submit`), checking a field of a post before submitting
/// it, and a raw request for a page that redirects.
extension FixtureRoutes {
    static let other: [FixtureRoute] = [
        FixtureRoute("vote", call: "Reddit.vote(_:on:)") { r throws(FixtureRouteError) in
            let dir = try r.field("dir")
            guard let vote = Int(dir).flatMap(Vote.init(rawValue:)) else { throw .unsupported("dir=\(dir)") }
            return FixtureCall(Reddit.vote(vote, on: try r.fullname("id")))
        },
        FixtureRoute("save", call: "Reddit.save(_:category:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.save(try r.fullname("id"), category: r.optionalField("category")))
        },
        byFullname("unsave", "Reddit.unsave(_:)", Reddit.unsave),
        byFullname("del", "Reddit.delete(_:)", Reddit.delete),
        FixtureRoute("report", call: "Reddit.report(_:reason:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.report(try r.fullname("id"), reason: try r.field("reason")))
        },
        FixtureRoute("edit", call: "Reddit.edit(_:text:validateOnSubmit:), Reddit.edit(_:richText:validateOnSubmit:)") {
            r throws(FixtureRouteError) in
            let id = try r.fullname("thing_id")
            let validate = try r.optionalBool("validate_on_submit")
            let call: FixtureCall
            if r.optionalField("richtext_json") != nil {
                let richText = try r.embeddedJSON("richtext_json")
                call = FixtureCall(Reddit.edit(id, richText: richText, validateOnSubmit: validate ?? true))
            } else {
                call = FixtureCall(Reddit.edit(id, text: try r.field("text"), validateOnSubmit: validate ?? true))
            }
            return call.sendingDefaults([Field("validate_on_submit", "true")])
        },
        FixtureRoute(
            "unmapped/api_validate_submission_field",
            call: "Reddit.validateSubmissionField(_:subreddit:kind:title:text:)"
        ) { r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.validateSubmissionField(
                    try r.field("field"), subreddit: try r.field("sr"), kind: try r.field("kind"),
                    title: try r.field("title"), text: r.optionalField("text"))
            ).sendingDefaults([Field("show_error_list", "true")])
        },
        // prawcore's test of a 301: a page outside the API, asked for by hand.
        raw("unmapped/t_bird"),
    ]
}
