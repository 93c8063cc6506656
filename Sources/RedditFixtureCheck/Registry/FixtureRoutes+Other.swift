import Courier
import RedditAPI

/// The `other` area (actions on posts and comments alike): so far editing, with
/// `validate_on_submit`.
extension FixtureRoutes {
    static let other: [FixtureRoute] = [
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
        }
    ]
}
